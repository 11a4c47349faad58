"""Play mode: a UNO table in the page, against bots and/or pass-and-play.

Pure modules (no `js` import, unit-tested on CPython in tests/web_play/):
`config` (set-up: seats, rules, speed), `picker` (from a tapped card to one legal play),
`describe` (events and actions as catalogue keys + arguments), `session` (the game, bot
scheduling, pass-and-play hand-off, undo, hints, save/restore), `screen` (`TableScreen`: what the
table shows, as plain values) and `pages` (`render(screen)`: the table's element tree, with `panels`
and `view` for its pieces).
Browser glue: `store` (the saves, `app.storage`), `hook` (the test hook), and the screens in
`app/screens/play_setup.py` and `app/screens/play_table.py` (the table's controller).
"""
