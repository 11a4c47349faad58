"""The screen wake lock: kept while a screen asks for it (a sheet being kept), asked again when the page is shown."""

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

    def request(self) -> None:
        if not self.wanted or str(self.document.visibilityState) != "visible":
            return
        root = self.document.documentElement
        lock = getattr(self.window.navigator, "wakeLock", None)
        if not lock:
            root.dataset.wakeLock = "unsupported"
            return

        def refused(error: Any) -> None:  # battery saver, not visible...: stay quiet
            root.dataset.wakeLock = "refused"

        def got(sentinel: Any) -> None:
            if not self.wanted:
                sentinel.release()
                return
            self.sentinel = sentinel
            root.dataset.wakeLock = "on"

        try:
            when(lock.request("screen"), got, refused)
        except Exception as error:
            refused(error)
