"""Play mode's motion, sound and "what just happened" in Chromium: the last-action line shows every
bot move of a seeded round, the round end shows the cards left and no line of the next round, pass-and-play
shows a drawn card before the hand-off, reduced motion runs no animation, the sound switch survives a reload,
no control is cut at 360/390 px; axe on each new screen; screenshots of a round on a phone in both languages."""

from __future__ import annotations

import json
import re

import pytest
from e2e_helpers import catalogue, check_axe, horizontal_overflow, set_language, wait_ready, wait_saved
from play_e2e import ARTIFACTS, do, game_of, scenario, start, state, wait_idle
from play_policy import Flags, choose
from playwright.sync_api import Page, expect

from app.i18n import Texts
from app.play import describe
from app.play.config import PlayConfig
from app.play.round_end import hands_at_end
from app.play.table_state import ORIGINS
from uno_core import DRAW, Play
from uno_core import events as ev

pytestmark = pytest.mark.e2e
SEED = 160
PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 800}
SMALL_PHONE = {"width": 360, "height": 640}
# every text the last-action line shows, collected as the page draws
WATCH = """() => { window.__seen = new Set(); new MutationObserver(() => {
  for (const part of document.querySelectorAll('#last-action span')) window.__seen.add(part.textContent); })
  .observe(document.getElementById('screen'), {childList: true, subtree: true}); }"""
# the most animations (Web Animations, CSS animations and transitions, travelling cards) seen at any frame
SAMPLE = """() => { window.__most = 0; const look = () => { window.__most = Math.max(window.__most,
  document.getAnimations().length + document.querySelectorAll('.fx-layer .flyer').length);
  window.__sampler = requestAnimationFrame(look); }; look(); }"""
CUT = """() => { const cut = []; const probe = document.createElement('span');
  probe.style.position = 'absolute'; probe.style.visibility = 'hidden'; probe.style.whiteSpace = 'pre';
  document.body.append(probe);
  const controls = 'button, select, a.button, summary, label.button, .seat-tags, .seat-name';
  for (const e of document.querySelectorAll(controls)) {
    if (!e.getClientRects().length) continue;
    if (e.scrollWidth > e.clientWidth + 1) cut.push(e.className + ': ' + e.textContent.trim().slice(0, 40));
    if (e.matches('select')) { const style = getComputedStyle(e); probe.style.font = style.font;
      for (const option of e.options) { probe.textContent = option.textContent;
        const room = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
        if (probe.getBoundingClientRect().width > room) cut.push('option: ' + option.textContent); } } }
  probe.remove(); return cut; }"""

WIDE = """() => [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth + 0.5)
  .map(e => e.className + ' ' + e.getBoundingClientRect().right)"""


def bot_lines(data: dict, lang: str) -> list[str]:
    """The first line of every bot move of round 1, in `lang`."""
    game, words = game_of(data), Texts(lang, catalogue(lang))
    lines = []
    for event in game.history_for(0):
        if isinstance(event, ev.RoundOver):
            break
        seat = getattr(event, "seat", None)
        starts = isinstance(event, ORIGINS) or (isinstance(event, ev.CardsDrawn) and event.reason == "draw")
        if starts and seat not in (None, 0):
            lines.append(describe.render(describe.event_lines(event, game.names, game.sides)[0], words))
    return lines


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_round_on_a_phone_shows_every_bot_move_and_ends_with_the_hands_left(page: Page, lang: str) -> None:
    page.set_viewport_size(PHONE)
    set_language(page, lang)
    page.evaluate(WATCH)
    data = start(page, {"config": PlayConfig().to_dict() | {"speed": "fast", "reaction_ms": 0}, "seed": SEED})
    flags, shots = Flags(), 0
    check_axe(page, f"table with the last-action line ({lang})")
    for _ in range(200):
        if data["screen"] != "table":
            break
        action = choose(game_of(data).legal_actions(0), flags)
        assert action is not None
        plain = isinstance(action, Play) and str(action) == f"play {action.card}"
        if shots < 2 and plain and isinstance(action, Play):
            length = len(data["log"])
            page.locator(f'.hand [data-card="{action.card.code}"]').first.click()
            page.wait_for_function("n => JSON.parse(window.unoPlay.state()).log.length > n", arg=length)
            page.wait_for_timeout(140)
            page.screenshot(path=str(ARTIFACTS / f"play-motion-phone-{lang}-{shots}.png"))  # mid-flight
            shots += 1
            data = wait_idle(page)
            continue
        data = do(page, action)
    assert data["screen"] == "round-end", data
    seen = set(page.evaluate("[...window.__seen]"))
    missing = [line for line in bot_lines(data, lang) if line not in seen]
    assert missing == [], missing
    assert int(page.evaluate("document.documentElement.dataset.fxMoves || '0'")) > 0
    hands = hands_at_end(game_of(data), 0)
    expect(page.locator(".hands-table .card")).to_have_count(sum(len(hand) for hand in hands))
    words = Texts(lang, catalogue(lang))
    round_2 = words("play.log.round", round=2, name="", count=7).split(":")[0]
    assert round_2 not in page.locator(".log-lines").inner_text()
    check_axe(page, f"round end with the hands left ({lang})")
    assert horizontal_overflow(page) == 0, page.evaluate(WIDE)
    page.screenshot(path=str(ARTIFACTS / f"play-round-end-hands-phone-{lang}.png"), full_page=True)
    page.locator('[data-act="play.next-round"]').click()
    expect(page.locator(".log-lines")).to_contain_text(round_2)
    page.screenshot(path=str(ARTIFACTS / f"play-round-2-phone-{lang}.png"))


