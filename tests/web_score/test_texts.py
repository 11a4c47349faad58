"""The score keeper's sentences come from the catalogues (web/engine/app/score/texts.py): every error code of
`scorekeeper` has a text in both languages, and shares and announcements read as they should."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from score_ui_helpers import Translator

from app.score.texts import announcement_said, error_phrase, said_text, share_said
from app.tree import Translate, words
from scorekeeper import (
    Announcement,
    EntryError,
    Options,
    RoundDraft,
    ShareData,
    Sheet,
    announcement,
    new_sheet,
    share_data,
)
from scorekeeper.messages import MESSAGES
from uno_core.rules import Scoring

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Ana", "Ben", "Cy", "Dee")


def sheet_of(players: int, dealer: int = 0, **options: object) -> Sheet:
    return new_sheet(NAMES[:players], Options().replace(**options)).choose_dealer(dealer)


def draft(players: int, winner: int, totals: dict[int, int]) -> RoundDraft:
    result = RoundDraft.blank(players).with_winner(winner)
    for seat, total in totals.items():
        result = result.with_text(seat, str(total))
    return result


def played() -> Sheet:
    sheet = sheet_of(3, target=100, dealer=2).add_round(draft(3, 0, {1: 12, 2: 30}))
    return sheet.add_round(draft(3, 1, {0: 7, 2: 57}))


def error_text(error: EntryError, tr: Translate) -> str:
    return words(error_phrase(error), tr)


def share_text(data: ShareData, tr: Translate) -> str:
    return said_text(share_said(data), tr)


def announcement_text(item: Announcement, tr: Translate) -> str:
    return said_text(announcement_said(item), tr)


@pytest.fixture
def tr() -> Translator:
    return Translator()


def scorekeeper_codes() -> set[str]:
    """Every code `scorekeeper` raises (its own English table names them, and so does its source)."""
    raised = set()
    for path in (ROOT / "scorekeeper").glob("*.py"):
        raised |= set(re.findall(r'Error\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
        raised |= set(re.findall(r'code="([a-z_]+)"', path.read_text(encoding="utf-8")))
    return raised | set(MESSAGES)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_error_code_has_a_text(tr: Translator, lang: str) -> None:
    codes = scorekeeper_codes()
    assert len(codes) > 30
    missing = sorted(code for code in codes if f"score.err.{code}" not in tr.tables[lang])
    assert not missing


def test_an_error_reads_in_the_persons_language_with_its_parameters(tr: Translator) -> None:
    error = EntryError(code="not_a_number", seat=1, text="abc")
    assert error_text(error, tr) == "“abc” is not a whole number of points (or a sum such as 12+11+7)."
    tr.lang = "es"
    assert error_text(error, tr) == "«abc» no es un número entero de puntos (ni una suma como 12+11+7)."
    assert not tr.missing


def test_share_text_in_both_languages(tr: Translator) -> None:
    sheet = played()
    expected = "UNO scores after 2 round(s), target 100:\n1. Ben: 64\n2. Ana: 42\n3. Cy: 0"
    assert share_text(share_data(sheet), tr) == expected
    won = sheet.add_round(draft(3, 0, {1: 60, 2: 1}))
    assert share_text(share_data(won), tr).endswith("Ana wins!")
    tr.lang = "es"
    assert share_text(share_data(sheet), tr).startswith("Puntos de UNO tras 2 ronda(s), objetivo 100:")
    assert share_text(share_data(won), tr).endswith("¡Gana Ana!")
    penalty = sheet_of(3, scoring=Scoring.PENALTY).add_round(draft(3, 0, {1: 12, 2: 0}))
    assert "(gana el total más bajo)" in share_text(share_data(penalty), tr)


def test_announcements_in_both_languages(tr: Translator) -> None:
    sheet = played()
    assert announcement_text(announcement(sheet), tr) == "Round 2: Ben +64, 64 of 100."
    won = sheet.add_round(draft(3, 0, {1: 60, 2: 1}))
    assert announcement_text(announcement(won), tr) == "Round 3: Ana +61, 103 of 100. Ana wins the match!"
    penalty = sheet_of(3, scoring=Scoring.PENALTY).add_round(draft(3, 0, {1: 12, 2: 0}))
    assert announcement_text(announcement(penalty), tr) == "Round 1: Ana went out; Ben +12, 12 of 500."
    teams = sheet_of(4, teams=True).add_round(draft(4, 1, {0: 5, 2: 5}))
    assert announcement_text(announcement(teams), tr) == "Round 1: Ben & Dee +10, 10 of 500."
    tr.lang = "es"
    assert announcement_text(announcement(sheet, 1), tr) == "Ronda 1: Ana +42, 42 de 100."
    assert announcement_text(announcement(won), tr).endswith(" ¡Ana gana la partida!")
    assert not tr.missing
