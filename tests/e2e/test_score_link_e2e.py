"""Sheet links in Chromium: a sheet's QR code decodes to exactly its link; the link opened in a fresh
profile paints the standings before Python is ready, exactly as scorekeeper computed them; "keep" imports it,
the same link again copies nothing, and a newer link offers to update the copy."""

from __future__ import annotations

import io

import numpy as np
import pytest
import zxingcpp
from e2e_helpers import horizontal_overflow, small_targets, untranslated, wait_ready, wait_saved
from PIL import Image
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from score_helpers import EVIL, FACES, PHONE, library, open_score, saved_sheet, shot

from scorekeeper import new_sheet
from scorekeeper.link import decode, encode
from tools.serve import SiteServer

pytestmark = pytest.mark.e2e


def score_of(sheet: dict[str, object]) -> dict[str, object]:
    """A saved sheet as its link carries it: the score, not the evening's story (`scorekeeper.story`)."""
    return {name: value for name, value in sheet.items() if name != "story"}


IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/18.5 Mobile/15E148 Safari/604.1"
)


def type_into(page: Page, selector: str, text: str) -> None:
    """Type as a person does: click the field, then the keys."""
    page.locator(selector).click()
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def make_sheet(page: Page, names: list[str]) -> None:
    page.evaluate("location.hash = '#/score/new'")
    players = page.locator("#score-players > li")
    expect(page.locator("#score-name-new")).to_be_visible()
    while (left := players.count()) > 0:  # a set-up left by an earlier test (the profile is shared)
        page.locator("#score-players [data-act='score.remove']").first.click()
        expect(players).to_have_count(left - 1)
    for count, name in enumerate(names, start=1):
        type_into(page, "#score-name-new", name)
        page.keyboard.press("Enter")
        expect(players).to_have_count(count)
    page.locator("#score-dealer-0").check()
    page.locator("#score-start").click()
    expect(page.locator("#score-save")).to_be_visible()


def play_round(page: Page, winner: int, typed: dict[int, int], tapped: dict[int, list[str]]) -> None:
    page.locator(f"#score-winner-{winner}").check()
    for seat, total in typed.items():
        page.locator(f"#score-mode-{seat}-total").click()
        type_into(page, f"#score-hand-{seat}", str(total))
    for seat, faces in tapped.items():
        page.locator(f"#score-mode-{seat}-cards").click()
        for face in faces:
            page.locator(f"#score-face-{seat}-{FACES.index(face)}").click()
    page.locator("#score-save").click()
    expect(page.locator(".sk-score-sheet")).to_be_visible()


def take_link(page: Page) -> str:
    page.locator("#score-link").click()
    field = page.locator("#score-link-text")
    expect(field).to_be_visible()
    return str(field.input_value())


def qr_text(page: Page) -> str:
    """What a scanner reads from the QR code on screen (a screenshot of it, decoded by zxing-cpp)."""
    png = page.locator("svg.sk-qr").screenshot()
    image = zxingcpp.read_barcodes(_gray(png))
    assert len(image) == 1, image
    return str(image[0].text)


def _gray(png: bytes) -> np.ndarray:
    return np.array(Image.open(io.BytesIO(png)).convert("L"))


def standings_texts(page: Page, scope: str) -> list[str]:
    return [" ".join(text.split()) for text in page.locator(f"{scope} #score-link-standings > li").all_inner_texts()]


def expected_standings(link: str) -> list[str]:
    opened = decode(link)
    names = opened.sheet.players
    return [f"{s.rank}. {' & '.join(names[seat] for seat in s.seats)} {s.total}" for s in opened.view.standings]


