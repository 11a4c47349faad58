"""Where both modes keep their saves: IndexedDB first, `localStorage` as mirror and fallback.

The layers, from the disk up (one save is a JSON string under a key such as `uno.score.library`):
- `web/page/saves.js` (page): the only code that touches IndexedDB; also `winner`, for the scripts that paint
  before Python.
- `ui.saves` (page's MicroPython): reads the records at start, carries out the worker's writes.
- `storage.core` (worker, pure): the keys, the record format and `Saves`, the write-through cache
  (falling back to `localStorage`); unit-tested on CPython in tests/web_storage/.
- `storage.opening` (worker, pure): what the saves start with (`plan_start`: migration, which copy wins).
- `storage.page_saves` (worker): `PageStorage` opens the one `Saves` on what the page sent;
  `page_saves.saves()` is how both modes reach it.
- `storage.backup` (worker, pure): one export file of every save.
- `score.store`, `play.store`: what each mode keeps under its keys.
"""
