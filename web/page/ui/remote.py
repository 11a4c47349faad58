"""A guest phone's engine is the host's, across the table (`ui.page` on a `#/table/join` route).

The page's messages (`shared.protocol`) cross the link in `shared.phones` envelopes, checked here with the same
checker the host uses: the page's own messages go as ``page`` (only those a guest's page may send), the host's
drawings come as ``engine``, a long one in ``part``s. web/page/guest.mjs holds the link (window.unoEngine's
`send`, `deliver`, `connect`) and draws the join section; this module numbers what it sends, refuses what is not
the host's or comes out of order, and keeps the link's pulse: a ``ping`` every `PING_MS` each way, and a link
silent for `SILENT_MS` is "reconnecting" (`<html data-link>`: live, reconnecting, lost, ended) while the last
drawing stays on screen, read-only. On a slow phone the link opens before this page listens: then
web/page/guest-prepaint.mjs has said hello and start (this side takes over its count) and painted the first drawing
(adopted by `ui.host.Host.adopt`). Runs in MicroPython.
"""

import json

from jsffi import create_proxy

from shared import phones

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:
    pass

PING_MS = 1000
SILENT_MS = 4000
TOKEN_KEY = "uno.guest.token"  # this tab's place at the host (sessionStorage: a reload keeps it)
SENT_OPS = ("start", "intent", "lang", "redraw", "hidden", "shown", "shared")  # what a guest's page tells the host


