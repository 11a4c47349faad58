"""Where both modes keep their saves: IndexedDB first, `localStorage` as mirror and fallback (issue 19).

Pure: `core` (the `Saves` write-through cache, start-up plan: migration, conflicts, fallback) and
`backup` (one export file of every save), unit-tested on CPython in tests/web_storage/.
Browser glue: `browser` (IndexedDB through `web/saves.js`, `localStorage`, the warning banner).
"""
