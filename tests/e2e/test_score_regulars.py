"""The regulars in the browser, as a person uses them (issue 51): three sheets set up in a row by tapping regulars
and typing a new one; a regular renamed on their page and the record following; the record and regulars' pages at
360x640 and 390x844 in both languages, with the layout checks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from e2e_helpers import set_language, type_into, untranslated, wait_ready, wait_saved
from layout_checks import problems, settle, shot
from playwright.sync_api import Browser, Page, expect
from score_helpers import PHONE, fill_round, library, new_game, save_round

from tools.serve import SiteServer

pytestmark = pytest.mark.e2e


@pytest.fixture
def page(browser: Browser, server: SiteServer) -> Iterator[Page]:
    """A phone with no sheets yet (a new context: nobody's regulars but this test's)."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(server.url + "#/score")
    wait_ready(page)
    yield page
    context.close()


def regular_buttons(page: Page) -> list[str]:
    return [
        text.split("\n")[0].strip()
        for text in page.locator("#score-regulars [data-act='score.pick']").all_inner_texts()
    ]


def tap_regular(page: Page, name: str, seated: int) -> None:
    page.locator("#score-regulars [data-act='score.pick']", has_text=name).click()
    expect(page.locator("#score-players > li")).to_have_count(seated)


def start(page: Page) -> str:
    page.locator("#score-dealer-0").check()
    page.locator("#score-start").click()
    expect(page.locator("#score-save")).to_be_visible()
    return str(page.evaluate("location.hash.split('/')[2]"))


def people_of(page: Page, sheet_id: str) -> list[str | None]:
    entries = library(page)["sheets"]
    assert isinstance(entries, list)
    return list(next(entry["save"]["sheet"]["people"] for entry in entries if entry["id"] == sheet_id))


def test_three_sheets_in_a_row_tapping_regulars_and_typing_a_new_one(page: Page) -> None:
    first = new_game(page, ["Ana", "Beto", "Caro"], 0)
    page.evaluate("location.hash = '#/score/new'")
    expect(page.locator("#score-regulars")).to_be_visible()
    assert regular_buttons(page) == ["Ana", "Beto", "Caro"]
    tap_regular(page, "Ana", 1)
    tap_regular(page, "Caro", 2)
    assert regular_buttons(page) == ["Beto"]  # the seated are not offered again
    type_into(page, "#score-name-new", "Dani")  # a new person, typed as before
    page.keyboard.press("Enter")
    expect(page.locator("#score-players > li")).to_have_count(3)
    for seat, name in enumerate(["Ana", "Caro", "Dani"]):
        expect(page.locator(f"#score-name-{seat}")).to_have_value(name)
    second = start(page)
    page.evaluate("location.hash = '#/score/new'")
    expect(page.locator("#score-regulars")).to_be_visible()
    assert regular_buttons(page) == ["Ana", "Caro", "Dani", "Beto"]  # the most frequent, then the latest, first
    check_layout(page, "setup-regulars")
    type_into(page, "#score-name-new", "b")
    expect(page.locator("#score-regulars [data-act='score.pick']")).to_have_count(1)  # letters narrow them
    tap_regular(page, "Beto", 1)
    expect(page.locator("#score-name-new")).to_have_value("")
    tap_regular(page, "Dani", 2)
    third = start(page)
    wait_saved(page)
    assert people_of(page, first) == ["~ana", "~beto", "~caro"]
    assert people_of(page, second) == ["~ana", "~caro", "~dani"]
    assert people_of(page, third) == ["~beto", "~dani"]


def check_layout(page: Page, name: str) -> None:
    for lang in ("en", "es"):
        set_language(page, lang)
        for width, height in ((360, 640), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
            found = problems(page, "#screen")
            shot(page, f"{name}-{lang}-{width}", full_page=True)
            assert found == [], (lang, width, found)
            assert untranslated(page) == [], (lang, width)
    set_language(page, "en")
    page.set_viewport_size(PHONE)


def test_a_renamed_regular_keeps_their_record_and_the_pages_fit_a_phone(page: Page) -> None:
    new_game(page, ["Ana", "Beto"], 0)
    fill_round(page, 1, {0: 510})  # Beto out, Ana held 510: Beto reaches 500 and wins
    save_round(page)
    page.evaluate("location.hash = '#/score'")
    page.locator("#score-record-link").click()
    table = page.locator(".sk-record").first
    expect(table.locator("tbody th")).to_have_text(["Beto", "Ana"])
    expect(table.locator("tbody tr").first).to_contain_text("100%")
    expect(page.locator(".sk-score-record svg")).to_have_count(2)  # the win share, a player's totals
    check_layout(page, "record")
    page.locator("#score-people-link").click()
    name = page.locator("#score-person-1-name")
    expect(name).to_have_value("Beto")
    type_into(page, "#score-person-1-name", "Roberto", clear=True)
    page.keyboard.press("Enter")
    wait_saved(page)
    check_layout(page, "people")
    page.locator("#score-record-link").click()
    expect(table.locator("tbody th")).to_have_text(["Roberto", "Ana"])
    expect(page.locator("#score-versus-result")).to_contain_text("Roberto finished ahead in 1")
    page.locator("#score-versus-a").select_option(label="Ana")
    expect(page.locator("#score-versus-result")).to_contain_text("Ana finished ahead in 0, Roberto in 1")
    page.reload()
    wait_ready(page)
    expect(page.locator(".sk-record").first.locator("tbody th")).to_have_text(["Roberto", "Ana"])  # kept


def test_a_backup_restored_on_a_fresh_profile_brings_the_regulars_back(
    page: Page, browser: Browser, server: SiteServer
) -> None:
    new_game(page, ["Ana", "Beto"], 0)
    new_game(page, ["Ana", "Bob"], 0)
    page.evaluate("location.hash = '#/score/people'")
    expect(page.locator("#score-person-2-name")).to_have_value("Beto")  # Ana 2 games; Bob, then Beto: 1 each
    type_into(page, "#score-person-2-name", "Roberto", clear=True)
    page.keyboard.press("Enter")
    expect(page.locator("#score-person-2-name")).to_have_value("Roberto")
    page.locator("#score-person-1-merge").select_option(label="Roberto (1 game(s))")  # Bob is Roberto
    expect(page.locator(".sk-merged")).to_contain_text("Merged in: Bob")
    wait_saved(page)
    page.evaluate("location.hash = '#/score/all'")
    with page.expect_download() as download:
        page.locator("#score-move-file").click()
    other = browser.new_context(viewport=PHONE)  # a fresh profile: nothing saved
    try:
        fresh = other.new_page()
        fresh.goto(server.url + "#/score")
        wait_ready(fresh)
        with fresh.expect_file_chooser() as chooser:
            fresh.locator("#score-import").click()
        chooser.value.set_files(download.value.path())
        expect(fresh.locator(".sk-game-list .sk-game-title")).to_have_count(2)
        fresh.evaluate("location.hash = '#/score/new'")
        expect(fresh.locator("#score-regulars")).to_be_visible()
        assert regular_buttons(fresh) == ["Ana", "Roberto"]  # Roberto: renamed, and Bob merged in
        fresh.evaluate("location.hash = '#/score/people'")
        expect(fresh.locator("#score-person-1-name")).to_have_value("Roberto")
        expect(fresh.locator(".sk-merged")).to_contain_text("Merged in: Bob")
    finally:
        other.close()
