"""The score keeper in a real Chromium on a phone: a whole evening's game, entered through the page.

One long scenario shares a page (each page load costs seconds here): set-up with an HTML
name, bad inputs, mixed typed and tapped hands, a reload in the middle, an edit of an
earlier round, the winner, axe on every screen in both languages, screenshots, export,
import into a fresh profile (and a refused file), and an offline reload of that profile.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2e_helpers import (
    LANGS,
    check_axe,
    horizontal_overflow,
    set_language,
    small_targets,
    stored,
    type_into,
    wait_ready,
)
from PIL import Image
from playwright.sync_api import BrowserContext, Page, expect
from score_helpers import (
    ARTIFACTS,
    EVIL,
    Hand,
    english,
    fill_round,
    new_game,
    open_score,
    save_round,
    saved_sheet,
    sheet_id,
    shot,
)

from app.score.texts import announcement_said, said_text, share_said
from scorekeeper import HandInput, RoundDraft, Sheet, announcement, load, new_sheet, share_data
from tools.serve import SiteServer

pytestmark = pytest.mark.e2e
NAMES = ["Ana", "Ben", EVIL, "Dee"]
# (winner, hands): ints are typed, lists are tapped faces; R2 is edited later (Ana 40 -> 140)
ROUNDS = [
    (0, {1: 12, 2: ["W+4", "7"], 3: 30}),  # Ana +99
    (1, {0: 40, 2: 25, 3: ["S", "V", "5"]}),  # Ben +110
    (3, {0: 33, 1: 60, 2: ["W", "W", "9"]}),  # Dee +202
    (0, {1: 150, 2: 100, 3: ["+2", "+2", "8"]}),  # Ana +298
    (0, {1: 50, 2: 30, 3: 25}),  # Ana +105: 502, wins
]
POINTS = {"W+4": 50, "7": 7, "S": 20, "V": 20, "5": 5, "W": 50, "9": 9, "+2": 20, "8": 8}


def expected_sheet(rounds: list[tuple[int, dict[int, Hand]]]) -> Sheet:
    """The same game kept by `scorekeeper` directly (typed equivalents of the tapped hands)."""
    sheet = new_sheet(NAMES).choose_dealer(1)
    for winner, hands in rounds:
        inputs = [HandInput()] * len(NAMES)
        for seat, hand in hands.items():
            total = hand if isinstance(hand, int) else sum(POINTS[face] for face in hand)
            inputs[seat] = HandInput.typed(str(total))
        sheet = sheet.add_round(RoundDraft(winner, tuple(inputs)))
    return sheet


def axe_both(page: Page, label: str, shot_as: str = "") -> None:
    """axe, no overflow and 44 px targets in both languages (and a screenshot `<shot_as>-<lang>`)."""
    for lang in LANGS:
        set_language(page, lang)
        check_axe(page, f"{label} ({lang})")
        assert horizontal_overflow(page) <= 0, (label, lang)
        assert small_targets(page) == [], (label, lang)
        if shot_as:
            shot(page, f"{shot_as}-{lang}")
    set_language(page, "en")


def test_a_whole_game_on_a_phone(
    app_context: BrowserContext, fresh_context: BrowserContext, server: SiteServer, tmp_path: Path
) -> None:
    dialogs: list[str] = []
    page = app_context.new_page()
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_score(page, server.url)
    set_language(page, "en")
    axe_both(page, "list")

    # set-up: add, reorder, remove, add again; the HTML name is only text
    sheet = new_game(page, ["Ben", "Ana", "Zoe"], dealer=0)
    page.evaluate("location.hash = '#/score/' + location.hash.split('/')[2] + '/setup'")
    page.locator("#score-up-1").click()  # Ana first
    page.locator("#score-remove-2").click()  # no Zoe
    for count, name in enumerate((EVIL, "Dee"), 3):
        type_into(page, "#score-name-new", name)
        page.keyboard.press("Enter")
        expect(page.locator("#score-players > li")).to_have_count(count)
    page.locator("#score-dealer-1").check()  # Ben deals first
    expect(page.locator("#score-first-dealer")).to_have_text("Ben deals first.")
    expect(page.locator("#score-name-2")).to_have_value(EVIL)
    axe_both(page, "set-up")
    shot(page, "score-setup-390x844-en")
    page.locator("#score-start").click()
    expect(page.locator(".sk-score-sheet")).to_be_visible()
    expect(page.locator("#score-dealer")).to_have_text("Ben deals now")
    page.locator("#score-enter").click()

    # bad inputs: messages next to the fields, nothing saved, what was typed stays
    fill_round(page, 0, {1: "-5", 2: "abc", 3: ["W+4"] * 4})
    # a fifth Wild Draw Four: refused at the tap. Tapped once the page shows it used up, as a person would: on a
    # loaded machine the errors of the fields above arrive late and can move it from under a forced click
    expect(page.locator("#score-face-3-14")).to_have_attribute("aria-disabled", "true")
    page.locator("#score-face-3-14").click(force=True)
    expect(page.locator("#score-hand-3-error")).to_have_text(
        "All 4 Wild Draw Four cards of the deck are already entered in this round."
    )
    expect(page.locator("#score-handbox-3 .sk-chip")).to_have_count(4)
    page.locator("#score-save").click()
    expect(page.locator("#score-hand-1-error")).to_have_text("Points cannot be negative.")
    expect(page.locator("#score-hand-2-error")).to_have_text(
        "“abc” is not a whole number of points (or a sum such as 12+11+7)."
    )
    expect(page.locator("#score-hand-1")).to_be_focused()
    expect(page.locator("#score-hand-1")).to_have_attribute("aria-invalid", "true")
    type_into(page, "#score-hand-2", "1041", clear=True)  # impossible with four Wild Draw Four tapped: said
    expect(page.locator("#score-hand-2-error")).to_have_text(
        "1041 is more than the cards left can make (at most 1040)."
    )
    set_language(page, "es")
    expect(page.locator("#score-hand-2-error")).to_have_text(
        "1041 es más de lo que pueden sumar las cartas que quedan (como máximo 1040)."
    )
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")  # no row of keys under the bar
    check_axe(page, "round entry with errors (es)")
    set_language(page, "en")
    assert saved_sheet(page, sheet)["sheet"]["rounds"] == []
    for _ in range(4):
        page.locator("#score-chip-3-0").click()
    expect(page.locator("#score-live-3")).to_have_text("–")

    # round 1 (typed and tapped), with the live region; round 2
    fill_round(page, *ROUNDS[0])
    expect(page.locator("#score-live-2")).to_have_text("57 pts")
    expect(page.locator("#score-preview")).to_have_text("This round: Ana +99")
    save_round(page)
    first = said_text(announcement_said(announcement(expected_sheet(ROUNDS[:1]))), english)
    expect(page.locator("#score-live")).to_have_text(first)
    expect(page.locator("#score-flash")).to_have_text(first)
    page.locator("#score-enter").click()
    fill_round(page, *ROUNDS[1])
    save_round(page)

    # reload in the middle of typing round 3: nothing is lost
    page.locator("#score-enter").click()
    page.locator("#score-winner-3").check()
    type_into(page, "#score-hand-0", "33", clear=True)
    page.reload()
    wait_ready(page)
    expect(page.locator("#score-winner-3")).to_be_checked()
    expect(page.locator("#score-hand-0")).to_have_value("33")
    fill_round(page, *ROUNDS[2])
    for lang in LANGS:
        set_language(page, lang)
        shot(page, f"score-entry-390x844-{lang}")
    check_axe(page, "round entry (es)")
    set_language(page, "en")
    check_axe(page, "round entry (en)")
    save_round(page)
    page.locator("#score-enter").click()
    fill_round(page, *ROUNDS[3])
    save_round(page)

    # edit round 2 from the table: totals follow
    page.locator('a.sk-edit-round[href$="/round/2"]').click()
    expect(page.locator("#screen h1")).to_have_text("Edit round 2")
    type_into(page, "#score-hand-0", "140", clear=True)
    save_round(page)
    edited = [ROUNDS[0], (1, {**ROUNDS[1][1], 0: 140}), *ROUNDS[2:4]]
    totals = expected_sheet(edited).tally().totals
    expect(page.locator(".sk-rounds tfoot td")).to_have_text([str(total) for total in totals])
    expect(page.locator(".sk-standing.sk-is-leader .sk-who-name")).to_have_text("Ana")
    expect(page.locator(".sk-standing.sk-is-leader .sk-to-go")).to_have_text(f"{500 - totals[0]} to go")
    expect(page.locator(".sk-rounds thead th").nth(3)).to_have_text(EVIL)
    axe_both(page, "sheet", shot_as="score-sheet-390x844")

    # the last round by keyboard: Enter in a total goes to the next empty one, then saves
    page.locator("#score-enter").focus()
    page.keyboard.press("Enter")
    page.locator("#score-winner-0").focus()
    page.keyboard.press("Space")
    expect(page.locator("#score-winner-0")).to_be_checked()
    expect(page.locator("#score-winner-0")).to_be_focused()
    page.locator("#score-hand-1").focus()
    for seat, total in ROUNDS[4][1].items():
        expect(page.locator(f"#score-hand-{seat}")).to_be_focused()
        page.keyboard.type(str(total))
        page.keyboard.press("Enter")
    expect(page.locator(".sk-score-sheet")).to_be_visible()
    final = expected_sheet([*edited, ROUNDS[4]])
    assert final.tally().finished
    expect(page.locator("#score-winner-title")).to_have_text("Ana wins!")
    expect(page.locator("#score-live")).to_have_text(said_text(announcement_said(announcement(final)), english))
    expect(page.locator(".sk-winner-panel .sk-standing .sk-who-name")).to_have_text(
        [standing.label for standing in final.tally().standings]
    )
    axe_both(page, "winner", shot_as="score-winner-390x844")
    # share: the Web Share API where there is one, else the clipboard, else the text to copy
    page.locator("#score-share").click()
    expect(page.locator("#score-flash")).to_have_text(re.compile("Standings (shared|copied)|Could not share"))
    if page.locator(".sk-copy-text").count():
        expect(page.locator(".sk-copy-text")).to_have_value(said_text(share_said(share_data(final)), english))
    # the card: the final standings with the date as a picture (this browser's share sheet takes no files: a download)
    with page.expect_download() as picture:
        page.locator("#score-card").click()
    assert re.fullmatch(r"uno-\d{4}-\d{2}-\d{2}-ana\.png", picture.value.suggested_filename)
    card = Image.open(picture.value.path())
    assert card.format == "PNG" and card.width == 1080 and card.height > 600
    assert card.convert("RGB").getpixel((5, 5)) == (185, 28, 28)  # drawn: the red band, not a blank canvas
    card.save(ARTIFACTS / "score-card.png")
    expect(page.locator("#score-flash")).to_have_text("Picture saved to your downloads.")
    original = saved_sheet(page, sheet)
    assert load(original).tally().totals == final.tally().totals
    assert dialogs == []

    # export, then import into a fresh profile: the same sheet; a damaged file changes nothing
    with page.expect_download() as download_info:
        page.locator("#score-export").click()
    exported = tmp_path / download_info.value.suggested_filename
    download_info.value.save_as(exported)
    assert exported.read_text(encoding="utf-8").count('"winner"') == 5
    page.locator("#score-again").click()
    expect(page.locator("#screen h1")).to_have_text("Round 1")
    expect(page.locator(".sk-winner-choice")).to_have_text(NAMES)
    page.evaluate("location.hash = '#/score'")
    expect(page.locator(".sk-game-list .sk-game-title")).not_to_have_count(0)
    shot(page, "score-list-390x844-en")
    page.close()

    other = fresh_context.new_page()
    other.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_score(other, server.url)
    damaged = tmp_path / "damaged.json"
    damaged.write_text(exported.read_text(encoding="utf-8").replace('"total": 140', '"total": 141'))
    for bad, message in ((damaged, "checksum"), (tmp_path / "notes.txt", "not a score sheet")):
        if not bad.exists():
            bad.write_text("shopping list")
        with other.expect_file_chooser() as chooser:
            other.locator("#score-import").click()
        chooser.value.set_files(str(bad))
        expect(other.locator("#score-import-error")).to_contain_text(message)
        assert stored(other, "uno.score.library") is None
    with other.expect_file_chooser() as chooser:
        other.locator("#score-import").click()
    chooser.value.set_files(str(exported))
    expect(other.locator("#score-winner-title")).to_have_text("Ana wins!")
    imported = sheet_id(other)
    # the same sheet; who its players are is for the person to say ("They are my regulars")
    nobody = [None] * len(original["sheet"]["players"])
    assert saved_sheet(other, imported)["sheet"] == {**original["sheet"], "people": nobody}
    expect(other.locator("#score-join-people")).to_be_visible()

    # offline: the imported sheet still opens after a reload with no network
    other.wait_for_function(
        "() => navigator.serviceWorker.controller !== null && document.documentElement.dataset.offlineReady === '1'",
        timeout=120_000,
    )
    fresh_context.set_offline(True)
    other.reload()
    wait_ready(other)
    expect(other.locator("#score-winner-title")).to_have_text("Ana wins!")
    expect(other.locator(".sk-rounds tbody tr")).to_have_count(5)
    fresh_context.set_offline(False)
    assert dialogs == []
