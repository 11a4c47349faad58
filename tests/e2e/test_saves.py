"""Saves survive a killed browser: Chromium is SIGKILLed half a second after a save, as a
phone's OS kills a backgrounded browser, and relaunched on the same profile; today's localStorage
saves migrate once; without IndexedDB the page warns, offers the export and still saves."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from e2e_helpers import LANGS, KillableProfile, check_axe, set_language, stored, wait_ready, wait_saved
from playwright.sync_api import Browser, BrowserContext, Page, expect
from score_helpers import PHONE, fill_round, new_game, save_round, shot

from app.play.config import PlayConfig
from app.play.session import Session
from app.score.effect import Effects
from app.score.step import State, World, step
from app.score.store import MemoryStorage, Store
from app.score.visit import Visit
from app.score.where import Where
from app.storage.core import LEGACY_KEYS, MIRRORED
from tools.serve import SiteServer

pytestmark = pytest.mark.e2e

KILL_AFTER_S = 0.5
PLAYERS = [
    {"kind": "human", "name": "Me"},
    {"kind": "bot", "name": "Ana", "level": "basic"},
    {"kind": "bot", "name": "Ben", "level": "random"},
]


def test_a_keeper_round_and_a_typed_draft_survive_a_kill(killable_profile: KillableProfile, server: SiteServer) -> None:
    profile = killable_profile
    page = profile.page(server.url + "#/score")
    sheet = new_game(page, ["Ana", "Ben", "Cai"], dealer=0)
    fill_round(page, 0, {1: 10, 2: 25})
    save_round(page)  # the sheet is on screen again: round 1 is saved
    time.sleep(KILL_AFTER_S)
    profile.kill()

    page = profile.page(server.url + f"#/score/{sheet}")
    expect(page.locator(".sk-rounds tfoot td")).to_have_text(["35", "0", "0"])
    assert json.loads(stored(page, "uno.score.library") or "{}")["sheets"][0]["id"] == sheet

    page.locator("#score-enter").click()  # round 2, typed but never saved: a draft
    fill_round(page, 2, {0: 7, 1: "12"})
    set_language(page, "es")  # a setting is a save too
    time.sleep(KILL_AFTER_S)
    profile.kill()

    page = profile.page(server.url + f"#/score/{sheet}/round")
    expect(page.locator("#score-winner-2")).to_be_checked()
    expect(page.locator("#score-hand-0")).to_have_value("7")
    expect(page.locator("#score-hand-1")).to_have_value("12")
    expect(page.locator("html")).to_have_attribute("lang", "es")


class Keeper:
    """The keeper's step on a storage in memory, its storage effects kept (as the score screen's desk does)."""

    def __init__(self, memory: MemoryStorage, world: World) -> None:
        self.store, self.world, self.visit = Store.open(memory), world, Visit()

    def enter(self, where: Where) -> None:
        self.visit = self.visit.entered(where)

    def act(self, act: str, **fields: object) -> Effects:
        state, effects = step(State(self.store.shelf, self.visit), {"op": "intent", "act": act, **fields}, self.world)
        self.visit = state.visit
        self.store.keep(state.shelf, effects.writes, effects.typing)
        return effects

    @property
    def errors(self) -> object:
        return self.visit.errors


def legacy_storage() -> dict[str, str]:
    """What the last version kept in localStorage: two sheets (one with a draft) and a game in progress."""
    memory = MemoryStorage()
    clock = iter(range(1_000, 10**9, 1_000))
    ids = iter(f"sheet{n}" for n in range(1, 100))
    keeper = Keeper(memory, World(clock=lambda: next(clock), new_id=lambda: next(ids), rng=random.Random(1)))
    for names in (["Ana", "Ben"], ["Cai", "Dee", "Eva"]):
        keeper.enter(Where.parse(("new",)))
        for name in names:
            keeper.act("score.new-name", value=name)
            keeper.act("score.add")
        keeper.act("score.dealer", seat=0)
        assert keeper.act("score.start").go, keeper.errors
    keeper.enter(Where.parse(("sheet1", "round")))
    keeper.act("score.winner", seat=0)
    keeper.act("score.hand-total", seat=1, value="30")  # saved below
    assert keeper.act("score.save").go, keeper.errors
    keeper.enter(Where.parse(("sheet1", "round")))
    keeper.act("score.winner", seat=1)
    keeper.act("score.hand-total", seat=0, value="4")  # typed, not saved: a draft
    keeper.store.write_held()  # written once the typing paused
    session = Session.new(PlayConfig.from_dict({"seats": PLAYERS, "speed": "instant"}), 3, None, "cut")
    items = {key: value for key, value in memory.items.items() if key in LEGACY_KEYS}  # what that version kept
    items["uno.play.game"] = session.dumps()
    return items


def test_todays_local_storage_saves_move_to_indexeddb_once(fresh_context: BrowserContext, server: SiteServer) -> None:
    legacy = legacy_storage()
    assert {"uno.score.library", "uno.score.drafts", "uno.play.game"} <= set(legacy)
    assert len(json.loads(legacy["uno.score.library"])["sheets"]) == 2
    page = fresh_context.new_page()
    page.goto(server.url + "manifest.webmanifest")  # the app's origin, without the app
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", legacy)

    page.goto(server.url + "#/score")
    wait_ready(page)
    expect(page.locator(".sk-game-list .sk-game-title")).to_have_count(2)
    migrated = set(str(page.evaluate("document.documentElement.dataset.savesMigrated")).split())
    assert migrated == set(legacy)
    for key in migrated:
        assert stored(page, key) == legacy[key]
        # moved, not copied; a mirrored save keeps its copy there, for the page before Python (the blank set-up)
        assert page.evaluate("key => localStorage.getItem(key)", key) == (legacy[key] if key in MIRRORED else None)
    page.evaluate("location.hash = '#/score/sheet1/round'")
    expect(page.locator("#score-hand-0")).to_have_value("4")  # the draft came along

    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.savesMigrated") is None  # not twice
    expect(page.locator("#score-hand-0")).to_have_value("4")
    page.evaluate("location.hash = '#/'")
    page.locator("#resume-link").click()
    page.wait_for_selector("#play .hand")
    game = json.loads(legacy["uno.play.game"])["game"]
    now = json.loads(page.evaluate("window.unoPlay.state()"))["save"]  # the bots may have moved on since
    assert now["seed"] == game["seed"] and now["log"][: len(game["log"])] == game["log"]


# IndexedDB refuses the saves' database, as Firefox does when site data is blocked. (Removing IndexedDB
# altogether stops PyScript itself, whose start awaits an IndexedDB-backed cache: no app to test then.)
NO_INDEXEDDB = """
const realOpen = IDBFactory.prototype.open;
IDBFactory.prototype.open = function (name, ...rest) {
    const denied = 'The user denied permission to access the database.';
    if (name === 'uno-saves') throw new DOMException(denied, 'SecurityError');
    return realOpen.call(this, name, ...rest);
};
"""
# The phone's disk fills up while the app runs: every write to the saves' store fails from then on.
DISK_FULL = """() => {
    IDBObjectStore.prototype.put = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
}"""


def test_without_indexeddb_the_page_warns_offers_the_export_and_still_saves(
    fresh_context: BrowserContext, server: SiteServer, tmp_path: Path
) -> None:
    fresh_context.add_init_script(NO_INDEXEDDB)
    page = fresh_context.new_page()
    page.goto(server.url + "#/score")
    wait_ready(page)
    warning = page.locator("#save-warning")
    expect(warning).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.saves") == "fallback"
    sheet = new_game(page, ["Ana", "Ben"], dealer=1)
    fill_round(page, 0, {1: 9})
    save_round(page)
    for lang in LANGS:
        set_language(page, lang)
        expect(warning).to_contain_text("navegación privada" if lang == "es" else "private browsing")
        expect(page.locator("#save-state")).to_have_text("Sin guardado seguro" if lang == "es" else "Not safely saved")
        shot(page, f"saves-fallback-390x844-{lang}")
    check_axe(page, "the storage warning")
    with page.expect_download() as download:
        page.locator("#save-export").click()
    backup = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert backup["format"] == "uno-backup" and backup["library"]["sheets"][0]["id"] == sheet

    page.reload()  # saved in localStorage, the fallback
    wait_ready(page)
    expect(warning).to_be_visible()
    expect(page.locator(".sk-rounds tfoot td")).to_have_text(["9", "0"])

    # the backup imports into a browser with working storage: the same sheet, as a new game
    other = fresh_context.browser.new_context(viewport=PHONE)  # type: ignore[union-attr]
    try:
        fresh = other.new_page()
        fresh.goto(server.url + "#/score")
        wait_ready(fresh)
        expect(fresh.locator("#save-warning")).to_be_hidden()
        with fresh.expect_file_chooser() as chooser:
            fresh.locator("#score-import").click()
        chooser.value.set_files(download.value.path())
        expect(fresh.locator(".sk-game-list .sk-game-title")).to_have_count(1)
        wait_saved(fresh)
        assert (
            json.loads(stored(fresh, "uno.score.library") or "{}")["sheets"][0]["save"]
            == (backup["library"]["sheets"][0]["save"])
        )
    finally:
        other.close()


def test_a_full_disk_mid_game_falls_back_warns_and_loses_nothing(app_page: Page) -> None:
    page = app_page
    page.evaluate("location.hash = '#/score'")
    sheet = new_game(page, ["Lia", "Max"], dealer=0)
    wait_saved(page)
    expect(page.locator("#save-warning")).to_be_hidden()
    page.evaluate(DISK_FULL)
    fill_round(page, 1, {0: 13})
    save_round(page)
    expect(page.locator("#save-warning")).to_be_visible()
    assert "QuotaExceededError" in str(page.evaluate("document.documentElement.dataset.savesFailure"))
    library = json.loads(page.evaluate("localStorage.getItem('uno.score.library')"))
    entry = next(item for item in library["sheets"] if item["id"] == sheet)
    assert len(entry["save"]["sheet"]["rounds"]) == 1  # the round that IndexedDB refused is in localStorage

    page.reload()  # storage works again: the fallback copy is newer than IndexedDB's and moves in
    wait_ready(page)
    expect(page.locator("#save-warning")).to_be_hidden()
    page.evaluate(f"location.hash = '#/score/{sheet}'")
    expect(page.locator(".sk-rounds tfoot td")).to_have_text(["0", "13"])
    wait_saved(page)
    assert page.evaluate("localStorage.getItem('uno.score.library')") is None
    assert json.loads(stored(page, "uno.score.library") or "{}")["sheets"]


def prepaint_before_python(context: BrowserContext, server: SiteServer, script: str) -> Page:
    """Save a sheet with round 1 worth 21, run `script` with `text` its localStorage copy showing 77
    instead, and open the sheet again with Python held back."""
    page = context.new_page()
    page.goto(server.url + "#/score")
    wait_ready(page)
    sheet = new_game(page, ["Noa", "Oto"], dealer=0)
    fill_round(page, 1, {0: 21})
    save_round(page)
    wait_saved(page)
    copy = json.loads(page.evaluate("localStorage.getItem('uno.score.prepaint')"))
    assert copy["id"] == sheet and "21" in copy["html"]
    changed = {**copy, "html": copy["html"].replace("21", "77")}
    page.evaluate(f"text => {{ {script} }}", json.dumps(changed))
    page.close()

    early = context.new_page()
    early.route("**/web/ui-start.mjs", lambda route: None)  # never answered: Python does not start
    early.goto(server.url + f"#/score/{sheet}", wait_until="commit")
    return early


def test_the_prepaint_shows_indexeddbs_copy_when_the_mirror_lags(browser: Browser, server: SiteServer) -> None:
    """After a kill the localStorage mirror can be older than IndexedDB: the picture follows IndexedDB."""
    context = browser.new_context(viewport=PHONE, service_workers="block")  # page.route sees every request
    try:
        early = prepaint_before_python(context, server, "localStorage.setItem('uno.score.prepaint', text);")
        painted = early.locator("#screen > .score-prepaint")
        expect(painted.locator(".sk-rounds tfoot td")).to_have_text(["0", "21"])
        assert early.evaluate("document.documentElement.dataset.pyReady") is None
    finally:
        context.close()


def test_the_prepaint_shows_a_fallback_save_newer_than_indexeddbs(browser: Browser, server: SiteServer) -> None:
    """A picture saved to localStorage while IndexedDB failed, after IndexedDB's copy, is the one shown,
    as Python starts with it (`opening.winner`)."""
    context = browser.new_context(viewport=PHONE, service_workers="block")
    later = (
        "localStorage.setItem('uno.score.prepaint', text);"
        "localStorage.setItem('uno.saves.fallback', JSON.stringify({'uno.score.prepaint': Date.now() + 1000}));"
    )
    try:
        early = prepaint_before_python(context, server, later)
        expect(early.locator("html")).to_have_attribute("data-score-prepaint", "1")  # painted from localStorage
        early.evaluate("() => window.unoSaves.read().then(() => new Promise((done) => setTimeout(done, 50)))")
        painted = early.locator("#screen > .score-prepaint")
        expect(painted.locator(".sk-rounds tfoot td")).to_have_text(["0", "77"])
        assert early.evaluate("document.documentElement.dataset.pyReady") is None
    finally:
        context.close()


def test_the_same_sheet_in_two_tabs_loses_no_round(fresh_context: BrowserContext, server: SiteServer) -> None:
    """Each tab takes the rounds the other saves, so the last save never drops the other tab's round."""
    first = fresh_context.new_page()
    first.goto(server.url + "#/score")
    wait_ready(first)
    sheet = new_game(first, ["Pia", "Quim"], dealer=0)
    wait_saved(first)
    first.evaluate(f"location.hash = '#/score/{sheet}'")
    second = fresh_context.new_page()
    second.goto(server.url + f"#/score/{sheet}")
    wait_ready(second)
    second.locator("#score-enter").click()
    fill_round(second, 0, {1: 5})
    save_round(second)
    expect(first.locator(".sk-rounds tfoot td")).to_have_text(["5", "0"])  # came in without a reload
    first.locator("#score-enter").click()
    fill_round(first, 1, {0: 8})
    save_round(first)
    expect(second.locator(".sk-rounds tfoot td")).to_have_text(["5", "8"])
    wait_saved(first)
    wait_saved(second)
    entry = json.loads(stored(first, "uno.score.library") or "{}")["sheets"][0]
    assert len(entry["save"]["sheet"]["rounds"]) == 2
