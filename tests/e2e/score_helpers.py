"""Steps shared by the score keeper's browser tests (tests/e2e/test_score_*.py)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from e2e_helpers import stored, type_into, wait_ready, wait_saved
from playwright.sync_api import Page, expect

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
FACES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "S", "V", "+2", "W", "W+4")  # keypad order
EVIL = "<img src=x onerror=alert(1)>"
PHONE = {"width": 390, "height": 844}

Hand = int | str | Sequence[str]  # typed total (int or raw text) or tapped faces


def open_score(page: Page, url: str, route: str = "#/score") -> None:
    page.goto(url + route)
    wait_ready(page)
    expect(page.locator("#screen .sk-score")).to_be_visible()


def empty_setup(page: Page) -> None:
    """Open a new sheet's set-up with no players and nothing in the "new player" field: one left unfinished
    by an earlier test is remembered (the profile is shared), so its players are removed and its half-typed
    name deleted."""
    page.evaluate("location.hash = '#/score/new'")
    expect(page.locator("#score-name-new")).to_be_visible()
    players = page.locator("#score-players > li")
    while (left := players.count()) > 0:
        page.locator("#score-players [data-act='score.remove']").first.click()
        expect(players).to_have_count(left - 1)
    type_into(page, "#score-name-new", "", clear=True)


def new_game(page: Page, names: Sequence[str], dealer: int) -> str:
    """Set up a game through the page; return its id (the page is then on round 1)."""
    empty_setup(page)
    name_box = page.locator("#score-name-new")
    for count, name in enumerate(names, 1):  # typed in a row, as a person does: each Enter empties the field
        type_into(page, "#score-name-new", name)
        page.keyboard.press("Enter")
        expect(page.locator("#score-players > li")).to_have_count(count)
        expect(name_box).to_have_value("")
    for seat, name in enumerate(names):
        expect(page.locator(f"#score-name-{seat}")).to_have_value(name)
    page.locator(f"#score-dealer-{dealer}").check()
    page.locator("#score-start").click()
    expect(page.locator("#score-save")).to_be_visible()
    return sheet_id(page)


def sheet_id(page: Page) -> str:
    return str(page.evaluate("location.hash.split('/')[2]"))


def fill_round(page: Page, winner: int, hands: dict[int, Hand]) -> None:
    """Enter a round without saving: who went out, then typed totals or tapped card faces."""
    page.locator(f"#score-winner-{winner}").check()
    for seat, hand in hands.items():
        if isinstance(hand, (int, str)):
            page.locator(f"#score-mode-{seat}-total").click()
            type_into(page, f"#score-hand-{seat}", str(hand), clear=True)
        else:
            page.locator(f"#score-mode-{seat}-cards").click()
            for face in hand:
                page.locator(f"#score-face-{seat}-{FACES.index(face)}").click()


def save_round(page: Page) -> None:
    page.locator("#score-save").click()
    expect(page.locator(".sk-score-sheet")).to_be_visible()


def library(page: Page) -> dict[str, object]:
    """The score library as saved (IndexedDB), once the page says it is saved."""
    wait_saved(page)
    return dict(json.loads(stored(page, "uno.score.library") or "{}"))


def saved_sheet(page: Page, sheet: str) -> dict[str, object]:
    """The save of one sheet as kept in the page's storage."""
    entries = library(page).get("sheets", [])
    assert isinstance(entries, list)
    return next(entry["save"] for entry in entries if entry["id"] == sheet)


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


_ENGLISH = json.loads((Path(__file__).resolve().parents[2] / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))


def english(key: str, args: Mapping[str, str]) -> str:
    """The page's English text of a catalogue key (the shell's `t()`, for texts built in Python)."""
    text = str(_ENGLISH[key])
    for name, value in args.items():
        text = text.replace("{" + name + "}", value)
    return text