def test_a_sheet_goes_to_a_fresh_phone_by_its_link_and_its_qr_code(
    app_context: BrowserContext, browser: Browser, server: SiteServer
) -> None:
    page = app_context.new_page()
    open_score(page, server.url)
    make_sheet(page, ["Uma", EVIL, "Zoë 🃏"])
    play_round(page, 0, {1: 14}, {2: ["7", "S", "W"]})
    first = str(page.evaluate("location.hash.split('/')[2]"))
    link = take_link(page)
    assert link.startswith(server.url) and "#/score/link/k1." in link
    scanned = qr_text(page)
    assert scanned == link  # the code on screen is exactly the link
    shot(page, "link-page-en")
    expected = expected_standings(link)
    assert expected == ["1. Uma 91", f"2. {EVIL} 0", "2. Zoë 🃏 0"]

    # a fresh profile, Python held back: the standings are painted from the link alone
    early = browser.new_context(viewport=PHONE, service_workers="block")
    held = early.new_page()

    def hold(route: Route) -> None:
        pass  # never answered: Python does not start on this page

    held.route("**/web/ui-start.mjs", hold)
    held.goto(link, wait_until="commit")
    painted = held.locator("#screen > .link-prepaint")
    expect(painted).to_be_visible()
    expect(painted.locator("#score-link-standings > li")).to_have_count(3)
    assert standings_texts(held, "#screen > .link-prepaint") == expected
    expect(painted.locator(".sk-link-rounds tbody tr")).to_have_text(["1UmaUmaUma +91"])
    assert held.evaluate("document.documentElement.dataset.pyReady") is None
    assert held.locator("#screen img").count() == 0  # the name is text
    early.close()

    # a fresh profile with Python: the same standings, then "keep" imports it once
    other = browser.new_context(viewport=PHONE)
    phone = other.new_page()
    phone.goto(scanned)  # as the camera opens it
    wait_ready(phone)
    expect(phone.locator("#score-keep")).to_be_visible()
    assert standings_texts(phone, "#screen") == expected
    expect(phone.locator("#score-link-differs")).to_have_count(0)
    shot(phone, "link-open-en")
    phone.locator("#score-keep").click()
    expect(phone.locator(".sk-score-sheet")).to_be_visible()
    sheets = library(phone)["sheets"]
    assert isinstance(sheets, list) and len(sheets) == 1
    kept, sent = sheets[0]["save"]["sheet"], saved_sheet(page, first)["sheet"]
    nobody = [None] * len(sent["players"])
    assert kept == {**score_of(sent), "people": nobody}  # exactly the sheet, people aside
    phone.goto(link)  # the same link again: nothing copied, it is offered to open
    expect(phone.locator("#score-open-saved")).to_be_visible()
    phone.locator("#score-open-saved").click()
    expect(phone.locator(".sk-score-sheet")).to_be_visible()
    assert len(library(phone)["sheets"]) == 1  # type: ignore[arg-type]

    # a newer link of the same game offers to update the copy
    page.locator(".back-link").click()
    page.locator("#score-enter").click()
    play_round(page, 1, {0: 3, 2: 9}, {})
    newer = take_link(page)
    phone.goto(newer)
    update = phone.locator("[data-act='score.keep-update']")
    expect(update).to_be_visible()
    update.click()
    expect(phone.locator(".sk-score-sheet")).to_be_visible()
    wait_saved(phone)
    sheets = library(phone)["sheets"]
    assert isinstance(sheets, list) and len(sheets) == 1
    assert sheets[0]["save"]["sheet"] == {
        **score_of(saved_sheet(page, first)["sheet"]),
        "people": nobody,
    }  # both rounds
    other.close()
    page.close()


def test_a_damaged_link_says_so_and_changes_nothing(fresh_context: BrowserContext, server: SiteServer) -> None:
    page = fresh_context.new_page()
    page.goto(server.url + "#/score/link/k1.AAAAAAAAAAAA")
    wait_ready(page)
    expect(page.locator("#score-link-error")).to_have_text("This link is damaged. Ask for it again.")
    expect(page.locator("[data-act='score.keep']")).to_have_count(0)
    page.goto(server.url + "#/score/link/k7.whatever")
    expect(page.locator("#score-link-error")).to_contain_text("newer version")
    assert page.evaluate("localStorage.getItem('uno.score.library')") is None


def test_a_link_opens_offline_in_the_installed_app(fresh_context: BrowserContext, server: SiteServer) -> None:
    """The app installed (its service worker in control, offline copy ready): a link opens with no network,
    painted at once, and is kept."""
    sheet = new_sheet(["Ana", "Ben 🃏"]).choose_dealer(1)
    sheet = sheet.add_round(sheet.blank_draft().with_winner(0).with_text(1, "17"))
    page = fresh_context.new_page()
    page.goto(server.url + "#/score")
    wait_ready(page)
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null && document.documentElement.dataset.offlineReady === '1'",
        timeout=120_000,
    )
    fresh_context.set_offline(True)
    try:
        page.close()
        page = fresh_context.new_page()  # a new document: the link opened from another app or the camera
        page.goto(server.url + "#/score/link/" + encode(sheet))
        page.wait_for_function("() => performance.getEntriesByName('link-prepaint').length > 0")
        wait_ready(page)
        assert standings_texts(page, "#screen") == ["1. Ana 17", "2. Ben 🃏 0"]
        page.locator("#score-keep").click()
        expect(page.locator(".sk-score-sheet")).to_be_visible()
        assert len(library(page)["sheets"]) == 1  # type: ignore[arg-type]
    finally:
        fresh_context.set_offline(False)


