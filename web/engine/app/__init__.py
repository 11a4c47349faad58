"""The browser app: thin Python screens over `uno_core` and `scorekeeper` (holds no rule).

Runs in the engine worker (web/engine/app-worker.mjs unpacks `web/app.zip` into Pyodide's file system as the
package `app`; `app.worker` is its entry). The page's side is `web/page/ui/`.
"""
