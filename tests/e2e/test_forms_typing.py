"""Forms under a person's fingers, in a real Chromium: names, totals and set-up fields typed key by
key (`type_into`), several values in a row into the same field, corrections with Backspace. Each field holds
what the app says after every drawing, and every message of a round shows as it is typed, all at once.
Screenshots of the set-up after four names and of a round with every error, at 390x844 and 360x640 in both
languages, in artifacts/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_helpers import LANGS, catalogue, horizontal_overflow, set_language, type_into, wait_ready
from playwright.sync_api import BrowserContext, Page, expect
from score_helpers import ARTIFACTS, empty_setup, new_game, open_score, save_round, shot
from test_score_checks import slow_worker

from tools.serve import SiteServer

pytestmark = pytest.mark.e2e

NAMES = ("Ana", "Beto", "Caro", "Dani")
BAD = {1: "-5", 2: "abc", 3: "99999"}  # the round: Ana went out
BAD_EN = {
    1: "Points cannot be negative.",
    2: "“abc” is not a whole number of points (or a sum such as 12+11+7).",
    3: "99999 is more than the cards left can make (at most 1240).",
}


@pytest.fixture
def page(app_context: BrowserContext, server: SiteServer) -> Iterator[Page]:
    page = app_context.new_page()
    open_score(page, server.url)
    set_language(page, "en")
    yield page
    page.close()


def players(page: Page) -> list[str]:
    return list(page.eval_on_selector_all("#score-players input", "fields => fields.map(field => field.value)"))


@pytest.mark.parametrize("add", ["enter", "button"])
def test_four_names_typed_in_a_row_are_those_four(page: Page, add: str) -> None:
    """The "new player" field empties after each name, so the next is not typed after the last (Ana, Beto,
    BetoCaro before): with Enter, and with the "Add player" button."""
    empty_setup(page)
    for count, name in enumerate(NAMES, 1):
        type_into(page, "#score-name-new", name)
        if add == "enter":
            page.keyboard.press("Enter")
        else:
            page.locator("#score-name-new + button").click()
        expect(page.locator("#score-players > li")).to_have_count(count)
        expect(page.locator("#score-name-new")).to_have_value("")
        expect(page.locator("#score-name-new")).to_be_focused()
    assert players(page) == list(NAMES)
    type_into(page, "#score-name-0", "na", clear=True)  # a rename typed over, Enter: the name as typed
    page.keyboard.press("Enter")
    expect(page.locator("#score-name-0")).to_have_value("na")
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    page.keyboard.type("Ana")
    page.keyboard.press("Tab")  # leaving the field sends it
    expect(page.locator("#score-name-0")).not_to_be_focused()
    expect(page.locator("#score-name-0")).to_have_value("Ana")
    assert players(page) == list(NAMES)


def test_a_target_refused_then_corrected_with_backspace(page: Page) -> None:
    """The keeper's target: a refused text stays as typed next to why; Backspace and digits replace it, and
    the field then holds the target the set-up has."""
    empty_setup(page)
    type_into(page, "#score-target", "5o", clear=True)
    page.keyboard.press("Enter")
    expect(page.locator("#score-target-error")).not_to_be_empty()
    expect(page.locator("#score-target")).to_have_value("5o")
    page.keyboard.press("Backspace")
    page.keyboard.type("00")
    page.keyboard.press("Enter")
    expect(page.locator("#score-target-error")).to_be_empty()
    expect(page.locator("#score-target")).to_have_value("500")
    expect(page.locator("#score-target")).to_be_focused()


def test_names_typed_fast_on_a_slow_phone_are_those_four(page: Page) -> None:
    """The next name's keys come before the drawing that answers Enter (the worker 0.4 s late): they start a
    new name all the same, and a name refused comes back into the field next to why."""
    empty_setup(page)
    slow_worker(page)
    type_into(page, "#score-name-new", "")
    for name in NAMES:
        page.keyboard.type(name, delay=40)
        page.keyboard.press("Enter")
        page.wait_for_timeout(150)  # a person's pause after Enter: shorter than the answer takes
    expect(page.locator("#score-players > li")).to_have_count(4)
    expect(page.locator("#score-name-new")).to_have_value("")
    assert players(page) == list(NAMES)
    page.keyboard.type("Ana")
    page.keyboard.press("Enter")
    expect(page.locator("#score-name-new-error")).not_to_be_empty()
    expect(page.locator("#score-name-new")).to_have_value("Ana")
    expect(page.locator("#score-name-new")).to_be_focused()
    assert players(page) == list(NAMES)


def test_a_total_typed_corrected_and_retyped(page: Page) -> None:
    """A wrong total is said as it is typed; Backspace and the right one take the message away; the round
    saves what the fields show."""
    new_game(page, NAMES[:3], dealer=0)
    page.locator("#score-modeall-total").click()
    page.locator("#score-winner-0").check()
    type_into(page, "#score-hand-1", "1a")
    expect(page.locator("#score-hand-1-error")).to_have_text(
        "“1a” is not a whole number of points (or a sum such as 12+11+7)."
    )
    expect(page.locator("#score-live-1")).to_have_text("–")
    page.keyboard.press("Backspace")
    expect(page.locator("#score-hand-1-error")).to_have_text("")
    page.keyboard.type("2")
    expect(page.locator("#score-live-1")).to_have_text("12 pts")
    type_into(page, "#score-hand-2", "700")
    for _ in range(3):
        page.keyboard.press("Backspace")
    page.keyboard.type("8")
    expect(page.locator("#score-hand-2")).to_have_value("8")
    expect(page.locator("#score-preview")).to_have_text("This round: Ana +20")
    save_round(page)
    expect(page.locator(".sk-rounds tfoot td")).to_have_text(["20", "0", "0"])


def test_a_hand_added_up_as_typed(page: Page) -> None:
    """ "12+11+7" typed key by key: no message while the sum is being typed, 30 points shown, the field keeps what
    was typed; a sum left open is said at Save and the round waits; Backspace fixes it."""
    new_game(page, NAMES[:3], dealer=0)
    page.locator("#score-modeall-total").click()
    page.locator("#score-winner-0").check()
    field = page.locator("#score-hand-1")
    field.click()
    for key in "12+11+":
        page.keyboard.type(key)
        expect(page.locator("#score-hand-1-error")).to_have_text("")
    page.keyboard.type("7")
    expect(page.locator("#score-live-1")).to_have_text("30 pts")
    expect(field).to_have_value("12+11+7")
    type_into(page, "#score-hand-2", "5+")
    page.locator("#score-save").click()
    expect(page.locator("#score-hand-2-error")).to_have_text(
        "“5+” is not a whole number of points (or a sum such as 12+11+7)."
    )
    expect(page.locator("#score-save")).to_be_visible()  # nothing saved
    page.locator("#score-hand-2").click()
    page.keyboard.press("End")
    page.keyboard.press("Backspace")
    expect(page.locator("#score-hand-2-error")).to_have_text("")
    expect(page.locator("#score-preview")).to_have_text("This round: Ana +35")
    save_round(page)
    expect(page.locator(".sk-rounds tfoot td")).to_have_text(["35", "0", "0"])


def test_every_error_of_a_round_shows_as_it_is_typed(page: Page) -> None:
    """-5, abc and 99999: three messages at once, each next to its field, before "Save the round"."""
    new_game(page, NAMES, dealer=0)
    page.locator("#score-modeall-total").click()
    page.locator("#score-winner-0").check()
    for seat, text in BAD.items():
        type_into(page, f"#score-hand-{seat}", text)
    for seat, message in BAD_EN.items():
        expect(page.locator(f"#score-hand-{seat}-error")).to_have_text(message)
        expect(page.locator(f"#score-hand-{seat}")).to_have_attribute("aria-invalid", "true")
        expect(page.locator(f"#score-hand-{seat}")).to_have_value(BAD[seat])
    expect(page.locator("#score-preview")).to_contain_text("This round cannot be saved as entered")


@pytest.mark.parametrize("size", [(390, 844), (360, 640)], ids=["390x844", "360x640"])
def test_typed_forms_on_a_phone_in_both_languages(page: Page, size: tuple[int, int]) -> None:
    """As a person sees them: the set-up after four names typed in a row, and a round with every error."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    for lang in LANGS:
        set_language(page, lang)
        empty_setup(page)
        for count, name in enumerate(NAMES, 1):
            type_into(page, "#score-name-new", name)
            page.keyboard.press("Enter")
            expect(page.locator("#score-players > li")).to_have_count(count)
        assert players(page) == list(NAMES)
        assert horizontal_overflow(page) == 0
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=shot_path(f"forms-setup-{width}x{height}-{lang}"))
        page.locator("#score-dealer-0").check()
        page.locator("#score-start").click()
        page.locator("#score-modeall-total").click()
        page.locator("#score-winner-0").check()
        for seat, text in BAD.items():
            type_into(page, f"#score-hand-{seat}", text)
        errors = page.locator(".sk-hand .sk-field-error:not(:empty)")
        expect(errors).to_have_count(3)
        if lang == "en":
            expect(errors).to_have_text(list(BAD_EN.values()))
        else:
            expect(errors.nth(0)).to_have_text(catalogue("es")["score.err.negative"])
        assert horizontal_overflow(page) == 0
        page.locator("#score-handbox-1").scroll_into_view_if_needed()
        page.screenshot(path=shot_path(f"forms-round-errors-{width}x{height}-{lang}"))
        shot(page, f"forms-round-errors-{width}x{height}-{lang}-full")
    set_language(page, "en")


