"""Play mode: a UNO table in the page, against bots and/or pass-and-play.

Pure modules (no `js`/`pyscript` import, unit-tested on CPython in tests/web_play/):
`config` (set-up: seats, rules, speed), `picker` (from a tapped card to one legal play),
`describe` (events and actions as catalogue keys + arguments), `session` (the game, bot
scheduling, pass-and-play hand-off, undo, hints, save/restore).
Browser glue: `store` (the saves, `app.storage`), `view` (rendering), and the screens in
`app/screens/play_setup.py` and `app/screens/play_table.py`.
"""
