"""The page's side of the boundary: draws what the controllers send and sends back what the person does.

The messages are `shared.protocol`'s (checked by `ui.page` on receipt). From the controllers
(`Host.receive`): ``open`` shows a section of `<main>`; ``set`` sets marks, shows, hides or binds an element;
``draw`` sets a root's children (``html``, escaped and translated by the controllers, `app.tree.to_html`) or
applies their ``changes`` (`app.diff`: the elements stay; a drawing that does not fit asks ``redraw``). The
focus stays on the element that had it (same id, else same `data-focus`; `refocus` names where it goes when a
lost `data-focus` started with `prefix`) unless `focus` names another; `seen` is the last intent the
controllers had then: an older drawing moves no focus, and `fields` say what each field holds except one typed
in since (`ui.dom.sync`). ``effect`` does the rest (download, picture, go, share, pick, focus, announce, wake, jump,
top, cues for `ui.fx`). A ``go`` sets the location's hash of a route the controllers have shown already: its
``hashchange`` is not reported back.

To the controllers (`send(message, extra)`: `extra`, a JS object, is sent with the message as it is): an
``intent`` for a control with `data-act` (sent on its `data-on` event, click by default; `blind` when sent
before a message answered the page's previous intent; a file input sends its file's ``text``, empty when
larger than `MAX_FILE_BYTES`), a ``route`` when the person changes the location's hash, a ``lang`` after a
language switch, ``shared`` after a share.

Behaviour the pages ask for by attributes, so no screen needs code here: `data-next` on a field (Enter goes
to the next empty field matching that selector instead of submitting), `data-clear` on a form (its
submission empties its text fields at once: on a slow phone the next name's keys would land after the last
one before the drawing came; the drawing then says what they hold, a refused name comes back), `data-roving`
on a container (arrow keys, Home and End move the focus between its `data-roving` children), `data-shortcut`
on a button (that key presses it), `data-fullscreen` on a button (its tap asks for the whole screen, "on", or leaves it,
"off": only a tap may ask), `data-duration-ms` and `data-delay-ms` (the element's animation lasts that long, and
starts after that long, or that far in when negative: the page's policy refuses `style` attributes).
"""

from jsffi import create_proxy, to_js

from shared import protocol
from ui import dom
from ui.fx import Fx
from ui.journal import Journal
from ui.keys import Keys
from ui.promises import error_text, when
from ui.wake import WakeLock

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:
    pass

MAX_FILE_BYTES = 2_000_000

EVENTS = ("click", "input", "change", "submit")


