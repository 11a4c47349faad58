"""The page's side, started by web/ui-start.mjs (MicroPython on the main thread): talk to the engine worker
(Pyodide, web/engine/app-worker.mjs, started by web/page/engine-start.js, which also holds the test hook
`window.unoPlay`), draw what it sends (`ui.host`), keep the saves (`ui.saves`) and tell the shell when the
app is ready. Nothing heavy runs here: the engine, the bots and the controllers are in the worker; the
messages are `shared.protocol`'s, checked here on receipt."""

import json

import js
from jsffi import create_proxy

from shared import protocol
from ui.dom import to_js
from ui.host import Host
from ui.remote import Remote
from ui.saves import PageSaves, hello

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:
    pass

window = js.self  # the page's global object (web/ui-start.mjs runs this module)


class Engine:
    """The worker (started by web/page/engine-start.js) and the messages to and from it (one JSON text each)."""

    def __init__(self) -> None:
        started = window.unoEngine  # a worker that failed to start: the loading shell says so
        self.worker = getattr(started, "worker", None) if started else None
        self.host: Host | None = None
        self.proxy = create_proxy(self.on_text)

    def listen(self) -> None:
        """Take the worker's messages for the page (web/page/engine-start.js routes them; it kept the early ones)."""
        if self.worker:
            window.unoEngine.listen(self.proxy)

    def send(self, message: "dict[str, Any]", extra: Any = None) -> None:
        """`message`, with `extra`'s entries (a JS object, kept out of MicroPython) added in JS."""
        if self.worker:  # through web/page/engine-start.js, which counts the intents for the test hook's "busy"
            seq = message.get("seq")
            window.unoEngine.send(json.dumps(message), seq if isinstance(seq, int) else 0, extra)

    def on_text(self, text: Any) -> None:
        """One message from the worker; one the protocol refuses is reported on the console and changes nothing."""
        text = str(text)
        try:
            message = json.loads(text)
        except Exception as error:  # not JSON
            window.console.error("uno page: malformed message from the engine: " + text[:80] + ": " + str(error))
            return
        why = protocol.check(message, protocol.ENGINE)  # a batch's messages with it: all or nothing
        if why:
            window.console.error("uno page: message refused (" + why + "): " + text[:80])
            return
        self.take(message)

    def take(self, message: "dict[str, Any]", painted: bool = False) -> None:
        """One checked message from the engine (the worker's, or the host's across the table: `ui.remote`);
        `painted`: its drawing is on the page already (web/page/guest-prepaint.mjs), to adopt (`Host.adopting`)."""
        if self.host:
            self.host.adopting = painted
        try:
            self.dispatch(message["op"], message)
        except Exception as error:  # a field that is not what its op needs
            window.console.error("uno page: message " + str(message["op"]) + " refused: " + str(error))
        finally:
            if self.host:
                self.host.adopting = False
                self.host.adoption = None

    def dispatch(self, op: Any, message: "dict[str, Any]") -> None:
        if op in protocol.LOADING or op in protocol.DIRECT:  # the shell's and web/page/engine-start.js's
            return
        if op == "ready":
            if self.host:
                self.host.journal.started()
            info = {"loadPath": str(message["loadPath"]), "engineVersion": str(message["engineVersion"])}
            window.unoShell.ready(to_js(window, info))
        elif op == "batch":
            messages = message["messages"]
            wakes = [index for index, one in enumerate(messages) if one["op"] == "effect" and "wake" in one]
            for index, one in enumerate(messages):
                if index in wakes[:-1]:  # a screen left and one shown: the wake lock follows the last only
                    one = {name: one[name] for name in one if name != "wake"}
                self.dispatch(one["op"], one)
        elif self.host:
            self.host.receive(message)


def main() -> None:
    engine = Engine()
    if getattr(window.unoEngine, "remote", False):
        guest(engine)
        return
    host = Host(window, engine.send)
    engine.host = host
    language, extra = host.language()  # extra: the catalogue, a JS object sent as it is
    saves = PageSaves(window, engine.send, host.journal)
    for op in ("saves-write", "saves-hold", "local"):
        host.on(op, saves.receive)
    engine.listen()

    def started(saves: Any, journal: "dict[str, Any]") -> None:
        typing = host.journal.pending(journal)
        message = {"op": "start", "hash": str(window.location.hash), "lang": language["lang"], "typing": typing}
        extra.saves = saves
        engine.send(message, extra)

    hello(window, started)


def guest(engine: Engine) -> None:
    """A guest phone: the host's engine draws (`ui.remote`); this page's saves are not the host's. The link's texts
    kept so far are taken once `Host` listens; the taps made on a page painted before are replayed after them."""
    remote = Remote(window, engine.take)
    host = Host(window, remote.send)
    engine.host = host
    language = host.language()[0]
    remote.send({"op": "start", "hash": str(window.location.hash), "lang": language["lang"], "typing": []})
    remote.listen()
    window.unoShell.ready(to_js(window, {"loadPath": "guest", "engineVersion": ""}))
    window.unoEngine.replay()
