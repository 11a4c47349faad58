"""The page's entry (MicroPython on the main thread): start the engine worker (Pyodide, web/app-worker.mjs),
draw what it sends (`ui.host`), keep the saves (`ui.saves`), answer the test hook `window.unoPlay`, and tell
the shell when the app is ready. Nothing heavy runs here: the engine, the bots and the controllers are in
the worker."""

import json

from pyscript import window as page_window
from pyscript.ffi import create_proxy

from ui.host import Host, spawn
from ui.saves import PageSaves, hello

window = page_window.self  # the global object itself (MicroPython's `window` calls its methods with another `this`)

class Engine:
    """The worker and the messages to and from it (one JSON text each)."""

    def __init__(self) -> None:
        url = str(window.document.body.getAttribute("data-worker"))  # web/app-worker.mjs, next to Pyodide
        self.worker = window.Worker.new(url, window.JSON.parse('{"type": "module"}'))
        self.proxies = [create_proxy(self.on_message), create_proxy(self.on_error)]
        self.worker.addEventListener("message", self.proxies[0])
        self.worker.addEventListener("error", self.proxies[1])
        self.host = None
        self.saves = None
        self.play_state = "null"
        self.waiting = {}
        self.last = 0

    def send(self, message):
        self.worker.postMessage(json.dumps(message))

    def on_error(self, event):
        event.preventDefault()
        window.unoShell.fail("engine worker: " + str(getattr(event, "message", "") or "failed to start"))

    def on_message(self, event):
        message = json.loads(str(event.data))
        op = message.get("op")
        if op == "ready":
            window.unoShell.ready(window.JSON.parse(json.dumps({"loadPath": message.get("loadPath", "files"),
                                                                 "engineVersion": message.get("engineVersion")})))
        elif op == "fatal":
            window.unoShell.fail(str(message.get("error")))
        elif op == "progress":
            window.unoShell.progress(str(message.get("stage")))
        elif op == "play-state":
            self.play_state = str(message.get("state"))
        elif op == "hook-answer":
            resolve = self.waiting.pop(message.get("id"), None)
            if resolve:
                resolve(message.get("result"))
        elif self.host:
            self.host.receive(message)

    def hook(self, name, arg):
        """A promise of the worker's answer to `window.unoPlay[name](arg)`."""
        self.last += 1
        ident = self.last

        def executor(resolve, reject):
            self.waiting[ident] = resolve
            self.send({"op": "hook", "id": ident, "name": name, "arg": str(arg or "")})

        return window.Promise.new(create_proxy(executor))


def install_hooks(engine):
    hook = window.Object.new()
    hook.start = create_proxy(lambda spec: engine.hook("start", spec))
    hook.state = create_proxy(lambda *args: engine.play_state)
    hook.setup = create_proxy(lambda *args: engine.hook("setup", ""))
    window.unoPlay = hook


async def main():
    engine = Engine()
    host = Host(window, engine.send)
    saves = PageSaves(window, engine.send)
    for op in ("saves-write", "local", "saves-tell"):
        host.on(op, saves.receive)
    engine.host, engine.saves = host, saves
    install_hooks(engine)
    language = host.language()
    engine.send({"op": "start", "hash": str(window.location.hash), "lang": language["lang"],
                 "catalogue": language["catalogue"], "saves": await hello(window)})


spawn(main())