def test_pass_and_play_shows_the_drawn_card_before_the_hand_off(page: Page) -> None:
    page.set_viewport_size(DESKTOP)
    set_language(page, "en")
    seats = [
        {"kind": "human", "name": "Ana"},
        {"kind": "human", "name": "Ben"},
        {"kind": "bot", "name": "Cai", "level": "basic"},
    ]
    hands = ["G1 G2 G3 G4 G6 G7 G8", "R1 R2 R3 R4 R6 R7 R8", "Y1 Y2 Y3 Y4 Y6 Y7 Y8"]
    data = start(
        page,
        {
            "config": {"seats": seats, "preset": "official", "speed": "instant", "reaction_ms": 0},
            "scenario": scenario(hands, "B5", "Y9", dealer=2),
        },
    )
    assert data["screen"] == "handoff"
    page.locator('[data-act="play.handoff"]').click()
    data = do(page, DRAW)
    assert data["screen"] == "drawn" and data["handoff"] == 1
    panel = page.locator('[data-panel="drawn"]')
    expect(panel.locator('.reveal-card[data-code="Y9"]')).to_be_visible()
    expect(panel.locator("h2")).to_contain_text("Ana")
    expect(panel).to_contain_text(catalogue("en")["play.reveal.text"])
    expect(page.locator(".hand")).to_have_count(0)
    check_axe(page, "drawn card before the hand-off")
    page.screenshot(path=str(ARTIFACTS / "play-drawn-desktop-en.png"))
    page.locator('[data-act="play.reveal"]').click()
    expect(page.locator('[data-panel="handoff"] h2')).to_contain_text("Ben")
    page.set_viewport_size(PHONE)


def test_reduced_motion_runs_no_animation_and_the_instant_speed_skips_them(page: Page) -> None:
    page.emulate_media(reduced_motion="reduce")
    data = start(page, {"config": {"speed": "fast", "reaction_ms": 0}, "seed": 7})
    page.evaluate(SAMPLE)
    flags = Flags()
    for _ in range(3):
        action = choose(game_of(data).legal_actions(0), flags)
        if data["screen"] != "table" or action is None:
            break
        data = do(page, action)
    assert page.evaluate("window.__most") == 0
    page.emulate_media(reduced_motion="no-preference")
    data = start(page, {"config": {"speed": "instant", "reaction_ms": 0}, "seed": 7})
    page.evaluate("window.__most = 0")
    data = do(page, choose(game_of(data).legal_actions(0), Flags()))
    assert page.evaluate("window.__most") == 0
    data = start(page, {"config": {"speed": "fast", "reaction_ms": 0}, "seed": 7})
    page.evaluate("window.__most = 0")
    do(page, choose(game_of(data).legal_actions(0), Flags()))
    assert page.evaluate("window.__most") > 0  # the same moves, with motion allowed, do move
    page.evaluate("cancelAnimationFrame(window.__sampler)")


# Records the page's <audio> plays (web/page/ui/fx.py): their files, how many started, why any was refused.
WATCH_PLAYS = """() => {
    const real = HTMLMediaElement.prototype.play;
    window.__plays = {real, sources: [], started: 0, failed: []};
    HTMLMediaElement.prototype.play = function () {
        window.__plays.sources.push(this.src);
        const started = real.call(this);
        started.then(() => { window.__plays.started += 1; }, (err) => { window.__plays.failed.push(String(err)); });
        return started;
    };
}"""


def test_the_sound_switch_is_remembered_across_a_reload(page: Page) -> None:
    data = start(page, {"config": {"speed": "fast", "reaction_ms": 0}, "seed": 7})
    switch = page.locator('[data-act="play.sound"]')
    if switch.get_attribute("aria-pressed") == "false":
        switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    before = int(page.evaluate("document.documentElement.dataset.fxSounds || '0'"))
    page.evaluate(WATCH_PLAYS)
    data = do(page, choose(game_of(data).legal_actions(0), Flags()))
    assert int(page.evaluate("document.documentElement.dataset.fxSounds")) > before
    # the cue's sound really played: its <audio> element started (the play() promise resolved) on a WAV file
    page.wait_for_function("() => window.__plays.started > 0 || window.__plays.failed.length", timeout=10_000)
    plays = page.evaluate("window.__plays")
    assert plays["failed"] == [] and plays["started"] > 0, plays
    assert all(re.search(r"/web/sounds/[a-z]+\.wav$", src) for src in plays["sources"]), plays
    page.evaluate("() => { HTMLMediaElement.prototype.play = window.__plays.real; }")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    expect(switch).not_to_have_class("fresh")
    wait_saved(page)
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#play .hand")
    switch = page.locator('[data-act="play.sound"]')
    expect(switch).to_have_attribute("aria-pressed", "false")
    data = wait_idle(page)
    quiet = page.evaluate("document.documentElement.dataset.fxSounds || '0'")
    do(page, choose(game_of(data).legal_actions(0), Flags()))
    assert page.evaluate("document.documentElement.dataset.fxSounds || '0'") == quiet
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    wait_saved(page)


