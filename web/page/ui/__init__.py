"""The page's side of the boundary: code that runs on the main thread and only draws plain data
and sends intents. Written in the Python that MicroPython runs too (no `__future__`, `typing` only for the
type checker, no dataclasses, no reliance on dict order): the main thread's interpreter is to be
MicroPython, while the engine, the bots and the controllers run in Pyodide in a worker."""