def shot_path(name: str) -> Path:
    """Where a screenshot of the viewport goes (`shot` takes the whole page)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"{name}.png"


def test_the_play_set_up_keeps_what_is_typed_in_a_row(fresh_context: BrowserContext, server: SiteServer) -> None:
    """Seats' names typed one after another, then a change that redraws the page: every name as typed; a
    number refused stays as typed next to its message, and the corrected one replaces it."""
    page = fresh_context.new_page()
    page.goto(server.url + "#/play")
    wait_ready(page)
    set_language(page, "en")
    expect(page.locator("#seat-name-0")).to_be_visible()
    for seat, name in enumerate(("Lola", "Mia", "Noa", "Oli")):
        type_into(page, f"#seat-name-{seat}", name, clear=True)
        page.keyboard.press("Tab")  # a name is sent when the person leaves its field
    type_into(page, "#rule-target", "999999", clear=True)  # above the highest target (100000)
    page.keyboard.press("Tab")
    expect(page.locator(".setup-error")).to_have_text(catalogue("en")["play.error.number"])
    expect(page.locator("#rule-target")).to_have_value("999999")
    type_into(page, "#rule-target", "300", clear=True)
    page.keyboard.press("Tab")
    expect(page.locator(".setup-error")).to_be_hidden()
    expect(page.locator("#rule-target")).to_have_value("300")
    page.locator("#add-seat").click()  # a change that redraws the whole set-up
    expect(page.locator(".seat-row")).to_have_count(5)
    names = page.eval_on_selector_all(".seat-name-input", "fields => fields.map(field => field.value)")
    assert names[:4] == ["Lola", "Mia", "Noa", "Oli"]
    expect(page.locator("#rule-target")).to_have_value("300")
    expect(page.locator(".setup-summary")).to_contain_text("300")
