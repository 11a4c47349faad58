"""Play mode: a UNO table in the page, against bots and/or pass-and-play.

Pure modules (no `js` import, unit-tested on CPython in tests/web_play/):
`config` (set-up: seats, rules, speed), `picker` (from a tapped card to one legal play),
`describe` (events and actions as catalogue phrases), `session` (the game, bot scheduling,
pass-and-play hand-off, undo, hints), `saved_game` (its saved form, checked), `table_state`
(`TableScreen`: what the table shows, as plain values) and `pages` (`render(screen)`: the table's
element tree, with `panels` and `parts` for its pieces).
The table's controller: `controller` (a person's intents), `bot_clock` (the bots' pace and their
decisions), `presenter` (from a screen to a frame: tree, announcements, cues), `game_file` (export and
import). Browser glue: `store` (the saves, `app.storage`), `hook` (the test hook), and the screens in
`app/screens/play_setup.py` and `app/screens/play_table.py`.
"""
