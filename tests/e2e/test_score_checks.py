"""Fewer taps and earlier warnings at the table, in a real Chromium on a 390x844 phone.

A round entered card by card in the remembered mode, a fifth Wild Draw Four refused at the tap, the
question before an unusual total, the list's entries told apart, a re-import detected, no key or button
overflowing at 360 and 390 px in both languages, axe clean; screenshots in artifacts/.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_helpers import (
    LANGS,
    catalogue,
    check_axe,
    horizontal_overflow,
    set_language,
    small_targets,
    stored,
    type_into,
    wait_ready,
)
from playwright.sync_api import BrowserContext, Locator, Page, expect
from score_helpers import FACES, new_game, open_score, save_round, sheet_id, shot

from tools.serve import SiteServer

pytestmark = pytest.mark.e2e

# every control whose text could overflow it: keys, chips, switches, buttons and button-links
OVERFLOWING = """() => [...document.querySelectorAll('#screen button, #screen a.button, #screen .sk-chip')]
    .filter(el => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
    .map(el => `${el.id || el.className}: ${el.textContent.trim()} (${el.scrollWidth} > ${el.clientWidth})`)"""


@pytest.fixture
def page(app_context: BrowserContext, server: SiteServer) -> Iterator[Page]:
    page = app_context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_score(page, server.url)
    set_language(page, "en")
    yield page
    assert dialogs == []
    page.close()


def axe(page: Page, label: str) -> None:
    """axe at the end of the page: elsewhere the sticky "Save" bar lies over a row of keys for the moment,
    which axe counts as a small target (scrolling, or focus with its scroll padding, uncovers them)."""
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    check_axe(page, label)


def tap(page: Page, seat: int, *faces: str) -> None:
    for face in faces:
        page.locator(f"#score-face-{seat}-{FACES.index(face)}").click()


def fits(page: Page, label: str) -> None:
    """No page overflow, no control whose text overflows it, 44 px targets: at 360 and 390 px, both languages."""
    for width in (360, 390):
        page.set_viewport_size({"width": width, "height": 844})
        for lang in LANGS:
            set_language(page, lang)
            assert horizontal_overflow(page) <= 0, (label, width, lang)
            assert page.evaluate(OVERFLOWING) == [], (label, width, lang)
            assert small_targets(page) == [], (label, width, lang)
    page.set_viewport_size({"width": 390, "height": 844})
    set_language(page, "en")


def test_a_round_card_by_card_in_the_remembered_mode(page: Page, server: SiteServer) -> None:
    new_game(page, ["Ana", "Beto", "Caro", "Dani"], dealer=0)
    page.locator("#score-modeall-cards").click()  # one tap for every hand, remembered
    expect(page.locator(".sk-keypad")).to_have_count(4)
    page.locator("#score-winner-1").check()
    expect(page.locator(".sk-keypad")).to_have_count(3)
    tap(page, 0, "W+4", "7")
    tap(page, 2, "S", "S", "2")
    tap(page, 3, "W+4", "W+4", "W+4")
    expect(page.locator("#score-preview")).to_have_text("This round: Beto +249")
    # the fifth Wild Draw Four: refused at the tap, said at once; the key shows why it is disabled
    # Playwright waits for aria-disabled keys to be enabled; a finger does not
    page.locator(f"#score-face-2-{FACES.index('W+4')}").click(force=True)
    message = "All 4 Wild Draw Four cards of the deck are already entered in this round."
    expect(page.locator("#score-hand-2-error")).to_have_text(message)
    expect(page.locator("#score-live")).to_have_text(message)
    expect(page.locator("#score-handbox-2 .sk-chip")).to_have_count(3)
    expect(page.locator("#score-preview")).to_have_text("This round: Beto +249")
    key = page.locator(f"#score-face-0-{FACES.index('W+4')}")
    expect(key).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#score-used-0")).to_have_text("None left in this round's deck: Wild Draw Four (4).")
    expect(key).to_have_accessible_description("None left in this round's deck: Wild Draw Four (4).")
    set_language(page, "es")
    expect(page.locator("#score-hand-2-error")).to_have_text(
        "Las 4 cartas Comodín roba cuatro de la baraja ya están anotadas en esta ronda."
    )
    for lang in LANGS:
        set_language(page, lang)
        axe(page, f"round entry, cards, a refused tap ({lang})")
        shot(page, f"score-entry-cards-390x844-{lang}")
    fits(page, "round entry, cards")
    save_round(page)
    expect(page.locator(".sk-rounds tfoot td")).to_have_text(["0", "249", "0", "0"])
    expect(page.locator(".sk-summary li")).to_have_text(
        [
            "Round 1: Ana dealt, Beto went out.",
            "Ana: 57 pts (Wild Draw Four, 7)",
            "Caro: 42 pts (Skip, Skip, 2)",
            "Dani: 150 pts (Wild Draw Four, Wild Draw Four, Wild Draw Four)",
            "Beto scores 249 (249 in all).",
            "Next to deal: Beto.",
        ]
    )
    page.locator("#score-summary-share").click()
    expect(page.locator("#score-flash")).to_have_text(re.compile("Round summary (shared|copied)|Could not share"))

    # round 2 starts card by card, also after a reload: no switch to tap
    page.locator("#score-enter").click()
    page.reload()
    wait_ready(page)
    expect(page.locator(".sk-keypad")).to_have_count(4)
    expect(page.locator("#score-modeall-cards")).to_have_attribute("aria-pressed", "true")
    page.locator("#score-winner-0").check()
    tap(page, 1, "9")
    tap(page, 2, "0")
    tap(page, 3, "W")
    save_round(page)
    expect(page.locator(".sk-rounds tfoot td")).to_have_text(["59", "249", "0", "0"])
    # and so does a new game
    new_game(page, ["Eli", "Fer"], dealer=1)
    expect(page.locator(".sk-keypad")).to_have_count(2)


def test_an_unusual_total_asks_before_it_ends_the_match(page: Page) -> None:
    new_game(page, ["Ana", "Beto", "Caro"], dealer=0)
    page.locator("#score-modeall-total").click()
    page.locator("#score-winner-1").check()
    type_into(page, "#score-hand-0", "1000", clear=True)
    type_into(page, "#score-hand-2", "4", clear=True)
    page.locator("#score-save").click()
    question = page.locator(".sk-sure")
    expect(question).to_contain_text("Are you sure?")
    expect(question).to_contain_text("Ana: 1000 points")
    expect(question).to_contain_text("Saving this round ends the match.")
    expect(page.locator("#score-sure-title")).to_be_focused()
    for lang in LANGS:
        set_language(page, lang)
        axe(page, f"are you sure ({lang})")
        shot(page, f"score-sure-390x844-{lang}")
    set_language(page, "en")
    fits(page, "are you sure")
    page.locator("#score-sure-fix").click()  # nothing lost
    expect(page.locator("#score-hand-0")).to_be_focused()
    expect(page.locator("#score-hand-0")).to_have_value("1000")
    page.locator("#score-save").click()
    page.locator("#score-sure-yes").click()
    expect(page.locator("#score-winner-title")).to_have_text("Beto wins!")


def test_impossible_totals_are_said_while_typing(page: Page) -> None:
    new_game(page, ["Ana", "Beto"], dealer=0)
    page.locator("#score-modeall-total").click()
    page.locator("#score-winner-0").check()
    type_into(page, "#score-hand-1", "1241", clear=True)
    too_high = "1241 is more than the cards left can make (at most 1240)."
    expect(page.locator("#score-hand-1-error")).to_have_text(too_high)
    expect(page.locator("#score-preview")).to_contain_text("This round cannot be saved as entered")
    expect(page.locator("#score-preview")).not_to_contain_text("+1241")
    type_into(page, "#score-hand-1", "124", clear=True)
    expect(page.locator("#score-preview")).to_have_text("This round: Ana +124")
    expect(page.locator("#score-hand-1-error")).to_have_text("")


def test_the_list_tells_games_apart_and_a_reimport_is_detected(page: Page, tmp_path: Path) -> None:
    names = ["Lía", "Mo"]
    first = new_game(page, names, dealer=0)
    page.locator("#score-modeall-total").click()
    page.locator("#score-winner-0").check()
    type_into(page, "#score-hand-1", "42", clear=True)
    save_round(page)
    with page.expect_download() as download:
        page.locator("#score-export").click()
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    second = new_game(page, names, dealer=1)
    page.evaluate("location.hash = '#/score'")
    entries = page.locator(".sk-game-link").filter(has_text="Lía, Mo")
    expect(entries).to_have_count(2)
    expect(entries.nth(0)).to_have_attribute("href", f"#/score/{second}")  # last played first
    expect(entries.nth(0).locator(".sk-game-title")).to_have_text("Lía, Mo (2)")
    expect(entries.nth(0).locator(".sk-game-meta")).to_have_text("In progress · Not started yet")
    expect(entries.nth(1).locator(".sk-game-title")).to_have_text("Lía, Mo")
    expect(entries.nth(1).locator(".sk-game-meta")).to_have_text("In progress · Rounds: 1 · Leading: Lía (42)")
    stamp = re.compile(r"^Started \d{4}-\d\d-\d\d \d\d:\d\d · Last played \d{4}-\d\d-\d\d \d\d:\d\d$")
    expect(entries.nth(1).locator(".sk-game-dates")).to_have_text(stamp)
    for lang in LANGS:
        set_language(page, lang)
        axe(page, f"list ({lang})")
        shot(page, f"score-list-entries-390x844-{lang}")
    set_language(page, "en")
    fits(page, "list")

    # the same file again: said, offered, not copied
    with page.expect_file_chooser() as chooser:
        page.locator("#score-import").click()
    chooser.value.set_files(str(exported))
    expect(page.locator("#score-flash")).to_have_text("This game is already saved here: “Lía, Mo”. Nothing was copied.")
    expect(page.locator(".sk-game-link").filter(has_text="Lía, Mo")).to_have_count(2)
    axe(page, "list, re-import")
    page.locator("#score-open-saved").click()
    expect(page.locator("#score-title")).to_have_text("Lía, Mo")
    assert sheet_id(page) == first


def test_the_sheet_has_a_legend_and_fits(page: Page) -> None:
    new_game(page, ["Ana", "Beto", "Caro", "Dani"], dealer=0)
    page.locator("#score-modeall-total").click()
    page.locator("#score-winner-2").check()
    for seat, total in ((0, "12"), (1, "7"), (3, "30")):
        type_into(page, f"#score-hand-{seat}", total, clear=True)
    save_round(page)
    legend = page.locator(".sk-table-legend")
    expect(legend).to_be_visible()
    expect(legend.locator("li > span:last-child")).to_have_text(
        [
            "went out: points won this round",
            "points left in that hand",
            "total after the round",
            "dealt this round",
        ]
    )
    for lang in LANGS:
        set_language(page, lang)
        axe(page, f"sheet with legend ({lang})")
        shot(page, f"score-sheet-legend-390x844-{lang}")
        if lang == "es":
            expect(legend.locator("li").last).to_have_text("Rrepartió esta ronda")
    fits(page, "sheet")


def test_a_reload_right_after_a_save_replays_nothing_that_save_held(page: Page) -> None:
    """The tab may go after a round reached the disk and before the page heard so (`ui.journal`): what was
    typed for that round must not come back in the next round's form, and what was typed after stays."""
    sheet = new_game(page, ["Ana", "Beto", "Caro"], dealer=0)
    page.locator("#score-modeall-total").click()
    # every write takes 0.4 s (what was typed meanwhile goes with the round's write); the round's reaches the
    # disk and the page never hears it has, as when the tab goes right after a save
    page.evaluate(
        """id => {
        const write = window.unoSaves.write;
        const rounds = (record) => {
            try { return JSON.parse(record.data).sheets.some(s => s.id === id && s.save.sheet.rounds.length); }
            catch { return false; }
        };
        window.unoSaves.write = (puts, deletes) => new Promise(wait => setTimeout(wait, 400))
            .then(() => write(puts, deletes))
            .then(() => Object.values(puts).some(rounds) ? new Promise(() => {}) : undefined);
    }""",
        sheet,
    )
    page.locator("#score-winner-1").check()
    type_into(page, "#score-hand-0", "10", clear=True)
    type_into(page, "#score-hand-2", "20", clear=True)
    page.locator("#score-save").click()
    for _ in range(100):  # until the round is on disk
        sheets = json.loads(stored(page, "uno.score.library") or "{}").get("sheets", [])
        if any(entry["id"] == sheet and entry["save"]["sheet"]["rounds"] for entry in sheets):
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError(f"the round never reached the disk: {stored(page, 'uno.score.library')}")
    page.locator("#score-enter").click()
    type_into(page, "#score-hand-0", "7", clear=True)  # typed for round 2, not saved
    page.reload()
    wait_ready(page)
    expect(page.locator("#score-hand-0")).to_have_value("7")
    expect(page.locator("#score-hand-2")).to_have_value("")
    expect(page.locator("[id^='score-winner-']:checked")).to_have_count(0)


def slow_worker(page: Page) -> None:
    """Every message to the worker arrives 0.4 s late (in order), as with a busy worker on a slow phone; the
    acts of the intents sent are kept in `window.sentActs`."""
    page.evaluate("""() => {
        const engine = window.unoEngine, send = engine.send;
        window.sentActs = [];
        engine.send = (text, seq, extra) => {
            const message = JSON.parse(text);
            if (message.op === "intent") window.sentActs.push(message.act);
            setTimeout(() => send(text, seq, extra), 400);
        };
    }""")


def tap_who_went_out_then_a_total(page: Page) -> tuple[str, Locator]:
    """A new three-player sheet, every hand by its total; on a slow worker (`slow_worker`) a tap on "Ana went out",
    then on Beto's total before the answer lands. Returns the sheet's id and Beto's field."""
    sheet = new_game(page, ["Ana", "Beto", "Caro"], dealer=0)
    page.locator("#score-modeall-total").click()
    expect(page.locator("#score-hand-1")).to_be_visible()
    slow_worker(page)
    page.locator("#score-winner-0").check()
    field = page.locator("#score-hand-1")
    field.click()
    return sheet, field


def test_a_late_drawing_leaves_the_focus_in_the_field_being_typed_in(page: Page) -> None:
    """On a slow phone the drawing that answers "who went out" can arrive after the person has moved on to a
    hand's total: it must not pull the focus back to the radio, or the next digits go nowhere."""
    sheet, field = tap_who_went_out_then_a_total(page)
    field.press_sequentially("25", delay=600)  # the winner's drawing lands between the two digits
    expect(page.locator("#score-handbox-0.sk-hand-out")).to_be_visible()
    expect(field).to_be_focused()
    expect(field).to_have_value("25")
    page.locator("#score-hand-2").click()
    page.locator("#score-hand-2").press_sequentially("7")
    save_round(page)
    expect(page.locator(".sk-rounds tfoot td")).to_have_text(["32", "0", "0"])
    assert sheet_id(page) == sheet


def test_a_late_drawing_leaves_the_focus_in_a_field_tapped_before_it_landed(page: Page) -> None:
    """The same, with nothing typed yet when the drawing lands: the person tapped a hand's total (no intent is
    sent by a tap), then the answer to their earlier tap on "who went out" arrives. Focus stays in the field."""
    _, field = tap_who_went_out_then_a_total(page)
    expect(page.locator("#score-handbox-0.sk-hand-out")).to_be_visible()  # landed after the tap
    expect(field).to_be_focused()
    page.keyboard.type("25")
    expect(field).to_have_value("25")


def test_enter_in_a_total_moves_on_at_once_and_saves_nothing_on_the_way(page: Page) -> None:
    """Enter (a phone's "next") goes to the next empty total before the form sees it: no save is tried on the
    way, whose drawing would land while the next total is typed. With none left empty, Enter saves."""
    new_game(page, ["Ana", "Beto", "Caro"], dealer=0)
    page.locator("#score-modeall-total").click()
    page.locator("#score-winner-1").check()
    expect(page.locator("#score-handbox-1.sk-hand-out")).to_be_visible()
    slow_worker(page)
    page.locator("#score-hand-0").click()
    page.keyboard.type("17")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "score-hand-2"  # at once, not after a drawing
    page.keyboard.type("23")
    page.wait_for_timeout(1200)  # whatever was on its way has landed
    expect(page.locator("#score-hand-0")).to_have_value("17")
    expect(page.locator("#score-hand-2")).to_be_focused()
    expect(page.locator("#score-hand-2")).to_have_value("23")
    expect(page.locator("#score-round-error")).to_have_text("")
    assert "save" not in page.evaluate("window.sentActs")
    page.keyboard.press("Enter")  # no empty total left: Enter saves the round
    expect(page.locator(".sk-rounds tfoot td")).to_have_text(["0", "40", "0"])


def test_a_late_drawing_leaves_the_value_typed_since(page: Page) -> None:
    """A drawing made before the last keystroke must not put back the value it knew into the field being
    typed in: the page would show 17 while the round holds 172."""
    new_game(page, ["Ana", "Beto", "Caro"], dealer=0)
    page.locator("#score-modeall-total").click()
    type_into(page, "#score-hand-0", "17", clear=True)
    expect(page.locator("#score-live-0")).to_have_text(re.compile("17"))
    slow_worker(page)
    page.locator("#score-winner-1").check()  # its drawing, with hand 0 at 17, lands 0.4 s later
    field = page.locator("#score-hand-0")
    field.click()
    field.press("End")
    field.press("2")
    page.wait_for_timeout(1200)
    expect(page.locator("#score-handbox-1.sk-hand-out")).to_be_visible()
    expect(field).to_have_value("172")
    expect(field).to_be_focused()
    type_into(page, "#score-hand-2", "8", clear=True)
    save_round(page)
    expect(page.locator(".sk-rounds tfoot td")).to_have_text(["0", "180", "0"])


def test_a_language_switch_relabels_what_a_screen_reader_reads(page: Page) -> None:
    """The set-up's buttons say whom they move or remove in an ``aria-label``, set once per drawing: a
    language switch sets them again in the new language (the screen shows only arrows and a cross)."""
    page.evaluate("location.hash = '#/score/new'")
    players = page.locator("#score-players > li")
    while (left := players.count()) > 0:  # the profile is shared: a set-up left by another test
        page.locator("#score-players [data-act='score.remove']").first.click()
        expect(players).to_have_count(left - 1)
    type_into(page, "#score-name-new", "Ana")
    page.keyboard.press("Enter")
    remove = page.locator("#score-players [data-act='score.remove']").first
    texts = {lang: catalogue(lang)["score.setup.remove"].replace("{name}", "Ana") for lang in LANGS}
    expect(remove).to_have_attribute("aria-label", texts["en"])
    for lang in ("es", "en"):
        set_language(page, lang)
        expect(remove).to_have_attribute("aria-label", texts[lang])
    page.locator("#score-players [data-act='score.remove']").first.click()
    expect(players).to_have_count(0)
