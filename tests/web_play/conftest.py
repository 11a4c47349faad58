"""Play mode's pure modules (web/app/play/) on CPython: `app.play` imports from `web/` (pytest's pythonpath)."""
