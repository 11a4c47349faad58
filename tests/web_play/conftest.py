"""Play mode's pure modules (web/engine/app/play/) on CPython: `app.play` imports from `web/` (pytest's pythonpath)."""