def test_a_link_pasted_in_the_home_screen_app_opens_its_sheet(
    app_context: BrowserContext, browser: Browser, server: SiteServer
) -> None:
    """An iPhone's Home Screen app has no address bar and is never handed a link: a person copies the link in
    Safari and types (pastes) it under "Import a game". A wrong text says why and changes nothing."""
    page = app_context.new_page()
    open_score(page, server.url)
    make_sheet(page, ["Uma", "Vic"])
    play_round(page, 1, {0: 23}, {})
    link = take_link(page)
    page.close()
    home = browser.new_context(viewport={"width": 360, "height": 640}, locale="es-ES", user_agent=IPHONE)
    home.add_init_script("Object.defineProperty(navigator, 'standalone', { get: () => true })")
    phone = home.new_page()
    open_score(phone, server.url)
    field, error = phone.locator("#score-open-link"), phone.locator("#score-open-link-error")
    field.click()
    phone.keyboard.press("Enter")
    expect(error).to_have_text("Primero pega el enlace de una hoja.")
    phone.keyboard.type("hola")
    phone.keyboard.press("Enter")
    expect(error).to_have_text("Este no es un enlace a una hoja de puntos de UNO.")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_value("hola")  # kept, to mend
    assert horizontal_overflow(phone) == 0 and not small_targets(phone) and not untranslated(phone)
    shot(phone, "link-paste-error-360x640-es")
    for _ in "hola":
        phone.keyboard.press("Backspace")
    phone.keyboard.type(link[:-6])  # cut short
    phone.keyboard.press("Enter")
    expect(error).to_contain_text("cortado")
    phone.keyboard.type(link[-6:])
    phone.keyboard.press("Enter")
    expect(phone.locator("#score-keep")).to_be_visible()
    assert phone.evaluate("location.hash") == "#" + link.split("#", 1)[1]
    phone.locator("#score-keep").click()
    expect(phone.locator(".sk-score-sheet")).to_be_visible()
    wait_saved(phone)
    assert len(library(phone)["sheets"]) == 1  # type: ignore[arg-type]
    home.close()


def test_every_sheet_moves_to_another_phone_by_one_qr_code(browser: Browser, server: SiteServer) -> None:
    """Move all my sheets: one page with the link of every sheet and its QR code; the other phone's camera
    opens it and keeps them all (a profile of its own: the shared one holds copies of the same games)."""
    source = browser.new_context(viewport=PHONE, locale="en-US")
    page = source.new_page()
    open_score(page, server.url)
    make_sheet(page, ["Uma", "Vic"])
    play_round(page, 0, {1: 8}, {})
    make_sheet(page, ["Wen", EVIL, "Yao"])
    page.evaluate("location.hash = '#/score'")
    page.locator("#score-move-all").click()
    expect(page.locator("#score-link-text")).to_be_visible()
    link = str(page.locator("#score-link-text").input_value())
    assert "#/score/all/k2." in link  # version 2: the sheets' people and the regulars go along
    assert qr_text(page) == link
    shot(page, "move-all-390x844-en")
    assert horizontal_overflow(page) == 0 and not small_targets(page) and not untranslated(page)
    other = browser.new_context(viewport=PHONE, locale="es-ES")
    phone = other.new_page()
    phone.goto(link)  # as the camera opens it
    wait_ready(phone)
    expect(phone.locator("#score-moved > li")).to_have_count(2)
    phone.locator("#score-keep-all").click()
    expect(phone.locator("#score-flash")).to_have_text("2 partidas importadas.")
    wait_saved(phone)
    titles = phone.locator(".sk-game-title").all_inner_texts()
    assert sorted(titles) == sorted(["Uma, Vic", f"Wen, {EVIL}, Yao"])
    sheets = library(phone)["sheets"]
    assert len(sheets) == 2
    assert sorted(entry["save"]["sheet"]["people"] for entry in sheets) == [
        ["~uma", "~vic"],
        ["~wen", "~" + EVIL.casefold(), "~yao"],
    ]
    other.close()
    source.close()
