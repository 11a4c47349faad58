"""uno_core: the UNO rules engine. Pure Python; runs on CPython 3.11+ and in Pyodide."""

from __future__ import annotations

__version__ = "0.1.0"
