"""Waiting on JS promises from the page's MicroPython, and their errors as text."""

from jsffi import create_proxy

try:  # noqa: SIM105 (MicroPython has no contextlib.suppress)
    from typing import Any
except ImportError:
    pass

_waiting: list[Any] = []  # the callbacks of promises not settled yet (kept referenced until then)


def error_text(error: Any) -> str:
    """A JS error as "Name: message" (MicroPython prints a JS object as "<JsProxy n>")."""
    name, message = getattr(error, "name", None), getattr(error, "message", None)
    if name or message:
        return (str(name) + ": " if name else "") + str(message or "")
    return str(error or "")


def when(promise: Any, done: Any, failed: Any = None) -> None:
    """Call `done(value)` once the JS `promise` resolves, `failed(error)` if it rejects. Promise callbacks, not
    asyncio: MicroPython's asyncio calls `setTimeout` with another `this` at times ("Illegal invocation",
    measured in Chromium), which left a save unanswered."""
    pair: list[Any] = []

    def settle(handler: Any) -> Any:
        def call(value: Any = None) -> None:
            if pair in _waiting:
                _waiting.remove(pair)
            if handler is not None:
                handler(value)

        return create_proxy(call)

    pair.extend([settle(done), settle(failed)])
    _waiting.append(pair)
    promise.then(pair[0], pair[1])
