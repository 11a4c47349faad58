"""The page's side of the saves (`app.storage.page_saves` is the other): reads what `web/page/saves.js` (IndexedDB) and
`localStorage` hold at start, carries out the writes the controllers send and answers once IndexedDB's
transaction has completed. A completed write is this side's to show and tell: `<html data-saves="saving|saved"
data-saves-commits="N">` and the footer's line follow the writes, the keys in its ``mirror`` are copied to
`localStorage`, and the other tabs hear which keys changed; theirs are brought in. Values the controllers hold back
(``saves-hold``) go to `web/page/saves.js`, which copies them with the writes in flight if the page goes first.
Runs in MicroPython and Pyodide."""

from jsffi import create_proxy

from ui import dom
from ui.dom import to_js, to_py
from ui.journal import RECORD_PREFIX
from ui.promises import error_text, when

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:
    pass

CHANNEL = "uno-saves"  # each tab says which keys it has committed; the others read them again
PREFIX = "uno."  # the app's localStorage keys


def local_items(window: Any) -> dict[str, str]:
    """The app's `localStorage` entries (empty when the browser blocks it)."""
    items: dict[str, str] = {}
    try:
        storage = window.localStorage
        for index in range(int(storage.length)):
            key = str(storage.key(index))
            if key.startswith(PREFIX):
                items[key] = str(storage.getItem(key))
    except Exception:  # storage blocked by the browser
        return {}
    return items


def hello(window: Any, then: Any) -> None:
    """Call `then(saves, journal)` with what the saves start from: `saves` a JS object {records: {key: record}
    | null, error: why none, local: {...}} sent to the controllers as it is (a library of many sheets is big),
    `journal` the typing journal's records (`ui.journal`), taken out of it."""
    api = getattr(window, "unoSaves", None)

    def answer(records: Any, error: str) -> None:
        journal = journal_records(window, records) if records is not None else {}
        then(dom.js_object(window, records=records, error=error, local=dom.to_js(window, local_items(window))), journal)

    def read(value: Any) -> None:
        if window.Reflect.has(value, "records"):
            answer(value.records, "")
        else:
            answer(None, error_text(value.error) or "IndexedDB unavailable")

    if not api:
        answer(None, "web/page/saves.js did not load")
        return
    when(api.read(), read, lambda error: answer(None, error_text(error) or "IndexedDB unavailable"))


def journal_records(window: Any, records: Any) -> "dict[str, Any]":
    """Take the typing journal's records (``uno.typing.*``) out of `records` (a JS object)."""
    taken = {}
    keys = window.Object.keys(records)
    for index in range(int(keys.length)):
        key = str(keys[index])
        if key.startswith(RECORD_PREFIX):
            taken[key] = dom.to_py(window, window.Reflect.get(records, key))
            window.Reflect.deleteProperty(records, key)
    return taken


class PageSaves:
    """Carries out the controllers' save messages (`receive`), sends answers and news with `send`."""

    def __init__(self, window: Any, send: Any, journal: Any = None) -> None:
        self.window = window
        self.send = send
        self.journal = journal  # what was typed and not saved yet (`ui.journal`): told what each write holds
        self.proxies: list[Any] = []
        self.commits = 0  # writes completed since the start (the worker's first write is the first)
        self.writing = 0  # writes sent to IndexedDB and not completed yet
        self.channel: Any = None
        if getattr(window, "BroadcastChannel", None):
            self.channel = window.BroadcastChannel.new(CHANNEL)
            proxy = create_proxy(self.on_news)
            self.proxies.append(proxy)
            self.channel.onmessage = proxy
        button = window.document.getElementById("save-export")
        if button:
            proxy = create_proxy(lambda event: self.send({"op": "saves-export"}))
            self.proxies.append(proxy)
            button.addEventListener("click", proxy)

    def receive(self, message: Any) -> None:
        op = message.get("op")
        if op == "saves-write":
            self.write(message)
        elif op == "saves-hold":  # shown, written later: kept by web/page/saves.js in case the page goes first
            api = getattr(self.window, "unoSaves", None)
            if api:
                api.hold(to_js(self.window, message.get("puts") or {}))
        elif op == "local":
            self.write_local(message)

    def write(self, message: Any) -> None:
        """Write, then answer once the transaction has completed (a quota or a closed database is answered
        as an error: the controllers fall back)."""

        upto = message.get("upto")
        puts = dict(message.get("puts") or {})
        deletes = list(message.get("deletes") or [])
        keys = sorted(list(puts) + deletes)  # what the other tabs hear of (not this tab's journal record)

        def answer(error: str) -> None:
            self.writing -= 1
            self.send({"op": "saves-written", "id": message.get("id"), "error": error})
            if error:
                return
            self.commits += 1
            self.mirror(message.get("mirror") or [], puts)
            if self.journal is not None:
                self.journal.confirmed(upto)
            if self.channel:
                self.channel.postMessage(to_js(self.window, keys))
            self.show("saving" if self.writing else "saved")

        if self.journal is not None and isinstance(upto, int):  # on disk with the data, or not at all
            key, record = self.journal.record(upto)
            puts[key] = record
            deletes += self.journal.take_stale()
        self.writing += 1
        self.show("saving")
        try:
            written = self.window.unoSaves.write(to_js(self.window, puts), to_js(self.window, deletes))
        except Exception as failure:
            answer(error_text(failure) or "write failed")
            return
        when(written, lambda value: answer(""), lambda failure: answer(error_text(failure) or "write failed"))

    def show(self, state: str) -> None:
        """`<html data-saves data-saves-commits>` and the footer's line (a failure is the controllers' to show)."""
        root = self.window.document.documentElement
        root.setAttribute("data-saves", state)
        root.setAttribute("data-saves-commits", str(self.commits))
        line = self.window.document.getElementById("save-state")
        if line:
            dom.bind(self.window, line, "saves." + state, {})
            line.hidden = False

    def mirror(self, keys: Any, puts: Any) -> None:
        """Copy the written values of `keys` to `localStorage` (pictures shown before Python runs)."""
        for key in keys:
            try:
                if key in puts:
                    self.window.localStorage.setItem(key, puts[key]["data"])
                else:
                    self.window.localStorage.removeItem(key)
            except Exception as error:  # quota or blocked
                self.window.console.error("uno saves: localStorage refused " + key + ": " + str(error))

    def write_local(self, message: Any) -> None:
        storage = self.window.localStorage
        values = message.get("set") or {}
        for key in values:
            try:
                storage.setItem(key, values[key])
            except Exception as error:  # quota or blocked
                self.window.console.error("uno saves: localStorage refused " + key + ": " + str(error))
        for key in message.get("remove") or []:
            try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
                storage.removeItem(key)
            except Exception:  # blocked: nothing to remove
                pass

    def on_news(self, event: Any) -> None:
        keys = to_py(self.window, event.data) if event.data else []
        if keys:
            self._take(keys)

    def _take(self, keys: Any) -> None:
        def got(records: Any) -> None:
            self.send({"op": "saves-others"}, dom.js_object(self.window, records=records))

        def failed(error: Any) -> None:  # the other tab's copy stays on disk; this tab goes on with its own
            self.window.console.warn("uno saves: could not read another tab's saves: " + str(error))

        self.window.unoSaves.getMany(to_js(self.window, keys)).then(create_proxy(got), create_proxy(failed))
