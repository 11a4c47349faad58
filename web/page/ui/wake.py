"""The screen wake lock: kept while a screen asks for it (a sheet being kept, a table of phones), asked again when the
page is shown. Where the browser refuses it, a line says so (`#wake-note`): the phone may lock its screen."""

from ui.promises import when

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:
    pass


class WakeLock:
    """`<html data-wake-lock="on|off|refused|unsupported">` says where it is."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.document = window.document
        self.sentinel: Any = None
        self.wanted = False

    def set(self, wanted: bool) -> None:
        if wanted and self.wanted and self.sentinel:
            return  # held already
        self.wanted = wanted
        if wanted:
            self.request()
            return
        sentinel, self.sentinel = self.sentinel, None
        if sentinel:
            try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
                sentinel.release()
            except Exception:  # already released by the browser
                pass
        self.document.documentElement.dataset.wakeLock = "off"
        self.note(False)

    def note(self, shown: bool) -> None:
        """The line that says this phone may lock its screen (the browser refused the lock)."""
        line = self.document.getElementById("wake-note")
        if line:
            line.hidden = not shown

    def request(self) -> None:
        if not self.wanted or str(self.document.visibilityState) != "visible":
            return
        root = self.document.documentElement
        lock = getattr(self.window.navigator, "wakeLock", None)
        if not lock:
            root.dataset.wakeLock = "unsupported"
            self.note(True)
            return

        def refused(error: Any) -> None:  # battery saver, not visible...
            root.dataset.wakeLock = "refused"
            self.note(self.wanted)

        def got(sentinel: Any) -> None:
            if not self.wanted:
                sentinel.release()
                return
            self.sentinel = sentinel
            root.dataset.wakeLock = "on"
            self.note(False)

        try:
            when(lock.request("screen"), got, refused)
        except Exception as error:
            refused(error)
