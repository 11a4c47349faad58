"""The browser app: thin Python screens over `uno_core` and `scorekeeper` (holds no rule).

Loaded by PyScript: `main.py` is the entry script; the rest lands in the virtual file
system as the package `app` (see `pyscript.json`, written by tools/build.py).
"""