class Remote:
    """The host's engine as `ui.page` sees it: `send(message)` and, for each message of the host's page, `take`."""

    def __init__(self, window: Any, take: Any) -> None:
        self.window = window
        self.take = take  # ui.page's handler of one checked message from the engine
        self.started = window.unoEngine
        self.seq = 0  # the count of this side's messages on the link now open (from 1)
        self.last = 0  # the host's last count taken on it
        self.parts: dict[int, list[Any]] = {}
        self.start: dict[str, Any] | None = None  # the page's start, said again on every new link
        self.heard = 0.0
        self.state = "joining"
        self.token = self.stored_token()
        self.proxies: list[Any] = []
        self.ticker: Any = None

    def listen(self) -> None:
        """Take the link: its state, then the host's texts kept so far (on a slow phone the first drawing, painted
        already by web/page/guest-prepaint.mjs, is adopted), then each as it comes."""
        self.proxies = [create_proxy(self.on_text), create_proxy(self.opened), create_proxy(self.closed)]
        self.started.onOpen(self.proxies[1])
        self.started.onClose(self.proxies[2])
        self.started.listen(self.proxies[0])
        self.ticker = create_proxy(self.tick)
        self.window.setInterval(self.ticker, PING_MS)

    def now(self) -> float:
        return float(self.window.performance.now())

    def stored_token(self) -> "str | None":
        try:
            found = self.window.sessionStorage.getItem(TOKEN_KEY)
            return str(found) if found else None
        except Exception:  # storage blocked: a reload joins as a new phone
            return None

    def mark(self, state: str) -> None:
        """Where the link is: `<html data-link>`, and a line above the page while it is not live."""
        self.state = state
        document = self.window.document
        document.documentElement.setAttribute("data-link", state)
        line = document.getElementById("link-state")
        if not line:
            return
        line.hidden = state in ("live", "joining")
        if not line.hidden:
            key = "guest.link_" + state + ("_play" if document.getElementById("play") else "")  # a game, or a sheet
            line.setAttribute("data-i18n", key)
            line.textContent = str(self.window.unoShell.t(key))

    # ----- to the host -----------------------------------------------------------------------------------------

    def send(self, message: "dict[str, Any]", extra: Any = None) -> None:
        """A message of the page for the host's engine (`extra`, the page's catalogue and saves, stays here)."""
        op = message.get("op")
        if op == "start":  # the page's own saves and typing are not the host's
            start = {"op": "start", "hash": message["hash"], "lang": message["lang"]}
            if self.state == "live" and start != self.start:
                self.post("page", message=start)
            self.start = start
        elif op in SENT_OPS and self.state == "live":
            self.post("page", message=message)

    def post(self, kind: str, **fields: Any) -> None:
        self.seq += 1
        envelope = {"v": phones.VERSION, "seq": self.seq, "kind": kind}
        envelope.update(fields)
        self.started.send(json.dumps(envelope))

    # ----- the link --------------------------------------------------------------------------------------------

    def opened(self, *args: Any) -> None:
        """A link to the host is open (a first one, or one made again with new codes): say who this phone is, unless
        web/page/guest-prepaint.mjs said it on this link before this page listened (`said`: its count and start)."""
        self.seq, self.last, self.parts = 0, 0, {}
        self.heard = self.now()
        self.mark("live")
        said = self.started.said
        if said:
            self.started.said = None  # its pulse stops: this side counts from here
            self.seq = int(said.seq)
            start = {"op": "start", "hash": str(said.start.hash), "lang": str(said.start.lang)}
            if self.start is not None and self.start != start:  # the language switched meanwhile
                self.post("page", message=self.start)
            elif self.start is None:
                self.start = start
            return
        self.post("hello", token=self.token)
        if self.start is not None:
            self.post("page", message=self.start)

    def closed(self, *args: Any) -> None:
        if self.state != "ended":
            self.mark("lost")

    def tick(self, *args: Any) -> None:
        if self.state not in ("live", "reconnecting"):
            return
        self.post("ping", at=int(self.now()))
        if self.state == "live" and self.now() - self.heard > SILENT_MS:
            self.mark("reconnecting")

    def on_text(self, text: Any) -> None:
        """One text from the host; one that is not a host's message in order is refused and changes nothing."""
        try:
            message = json.loads(str(text))
        except Exception:
            self.window.console.error("uno guest: not JSON from the host")
            return
        self.accept(message, True)

    def accept(self, message: Any, fresh: bool) -> None:
        """A message from the host (`fresh`: from the link itself, whose count must grow; else put together from
        parts already counted)."""
        why = phones.check(message, phones.HOST)
        if not why and message["v"] != phones.VERSION:
            why = "version " + str(message["v"])
        if not why and fresh and message["seq"] <= self.last:
            why = "seq " + str(message["seq"]) + " after " + str(self.last)
        if why:
            self.window.console.error("uno guest: refused a message from the host (" + why + ")")
            painted = self.started.painted
            if fresh and painted is not None and isinstance(message, dict) and message.get("seq") == painted:
                self.started.painted = None  # painted before this page listened: not left on the page
                self.window.document.getElementById("screen").replaceChildren()
            return
        if fresh:
            self.last = message["seq"]
            self.heard = self.now()
            if self.state == "reconnecting":
                self.mark("live")
        kind = message["kind"]
        if kind == "engine":
            painted = fresh and self.started.painted == message["seq"]  # painted before this page listened
            if painted:
                self.started.painted = None
            self.take(message["message"], painted)
        elif kind == "part":
            self.piece(message)
        elif kind == "welcome":
            self.token = message["token"]
            try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
                self.window.sessionStorage.setItem(TOKEN_KEY, self.token)
            except Exception:  # storage blocked: the token lives as long as the page
                pass
        elif kind == "ended":
            self.mark("ended")

    def piece(self, message: "dict[str, Any]") -> None:
        """A part of a long message (its fields as JSON text, cut): taken whole once its last part came."""
        ident, count, index = message["id"], message["count"], message["index"]
        parts = self.parts.setdefault(ident, [None] * count)
        if len(parts) != count or index >= count:
            self.parts.pop(ident, None)
            return
        parts[index] = message["text"]
        if any(part is None for part in parts):
            return
        del self.parts[ident]
        try:
            whole = json.loads("".join(parts))
        except Exception:
            self.window.console.error("uno guest: a message in parts that is not JSON")
            return
        if isinstance(whole, dict):
            whole["v"], whole["seq"] = message["v"], message["seq"]
        self.accept(whole, False)
