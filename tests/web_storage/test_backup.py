"""The one-file backup offered when saves may not survive (web/engine/app/storage/backup.py)."""

from __future__ import annotations

import json

from app.storage.backup import backup_name, backup_text, game_of, library_of, read_backup
from app.storage.core import PLAY_GAME, SCORE_LIBRARY


def test_a_backup_holds_the_library_and_the_game_as_data() -> None:
    text = backup_text({SCORE_LIBRARY: '{"sheets": []}', PLAY_GAME: '{"log": [1]}', "uno.score.drafts": "{}"}, 99)
    data = read_backup(text)
    assert data == {
        "format": "uno-backup",
        "version": 1,
        "exported": 99,
        "library": {"sheets": []},
        "game": {"log": [1]},
    }
    assert library_of(text) == {"sheets": []}
    assert json.loads(game_of(text)) == {"log": [1]}


def test_a_damaged_save_is_kept_as_text_and_missing_ones_are_null() -> None:
    data = read_backup(backup_text({SCORE_LIBRARY: "{broken"}, 1))
    assert data is not None and data["library"] == "{broken" and data["game"] is None


def test_other_files_are_not_backups() -> None:
    for text in ("", "[]", '{"format": "uno-backup", "version": 2}', '{"format": "uno-score-sheet"}'):
        assert read_backup(text) is None and library_of(text) is None
        assert game_of(text) == text  # a plain game file goes to the game import as it is


def test_the_file_name_says_when() -> None:
    assert backup_name(1_764_624_000_000) == "uno-backup-20251201-2120.json"