class Host:
    """One per page: `receive(message)` draws, the listeners on `#screen` call `send(message)`."""

    def __init__(self, window: Any, send: Any) -> None:
        window = window.self  # the global object itself: MicroPython's `window` calls its own methods with
        self.window = window  # another `this` ("Illegal invocation" from addEventListener, setTimeout...)
        self.document = window.document
        self.send = send
        self.proxies: list[Any] = []
        self.wake = WakeLock(window)
        self.sent = 0  # the number of the last intent sent (`ui.journal`)
        self.drawn = 0  # the number of the last intent the messages shown so far answered (their `seen`)
        self.focused_at_send: Any = None  # the page's focused element when the last intent was sent
        self.handlers: dict[str, Any] = {}  # page-side handlers of other messages (`on`)
        self.journal = Journal(window)  # what was typed and not saved yet (survives a reload)
        self.fx: Any = None  # the table's motion and sound (`ui.fx`), made on the first cues
        self.going: Any = None  # the hash an effect's `go` set, whose hashchange the controllers know of
        self.adopting = False  # the message being taken is on the page already (`ui.page.Engine.take`): adopt it
        self.adoption: Any = None  # while adopting: the screen's tree built detached, to compare with the page's
        self.area = self.document.getElementById("screen")
        on_event = create_proxy(self.on_event)  # one proxy for the four: each costs a crossing at start
        self.proxies.append(on_event)
        for name in EVENTS:
            self.area.addEventListener(name, on_event)
        self.keys = Keys(self.area)
        self._listen(self.document, "keydown", self.keys.on_key)  # shortcuts work wherever the focus is
        self._listen(window, "hashchange", self.on_hash)
        self._listen(window, "uno:lang", lambda event: self.send(*self.language()))
        self._listen(self.document, "visibilitychange", lambda event: self.on_visibility())

    def on_visibility(self) -> None:
        """Shown again: the wake lock back. Hidden (another app, a closed tab): the controllers write what waits."""
        if str(self.document.visibilityState) == "hidden":
            self.send({"op": "hidden"})
        else:
            self.wake.request()
            self.send({"op": "shown"})

    def _listen(self, target: Any, name: str, handler: Any) -> None:
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        target.addEventListener(name, proxy)

    def on_hash(self, event: Any) -> None:
        going, self.going = self.going, None
        if str(self.window.location.hash) != going:  # the person's (back button, a link): the controllers follow
            self.send({"op": "route", "hash": str(self.window.location.hash)})

    def on(self, op: str, handler: Any) -> None:
        """Hand the controllers' `op` messages to `handler` (another part of the page's side: the saves)."""
        self.handlers[op] = handler

    def language(self) -> Any:
        """``{"op": "lang", "lang": ...}`` and, to send with it as it is (a JS object), ``catalogue``: the
        shell's language and its texts."""
        shell = self.window.unoShell
        catalogue = shell.catalogue or self.window.Object.new()
        return {"op": "lang", "lang": str(shell.lang)}, dom.js_object(self.window, catalogue=catalogue)

    # ----- from the controllers --------------------------------------------------------------------

    def receive(self, message: Any) -> None:
        op = message.get("op")
        seen = message.get("seen")
        if isinstance(seen, int) and seen > self.drawn:  # a drawing or focus answering that intent
            self.drawn = seen
        if op == "open":
            self.open(message)
        elif op == "set":
            self.set(message)
        elif op == "draw":
            self.draw(message)
        elif op == "effect":
            self.effect(message)
        elif op in self.handlers:
            self.handlers[op](message)

    def open(self, message: Any) -> None:
        for section in self.document.querySelectorAll("main > section.screen"):
            section.hidden = True
        section = self.document.getElementById(message["section"])
        if not section:
            return
        if message["section"] == "screen":
            tree = message.get("tree") or {}
            children = [dom.build(self.window, child) for child in tree.get("c", ())]
            if self.adopting:  # painted already: built aside, compared once its drawing is in (`draw`)
                self.adoption = self.document.createElement("div")
                self.adoption.append(*children)
                section.hidden = False
                return
            section.replaceChildren(*children)
        section.hidden = False
        if message.get("focus_main"):
            self.document.getElementById("main").focus()
        if message["section"] == "screen":
            self.window.scrollTo(0, 0)  # a new screen starts at its top (WebKit kept the last screen's scroll)

    def set(self, message: Any) -> None:
        marks = message.get("marks")
        if marks:
            for name in marks:
                self.document.documentElement.setAttribute("data-" + name, str(marks[name]))
        element = self.document.getElementById(message["id"]) if message.get("id") else None
        if not element:
            return
        label = message.get("label")
        if label:
            dom.bind(self.window, element, label["key"], label.get("args") or {})
        if "hidden" in message:
            element.hidden = bool(message["hidden"])

    def draw(self, message: Any) -> None:
        root = self.document.getElementById(message["root"])
        if not root:
            return
        active = self.document.activeElement
        had_id = str(active.id or "") if active and root.contains(active) else ""
        had_key = str(active.getAttribute("data-focus") or "") if active and root.contains(active) else ""
        if "changes" in message:  # the last drawing's elements stay (app.diff)
            try:
                dom.morph(self.window, root, message["changes"])
            except Exception as error:  # the page is not what the controllers drew last: ask for it whole
                self.window.console.warn("uno page: redrawing " + str(message["root"]) + " whole: " + str(error))
                self.send({"op": "redraw", "root": message["root"]})
                return
            seen = message.get("seen")  # the fields hold what the drawing says, unless the person is ahead
            if not dom.sync(root, message.get("fields", ()), seen if isinstance(seen, int) else self.sent, active):
                self.window.console.warn("uno page: the fields of " + str(message["root"]) + " are not the drawing's")
        elif self.adoption is not None:
            root = self.adopt(message)
        else:  # whole, as HTML text escaped by the controllers (`app.tree.to_html`): one call into the page
            attrs = message.get("attrs") or {}
            for name in attrs:
                root.setAttribute(name, attrs[name])
            root.innerHTML = message["html"]
        shell = self.window.unoShell
        lang = message.get("lang")  # the texts of its HTML, whole or in changes
        if lang and str(lang) != str(shell.lang):  # drawn before a language switch reached the worker
            shell.applyI18n(root)
        for element in root.querySelectorAll("[data-duration-ms], [data-delay-ms]"):
            duration, delay = element.getAttribute("data-duration-ms"), element.getAttribute("data-delay-ms")
            if duration is not None:
                element.style.animationDuration = str(duration) + "ms"
            if delay is not None:
                element.style.animationDelay = str(delay) + "ms"
        live = message.get("live")
        if live and live["text"]:
            region = self.document.getElementById(live["region"])
            if region:
                region.textContent = live["text"]
        target = None
        if message.get("focus") and self.may_focus(message):
            target = root.querySelector(message["focus"])
        elif had_id:
            target = self.document.getElementById(had_id)
        elif had_key:
            target = root.querySelector('[data-focus="' + had_key + '"]')
            refocus = message.get("refocus")
            if not target and refocus and had_key.startswith(refocus["prefix"]):
                target = root.querySelector(refocus["selector"])
        if target:
            target.focus()

    def adopt(self, message: Any) -> Any:
        """The first drawing, painted before this page listened (web/page/guest-prepaint.mjs): drawn here aside, into
        the screen's tree built by `open`; the page's nodes are kept when they are the same HTML (nothing drawn
        twice, a tap's state kept), else replaced by this drawing (said on the console). Returns the page's root."""
        holder, self.adoption = self.adoption, None
        screen = self.document.getElementById("screen")
        root = holder.querySelector('[id="' + str(message["root"]) + '"]')
        if root:
            attrs = message.get("attrs") or {}
            for name in attrs:
                root.setAttribute(name, attrs[name])
            root.innerHTML = message["html"]
        if not root or str(holder.innerHTML) != str(screen.innerHTML):
            self.window.console.warn("uno page: the first drawing painted before Python differs: drawn again")
            screen.replaceChildren(*[node for node in holder.childNodes])
        return self.document.getElementById(message["root"])

    def current(self, message: Any) -> bool:
        """Whether `message` answers the last intent sent: a focus asked for an earlier one is not moved, or a
        late drawing (a slow phone, a busy worker) would take the focus from the field typed in since."""
        seen = message.get("seen")
        return not isinstance(seen, int) or seen >= self.sent

    def may_focus(self, message: Any) -> bool:
        """Whether the focus `message` asks for (a drawing's or an effect's) may be moved: it answers the last intent
        (`current`) and the person has not put the focus on another element since that intent was sent (a tap on a
        field sends no intent), or a late answer (a slow phone, a busy worker) would take the focus from the field
        they are about to type in."""
        if not self.current(message):
            return False
        if not isinstance(message.get("seen"), int) or not self.sent:
            return True
        active = self.document.activeElement
        return not active or active == self.document.body or active == self.focused_at_send

    def effect(self, message: Any) -> None:
        announce = message.get("announce")
        if announce:
            self.announce(announce["region"], announce["text"])
        download = message.get("download")
        if download:
            self.download(download["name"], download["text"], download["type"])
        picture = message.get("picture")
        if picture:
            self.picture(picture["name"], picture["svg"])
        if message.get("go"):
            if str(self.window.location.hash) != message["go"]:
                self.going = message["go"]  # the controllers show it already: its hashchange is not reported
                self.window.location.hash = message["go"]
            return
        if message.get("focus") and self.may_focus(message):
            target = self.document.getElementById(message["focus"])
            if target:
                target.focus()
        if message.get("share"):
            self.share(message["share"])
        if message.get("pick"):
            picker = self.document.getElementById(message["pick"])
            if picker:
                picker.click()
        if "wake" in message:
            self.wake.set(bool(message["wake"]))
        if message.get("jump"):
            self.jump(message["jump"])
        elif message.get("top"):
            self.window.scrollTo(0, 0)
        if "cues" in message:
            self.cues(message)

    def cues(self, message: Any) -> None:
        """The table's cues (`ui.fx`, made on the first)."""
        if self.fx is None:
            self.fx = Fx(self.window)
        self.fx.run(message)

    def jump(self, ident: str) -> None:
        """Scroll to the element `ident` and focus its first heading."""
        target = self.document.getElementById(ident)
        if not target:
            return
        heading = target.querySelector("h2, h3")
        target.scrollIntoView(dom.to_js(self.window, {"block": "start"}))
        if heading:
            heading.focus(dom.to_js(self.window, {"preventScroll": True}))

    def announce(self, region_id: str, text: str) -> None:
        region = self.document.getElementById(region_id)
        if not region:
            return
        region.textContent = ""
        self.window.unoShell.later(create_proxy(lambda: setattr(region, "textContent", text)), 120)

    def download(self, name: str, text: str, kind: str) -> None:
        window = self.window
        blob = window.Blob.new(to_js([text]), dom.to_js(window, {"type": kind}))
        url = window.URL.createObjectURL(blob)
        link = self.document.createElement("a")
        link.href = url
        link.download = name
        link.hidden = True
        self.document.body.append(link)
        link.click()
        link.remove()
        window.unoShell.later(create_proxy(lambda: window.URL.revokeObjectURL(url)), 10_000)

    def picture(self, name: str, svg: str) -> None:
        """An SVG drawn into a PNG (web/page/picture.mjs): the share sheet where it takes files, else a download."""

        def tell(how: Any) -> None:
            if str(how) != "closed":
                self.send({"op": "shared", "how": str(how)})

        try:
            when(self.window.unoShell.picture(svg, name), tell, lambda error: tell("failed"))
        except Exception:  # no shell here
            tell("failed")

    def share(self, text: str) -> None:
        """The share sheet, else the clipboard, else the page shows the text to copy by hand."""
        navigator = self.window.navigator

        def tell(how: str) -> None:
            self.send({"op": "shared", "how": how, "text": text})

        def copy(error: Any = None) -> None:
            if "AbortError" in error_text(error):
                return  # the person closed the share sheet
            if not getattr(navigator, "clipboard", None):
                tell("failed")
                return
            try:
                when(navigator.clipboard.writeText(text), lambda value: tell("copied"), lambda error: tell("failed"))
            except Exception:  # no clipboard here
                tell("failed")

        if not getattr(navigator, "share", None):
            copy()
            return
        try:
            when(navigator.share(dom.to_js(self.window, {"text": text})), lambda value: tell("shared"), copy)
        except Exception as error:  # refused at once (not a user gesture...)
            copy(error)

    # ----- to the controllers --------------------------------------------------------------------------

    def on_event(self, event: Any) -> None:
        kind = str(event.type)
        target = event.target.closest("[data-act]") if getattr(event.target, "closest", None) else None
        if not target or not self.area.contains(target):
            return
        if kind != str(target.getAttribute("data-on") or "click"):
            return
        if kind == "submit":
            event.preventDefault()
        tag = str(target.tagName)
        enabled = not getattr(target, "disabled", False) and str(target.getAttribute("aria-disabled") or "") != "true"
        if tag == "INPUT" and str(target.type) == "file":
            self.read_file(target)
            return
        value = str(target.value) if tag in ("INPUT", "TEXTAREA", "SELECT") else ""
        intent = self.intent(target, {"value": value, "checked": bool(target.checked) if tag == "INPUT" else False})
        if intent is None:
            return
        intent["enabled"] = enabled
        intent["blind"] = self.drawn < self.sent
        self.sent = self.journal.number(intent, kind)
        if tag in ("INPUT", "TEXTAREA", "SELECT"):  # what the controllers now know it holds (`dom.sync`)
            dom.sent(target, value, self.sent)
            if str(target.type) == "radio":  # the others of its group changed with it
                for other in self.area.querySelectorAll('input[type="radio"]'):
                    if str(other.name) == str(target.name):
                        dom.sent(other, str(other.value), self.sent)
        self.focused_at_send = self.document.activeElement
        self.send(intent)
        whole = target.getAttribute("data-fullscreen")
        if whole is not None:
            self.fullscreen(str(whole) == "on")
        if kind == "submit" and target.hasAttribute("data-clear"):
            for field in target.querySelectorAll('input[type="text"], textarea'):
                field.value = ""
                dom.sent(field, "", self.sent)  # as if sent: the drawing answering this submission sets it

    def fullscreen(self, on: bool) -> None:
        """The whole screen for a big screen, where the browser has it (an iPhone does not: the page stays as it is)."""
        document, quiet = self.document, lambda value: None
        try:
            if on and not document.fullscreenElement and getattr(document.documentElement, "requestFullscreen", None):
                when(document.documentElement.requestFullscreen(), quiet, quiet)
            elif not on and document.fullscreenElement:
                when(document.exitFullscreen(), quiet, quiet)
        except Exception:  # refused at once: the big screen is drawn all the same
            pass

    def intent(self, target: Any, given: "dict[str, Any]") -> "dict[str, Any] | None":
        """The intent of `target`'s `data-act`: each field the act takes (`protocol.INTENTS`) from the control's
        `data-<field>` attribute, read by the field's type, else from `given` (a field's value, a checkbox's state, a
        file's text); None, and a console error, if that is not an intent (a page that sends what no screen reads is
        a bug to see, not a message to send)."""
        act = str(target.getAttribute("data-act"))
        intent: dict[str, Any] = {"op": "intent", "act": act}
        kind = protocol.INTENTS.kinds.get(act)
        for fields in (kind.required, kind.optional) if kind is not None else ():
            for name in fields:
                written = target.getAttribute("data-" + name)
                if written is not None:
                    intent[name] = fields[name].parse(str(written))
                elif name in given:
                    intent[name] = given[name]
        why = protocol.check(intent, protocol.PAGE)
        if why:
            self.window.console.error("uno page: intent not sent (" + why + ")")
            return None
        return intent

    def read_file(self, picker: Any) -> None:
        files = picker.files
        if not files or not files.length:
            return
        chosen = files.item(0)

        def chosen_text(text: Any) -> None:
            picker.value = ""
            intent = self.intent(picker, {"text": str(text or "")})
            if intent is not None:
                self.send(intent)

        if int(chosen.size) > MAX_FILE_BYTES:
            chosen_text("")
        else:
            when(chosen.text(), chosen_text, lambda error: chosen_text(""))
