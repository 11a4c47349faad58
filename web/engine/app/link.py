"""The link between the controllers and the page's side of the boundary (`ui.page`, `ui.host`).

One `Link` per page the engine draws for (this phone's page; with a table of phones, each guest phone's too): it owns
what was drawn where, the language the page reads, and the page's messages. The messages are `shared.protocol`'s.
`to_page(message)` sends one (a root drawn again goes as its changes, `app.diff`); the page's messages go by their
`op`: to the handler the app registered for it (`handle`: a route change, a language switch, the saves' answers),
else to the receiver the open screen registered (`listen`: intents, shared). A message the protocol refuses is dropped
with the reason on stderr.

One turn, one crossing: what the controllers send while they answer one message from the page (and the tasks
that answer starts, such as a save's write) goes to the page as one ``batch``, once the worker's event loop has
run them (`attach`'s `later`). An effect's ``go`` is shown in the same turn (`navigate`, set by
`app.application.App`); the page only sets the location's hash and does not report it back.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any, Protocol, cast

from app import diff
from app.i18n import Texts
from app.tree import from_data, to_html
from shared import protocol
from shared.messages import FromPage, ToPage

Receiver = Callable[[FromPage], None]
Later = Callable[[Callable[[], None]], None]


class Host(Protocol):
    """The page as the link sees it: one message (or one ``batch``) per call, as plain JSON-ready data."""

    def receive(self, message: dict[str, Any]) -> None: ...


class Link:
    """Owns what was drawn where, the page's language, which intent the page sent last, and the turn's messages not
    sent yet."""

    def __init__(self) -> None:
        self.texts = Texts()  # the page's language and its catalogue (empty until the page sent them)
        self.host: Host | None = None
        self.later: Later | None = None  # runs a callback after the tasks started so far (None: send at once)
        self.receiver: Receiver | None = None
        self.handlers: dict[str, Receiver] = {}
        self.drawn: dict[str, Any] = {}  # root id -> the tree last drawn there
        self.drawn_in: dict[str, str] = {}  # root id -> the language it was last drawn in
        self.drawn_seen: dict[str, int] = {}  # root id -> the page's last intent answered by its last drawing
        self.seen = 0  # the number of the last intent from the page (`ui.journal`)
        self.outbox: list[dict[str, Any]] = []
        self.answering = False  # a message from the page is being handled: its messages wait for the batch
        self.flush_due = False
        self.going: str | None = None  # a route an effect's `go` named, shown before the batch goes
        self.navigate: Callable[[str], None] | None = None  # shows a route (`app.application.App.go`)
        self.replaying = False  # the page's messages being handled were made before it showed a screen (`replay`)

    def attach(self, host: Host, later: Later | None = None) -> None:
        """The page's side (an object with `receive(message)`); `later(callback)` batches each turn."""
        self.host, self.later = host, later
        self.drawn.clear()  # a new page has nothing drawn yet
        self.seen = 0
        self.outbox.clear()
        self.going = None

    def use_language(self, lang: str, table: Mapping[str, str]) -> None:
        """The page's language and its catalogue: what `texts` says from now on."""
        self.texts = Texts(lang, dict(table))

    def lang(self) -> str:
        return self.texts.lang

    def to_page(self, message: ToPage) -> None:
        """Send `message` to the page (a `shared.protocol` message from the engine; TypeError if it is not one).
        A drawing of a root drawn before goes as its changes: the page keeps its elements, and a field someone is
        typing in is not replaced under their fingers."""
        why = protocol.check(message, protocol.ENGINE)
        if why:
            raise TypeError(f"not a message for the page: {why}")
        sent: dict[str, Any] = dict(message)  # fields added here stay out of the caller's dict
        self._send_checked(sent)

    def _send_checked(self, message: dict[str, Any]) -> None:
        op = message["op"]
        if op == "draw":
            self._draw(message)
        elif op == "open":  # a section's content is replaced: whatever was drawn in it is gone
            self.drawn.clear()
        elif op == "saves-write":  # it holds what every intent so far changed: the page's journal may drop them
            message["upto"] = self.seen
        elif op == "effect" and "go" in message:
            self.going = message["go"]
        if op == "draw" or (op == "effect" and message.get("focus")):  # what the page did since, it keeps
            # (ui.host), and it knows which of its intents are answered
            message["seen"] = self.seen
        if op in protocol.DIRECT:  # JS on the page picks these out: after what came before, on their own
            self.flush()
            self._send(message)
            return
        self.outbox.append(message)
        if self.answering:
            return  # sent once the page's message is answered (`from_page`)
        if self.later is None:
            self.flush()
        elif not self.flush_due:
            self.flush_due = True
            self.later(self.flush)

    def _draw(self, message: dict[str, Any]) -> None:
        root, tree = message["root"], message.pop("tree")
        found = diff.changes(self.drawn[root], tree) if root in self.drawn else None
        lang = self.texts.lang
        if found is not None:
            if self.drawn_in.get(root) != lang:  # translated attributes are set once: set them again
                found += diff.retranslated(tree, self.texts.tr)
            message["changes"] = found
            message["fields"] = diff.fields(tree)  # what each field holds: set where it holds another (ui.dom.sync)
            if diff.as_html(tree, found, self.html):  # elements as HTML text: one call each on the page
                message["lang"] = lang
        else:  # whole: as HTML text, which the page sets in one call (not node by node through MicroPython)
            message["attrs"] = {name: value for name, value in tree.get("a", ()) if name != "id"}
            message["html"] = "".join(self.html(child) for child in tree.get("c", ()))
            message["lang"] = lang
        self.drawn[root] = tree
        self.drawn_in[root] = lang
        self.drawn_seen[root] = self.seen

    def unchanged(self, root: str, tree: Any) -> bool:
        """Whether drawing `tree` (data) at `root` would change nothing: the page shows it, in its language, and
        every intent the page sent has been answered by a drawing since."""
        return (
            self.drawn.get(root) == tree
            and self.drawn_in.get(root) == self.texts.lang
            and self.drawn_seen.get(root) == self.seen
        )

    def flush(self) -> None:
        """Show the route an effect named, then send what waits: one message alone, several as one batch."""
        self.flush_due = False
        self._go()
        waiting, self.outbox = self.outbox, []
        if len(waiting) > 1 and self.later is not None:
            self._send({"op": "batch", "messages": waiting})
        else:  # without `later` (tests on CPython): each as it is
            for message in waiting:
                self._send(message)

    def _go(self) -> None:
        """Show the route an effect's `go` named; what the new screen sends joins the batch."""
        while self.going is not None:
            going, self.going = self.going, None
            if self.navigate is not None:
                answering, self.answering = self.answering, True
                try:
                    self.navigate(going)
                finally:
                    self.answering = answering

    def _send(self, message: dict[str, Any]) -> None:
        if self.host is not None:
            self.host.receive(message)

    def _redraw(self, root: str) -> None:
        """The page could not apply a drawing's changes: send that root whole."""
        tree = self.drawn.pop(root, None)
        if tree is not None:  # forgotten first: it goes whole
            self.to_page({"op": "draw", "root": root, "tree": tree})

    def html(self, data: Any) -> str:
        """Tree data as escaped HTML text in the page's language (a whole drawing's children, changes' elements)."""
        return to_html(from_data(data), self.texts.tr)

    def handle(self, op: str, handler: Receiver) -> None:
        """Send the page's `op` messages to `handler` (whatever screen is open)."""
        self.handlers[op] = handler

    def listen(self, receiver: Receiver | None) -> None:
        """Send the page's messages to `receiver` (the open screen's controller), or nowhere."""
        self.receiver = receiver

    def from_page(self, message: Any) -> None:
        """A message from the page (fresh from its JSON text); one the protocol refuses is dropped with a warning."""
        why = protocol.check(message, protocol.PAGE)
        if why:
            print(f"uno: a message from the page that is not one ({why}): {str(message)[:80]!r}", file=sys.stderr)
            return
        self.answering = True
        try:
            self._dispatch(cast(FromPage, message))
            self._go()  # before the tasks the message started: the new screen's saves join their write
        finally:
            self.answering = False
        if self.later is None:
            self.flush()
        elif self.outbox:  # after the tasks this message started (a save's write)
            self.flush_due = True
            self.later(self.flush)

    def replay(self, messages: list[Any]) -> None:
        """Hand the page's `messages` made before it showed any screen (`app.application.App.start`) to their
        receivers, in order; meanwhile `replaying` says so (the person saw none of their answers)."""
        self.replaying = True
        try:
            for message in messages:
                self.from_page(message)
        finally:
            self.replaying = False

    def _dispatch(self, message: FromPage) -> None:
        op = message["op"]
        if message["op"] == "intent":
            self.seen = max(self.seen, message.get("seq", 0))
        if message["op"] == "redraw":
            self._redraw(message["root"])
            return
        handler = self.handlers.get(op)
        if handler is not None:
            handler(message)
        elif self.receiver is not None:
            self.receiver(message)