@pytest.mark.parametrize("width", [360, 390])
def test_no_control_is_cut_on_a_phone(page: Page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 800})
    seats = [
        {"kind": "human", "name": "Player 1"},
        {"kind": "bot", "name": "Ana", "level": "strategic"},
        {"kind": "bot", "name": "Ben", "level": "expert"},
        {"kind": "bot", "name": "Cai", "level": "random"},
    ]
    for lang in ("en", "es"):
        set_language(page, lang)
        start(page, {"config": {"seats": seats, "speed": "instant", "reaction_ms": 0}, "seed": 7})
        page.locator(".table-menu summary").click()
        assert page.evaluate(CUT) == [], (lang, width, "table")
        assert horizontal_overflow(page) == 0, page.evaluate(WIDE)
        expect(page.locator(".dealer-chip")).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / f"play-table-menu-{width}-{lang}.png"))
        page.locator(".table-menu summary").click()
        page.evaluate("location.hash = '#/play'")
        page.wait_for_selector("#play-setup")
        assert page.evaluate(CUT) == [], (lang, width, "set-up")
        page.evaluate("location.hash = '#/play/table'")
        page.wait_for_selector("#play .hand")
    page.set_viewport_size(PHONE)
    assert json.loads(page.evaluate("window.unoPlay.state()"))["screen"] == "table"
    assert state(page)["screen"] == "table"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_starting_a_new_game_over_one_in_progress_asks_first(page: Page, lang: str) -> None:
    page.set_viewport_size(PHONE)
    set_language(page, lang)
    kept = start(page, {"config": PlayConfig().to_dict() | {"speed": "instant", "reaction_ms": 0}, "seed": 5})
    page.evaluate("location.hash = '#/play'")
    page.wait_for_selector("#play-setup")
    page.locator("#start-top").click()
    title = page.locator("#start-ask-title")
    expect(title).to_have_text(catalogue(lang)["play.setup.ask_title"])
    expect(title).to_be_focused()
    expect(page.locator("[data-act='setup.start']")).to_have_count(0)
    check_axe(page, f"set-up asking before a new game ({lang})")
    assert horizontal_overflow(page) == 0, page.evaluate(WIDE)
    page.screenshot(path=str(ARTIFACTS / f"play-setup-ask-phone-{lang}.png"))
    page.locator("[data-act='setup.start-keep']").click()  # "keep the current game": nothing is lost
    expect(page.locator(".start-ask")).to_have_count(0)
    expect(page.locator("#start-top")).to_be_focused()
    assert state(page)["digest"] == kept["digest"]
    page.set_viewport_size(SMALL_PHONE)
    timer = page.locator("#f-turn-timer")  # the turn timer (issue 50): off by default, chosen like a person does
    expect(timer).to_have_value("0")
    timer.scroll_into_view_if_needed()
    timer.click()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(timer).to_have_value("30")
    expect(timer.locator("option:checked")).to_have_text(catalogue(lang)["play.setup.timer_s"].format(seconds=30))
    expect(page.locator("#turn-timer-help")).to_have_text(catalogue(lang)["play.setup.timer_help"])
    assert horizontal_overflow(page) == 0, page.evaluate(WIDE)
    page.locator("#start-bottom").click()
    page.locator("[data-act='setup.start-sure']").click()
    page.wait_for_function("d => JSON.parse(window.unoPlay.state()).digest !== d", arg=kept["digest"])
    started = wait_idle(page)
    assert started["screen"] == "table" and started["current"] == 0, started  # the person's turn, timed
    left = page.locator(".seat.me .seat-timer")
    expect(left).to_be_visible()
    counted = "e => Number(getComputedStyle(e).getPropertyValue('--turn-left'))"
    first = left.evaluate(counted)
    page.wait_for_timeout(1500)
    assert 0 < left.evaluate(counted) < first <= 30  # the page counts down by itself, between drawings
    said = catalogue(lang)["play.timer.left"].replace("{seconds}", r"([0-9]+)")  # its words for screen readers
    assert re.search(said, page.locator(".seat.me .sr-only").inner_text()), page.locator(".seat.me").inner_text()
    assert horizontal_overflow(page) == 0, page.evaluate(WIDE)
    page.screenshot(path=str(ARTIFACTS / f"play-turn-timer-360-{lang}.png"))
    page.evaluate("location.hash = '#/play'")  # the timer off again: the module's next games are not timed
    page.wait_for_selector("#f-turn-timer")
    page.locator("#f-turn-timer").click()
    page.keyboard.press("Home")
    page.keyboard.press("Enter")
    expect(page.locator("#f-turn-timer")).to_have_value("0")
    page.set_viewport_size(PHONE)
