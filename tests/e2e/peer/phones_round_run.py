"""Inside a network namespace (tools/netns.py): a round of UNO on four phones (issue 50). The host phone (English)
holds Hana and a bot, Dee; Beto (English, 390x844), Caro (Spanish, 360x640) and Eli (English, 360x640) play on their
own phones, screens of the host's engine joined by the invitation link. Every move is a tap on the phone of the
person who makes it (`play_phones_policy`); Beto plays his second-to-last card without UNO and Caro catches him from
her phone. A tampered guest page taps another hand's card, a card of its own that cannot be played and another
seat: refused, nothing changed. Eli's phone runs its own Chromium in a namespace of its own (`netns.Phone`, as in
`cut_run.py`): its link is cut while Caro's page is tampered with and three people play, both sides say
"Reconnecting…", and once the link is back Eli's phone is at its seat with its current hand, no code typed. Caro's tab
and then the host's reload mid-round: every phone comes back to its seat. Beto and Caro share the host's browser.

`python tests/e2e/peer/phones_round_run.py SITE ARTIFACTS` prints one JSON line of what each phone showed.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [
    str(ROOT),
    str(ROOT / "web" / "engine"),
    str(ROOT / "tests" / "e2e"),
    str(ROOT / "tests" / "e2e" / "peer"),
]

from cut_run import served_in  # noqa: E402
from e2e_helpers import (  # noqa: E402
    horizontal_overflow,
    settle_animations,
    small_targets,
    untranslated,
    wait_ready,
    wait_saved,
)
from play_phones_policy import BETO, CARO, ELI, Moments, catch_now, choose, config  # noqa: E402
from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

from tools import netns  # noqa: E402
from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import SiteServer  # noqa: E402
from uno_core import ACCEPT, DRAW, KEEP, Action, Catch, ChooseColour, Game, Play, save  # noqa: E402

ARGS = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
SEED = 30  # `python tests/e2e/peer/play_phones_policy.py`: a short round with a quiet play, a catch and a call
LARGE, SMALL = {"width": 390, "height": 844}, {"width": 360, "height": 640}
GUESTS = ((BETO, "Beto", LARGE, "en-US"), (CARO, "Caro", SMALL, "es-ES"), (ELI, "Eli", SMALL, "en-US"))
PROBLEMS: list[str] = []


def look(page: Page, shots: Path, name: str) -> None:
    settle_animations(page)  # a card in flight would hide the discard in the picture
    page.screenshot(path=str(shots / f"{name}.png"))
    if (extra := horizontal_overflow(page)) > 0:
        PROBLEMS.append(f"{name}: {extra} px wider than the phone")
    PROBLEMS.extend(f"{name}: {target}" for target in small_targets(page))
    PROBLEMS.extend(f"{name}: raw key {key}" for key in untranslated(page))


def scrolls(page: Page) -> int:
    """How far the page scrolls at all (a turn should need no scrolling: 0)."""
    return int(page.evaluate("document.scrollingElement.scrollHeight - innerHeight"))


def state(host: Page) -> dict[str, Any]:
    return dict(json.loads(host.evaluate("window.unoPlay.state()")))


def game(host: Page) -> Game:
    return save.from_dict(state(host)["save"])


def wait_idle(host: Page) -> dict[str, Any]:
    host.wait_for_function(
        "() => { const s = JSON.parse(window.unoPlay.state()); return s && !s.busy; }", timeout=30_000
    )
    return state(host)


def wait_log(host: Page, length: int) -> None:
    host.wait_for_function("n => JSON.parse(window.unoPlay.state()).log.length > n", arg=length, timeout=15_000)


def caught_up(page: Page, position: int) -> None:
    """The phone shows the table at `position` (its drawing arrived)."""
    expect(page.locator(f'#play[data-position="{position}"]')).to_be_attached(timeout=15_000)


def invite(host: Page) -> str:
    host.locator("#table-invite").click()
    offer = host.locator("#table-offer-code")
    expect(offer).to_be_visible(timeout=15_000)
    return offer.inner_text().replace(" ", "")


def join(host: Page, guest: Page, url: str, seat: int) -> None:
    """The guest's camera opens the invitation link (`url`: the site as the guest reaches it); the host reads its
    answer; the guest says who it is."""
    guest.goto(url + "#/table/join/" + invite(host))
    answer = guest.locator("#guest-answer-code")
    expect(answer).to_be_visible(timeout=15_000)
    host.locator("#table-code").fill(answer.inner_text())  # the host's camera reads it: not a typing test
    host.locator("#table-connect").click()
    expect(guest.locator("html")).to_have_attribute("data-link", "live", timeout=20_000)
    guest.locator(f"#table-claim-{seat}").click()
    expect(guest.locator("#play[data-screen]")).to_be_attached(timeout=10_000)


def tap(page: Page, action: Action) -> None:
    """A person's action by its controls (as `tests/e2e/play/play_e2e.do`)."""
    if action in (DRAW, KEEP, ACCEPT):
        page.locator(f'.actions [data-move="{action}"]').first.click()
        return
    if isinstance(action, Catch):
        page.locator(f'[data-move="{action}"]').first.click()
        return
    if isinstance(action, ChooseColour):
        page.locator(f'[data-act="play.colour"][data-colour="{action.colour}"]').click()
        return
    assert isinstance(action, Play), action
    if action.uno:
        page.locator('[data-act="play.uno"]').click()
        expect(page.locator('[data-act="play.uno"][aria-pressed="true"]')).to_be_attached()
    page.locator(f'.hand [data-card="{action.card.code}"]').first.click()
    if page.locator('[data-act="play.count"]').count():
        page.locator('[data-act="play.count"][data-count="1"]').click()
    if action.colour is not None:
        page.locator(f'[data-act="play.colour"][data-colour="{action.colour}"]').click()


def hand(page: Page) -> list[str]:
    return sorted(page.locator(".hand [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)"))


def own_hand(page: Page, host: Page, seat: int) -> bool:
    """The phone shows exactly `seat`'s hand as the host's game holds it now."""
    return hand(page) == sorted(str(c) for c in game(host).hands[seat])


FORGE = """(fields) => {
    const b = document.createElement("button");
    b.id = "forged"; b.type = "button";
    for (const [k, v] of Object.entries(fields)) b.dataset[k] = v;
    document.querySelector("#play").prepend(b); b.click(); b.remove();
}"""


def tampered(host: Page, caro: Page, shots: Path) -> dict[str, Any]:
    """Caro's page, tampered with: buttons the host never drew, tapped (its page numbers and sends them as its own
    taps). Another hand's card, a card of hers that cannot be played, another seat claimed, the host's own act:
    nothing changes. Each tap waits for the answer to the one before (a tap sent before it is "blind": refused
    unexplained); the link keeps their order, so the last one's answer shows the host has taken them all."""
    now = game(host)
    before = state(host)["digest"]
    others = [str(c) for c in now.hands[0] if c not in now.hands[CARO]]
    # a tap before the page's Python listens waits for it, and is dropped if its button is gone by then (ours is)
    caro.wait_for_function("() => window.unoEngine.listening", timeout=15_000)
    caro.evaluate(FORGE, {"act": "play.card", "card": others[0]})  # Hana's card, not hers
    notice = caro.locator(".notice")
    expect(notice).to_be_visible(timeout=10_000)
    refused = notice.inner_text()
    own = caro.locator('.hand .card[aria-disabled="true"]')
    assert own.count(), "Caro holds no card she cannot play: choose another seed"
    name = own.first.locator(".sr-only > span").first.inner_text()  # the card's name, as the page says it
    own.first.click(force=True)  # a dimmed card: a person may still tap it (it is explained)
    expect(notice).to_contain_text(name, timeout=10_000)
    illegal = notice.inner_text()
    look(caro, shots, "caro-refused")
    caro.evaluate(FORGE, {"act": "table.claim", "seat": "0"})  # the host's own person
    caro.evaluate(FORGE, {"act": "play.new-match"})  # the host's act
    caro.evaluate(FORGE, {"act": "play.card", "card": others[0]})  # answered after those two: explained or not
    expect(caro.locator(".notice", has_text=name)).to_have_count(0, timeout=10_000)
    others_shown = [c for c in others if caro.locator(f'.hand [data-card="{c}"]').count()]
    host.evaluate("window.unoPlay.follow(true)")  # the game's state now (a phone's act need not draw the host's table)
    return {"same": state(host)["digest"] == before, "notices": [refused], "illegal": illegal, "shown": others_shown}


def rejoin(host: Page, guest: Page, name: str) -> None:
    """A guest whose link is gone: the host's invitation page shows that player's rejoin code by itself; the codes
    read both ways (filled in: a camera reads them); the phone is back at its seat without saying who it is."""
    host.evaluate("location.hash = '#/table/host/play'")
    panel = host.locator(".table-rejoin", has_text=name)
    code = panel.locator("[id^='table-rejoin-code-']")
    expect(code).to_be_visible(timeout=20_000)
    guest.locator("#guest-code").fill(code.inner_text())  # the camera reads the codes: not a typing test
    guest.locator("#guest-connect").click()
    answer = guest.locator("#guest-answer-code")
    expect(answer).to_be_visible(timeout=15_000)
    field = panel.locator("[id^='table-rejoin-input-']").get_attribute("id")
    host.locator(f"#{field}").fill(answer.inner_text())
    panel.locator("[id^='table-rejoin-connect-']").click()
    expect(guest.locator("html")).to_have_attribute("data-link", "live", timeout=20_000)
    expect(guest.locator("#play[data-screen]")).to_be_attached(timeout=15_000)
    host.evaluate("location.hash = '#/play/table'")
    expect(host.locator("#play[data-screen]")).to_be_attached(timeout=15_000)


def reloads(host: Page, guests: dict[int, Page]) -> dict[str, Any]:
    """Mid-round: Caro's tab reloads and she comes back to her seat; then the host's tab reloads, resumes the game
    from its save, and every phone comes back to its seat with the table as it was."""
    before = state(host)
    caro = guests[CARO]
    caro.reload()
    expect(caro.locator("html")).to_have_attribute("data-guest", "lost", timeout=20_000)
    rejoin(host, caro, "Caro")
    out: dict[str, Any] = {"caro_hand": own_hand(caro, host, CARO)}
    wait_saved(host)  # the game's last save written (IndexedDB), as a person's reload would find it
    host.reload()
    wait_ready(host)
    expect(host.locator("#play[data-screen]")).to_be_attached(timeout=30_000)
    for guest in guests.values():
        expect(guest.locator("html")).to_have_attribute("data-link", "lost", timeout=30_000)
    for seat, name, *_ in GUESTS:
        rejoin(host, guests[seat], name)
    out["same_game"] = state(host)["digest"] == before["digest"]
    out["hands_back"] = [own_hand(guests[seat], host, seat) for seat, *_ in GUESTS]
    return out


def seen(checks: dict[str, Callable[[], bool]], since: float, timeout: float) -> dict[str, float | None]:
    """Seconds from `since` until each check held, polled every 50 ms (None: not within `timeout` of now)."""
    out: dict[str, float | None] = dict.fromkeys(checks)
    end = time.perf_counter() + timeout
    while time.perf_counter() < end and None in out.values():
        for side, check in checks.items():
            if out[side] is None and check():
                out[side] = round(time.perf_counter() - since, 2)
        time.sleep(0.05)
    return out


class Cut:
    """Eli's link cut mid-round (`netns.Phone`): a locked screen, a phone out of the Wi-Fi. It begins on Hana's
    turn; Caro's page is tampered with, and Hana, Beto and Caro play meanwhile; on Eli's turn the host looks at its
    invitation page (where it lists its phones): both sides say "Reconnecting…"; the link is mended, and Eli's phone
    shows the table as it is now, its hand, no code typed."""

    def __init__(self, phone: netns.Phone, host: Page, eli: Page, shots: Path) -> None:
        self.phone, self.host, self.eli, self.shots = phone, host, eli, shots
        self.since = 0.0
        self.out: dict[str, Any] = {}
        self.line = host.locator("#table-guests li", has_text="Eli")

    def link(self) -> str:
        return str(self.eli.evaluate("document.documentElement.dataset.link"))

    def host_says(self) -> str:
        return self.line.get_attribute("class") or ""

    def begin(self, position: int) -> None:
        assert self.link() == "live"
        self.out["position"] = position
        self.phone.cut()
        self.since = time.perf_counter()

    def end(self, position: int) -> dict[str, Any]:
        host, eli, out = self.host, self.eli, self.out
        out["moves_meanwhile"] = position - out["position"]
        host.evaluate("location.hash = '#/table/host/play'")
        reconnecting = {
            "eli": lambda: self.link() == "reconnecting",
            "host": lambda: "reconnecting" in self.host_says(),
        }
        out["reconnecting_s"] = seen(reconnecting, self.since, 15)
        look(eli, self.shots, "eli-reconnecting")
        host.screenshot(path=str(self.shots / "host-reconnecting.png"), full_page=True)
        out["lines"] = [eli.locator("#link-state").inner_text(), self.line.inner_text()]
        self.phone.mend()
        live = {"eli": lambda: self.link() == "live", "host": lambda: self.host_says() == "table-guest"}
        out["live_s"] = seen(live, time.perf_counter(), 30)
        caught_up(eli, position)
        out["hand"] = own_hand(eli, host, ELI)
        out["guest"] = eli.evaluate("document.documentElement.dataset.guest")  # "live": no codes asked
        look(eli, self.shots, "eli-back")
        host.evaluate("location.hash = '#/play/table'")
        expect(host.locator("#play[data-screen]")).to_be_attached(timeout=15_000)
        return out


def play(host: Page, guests: dict[int, Page], urls: dict[int, str], cut: Cut, shots: Path) -> dict[str, Any]:
    """The round, from the host's set-up to the round's end on every phone (see the module's doc)."""
    clock = time.perf_counter()
    result: dict[str, Any] = {"moves": [], "timings": {}}
    marks = result["timings"]
    beto, caro = guests[BETO], guests[CARO]
    host.goto(urls[0] + "#/play/table")
    wait_ready(host)
    started = host.evaluate("spec => window.unoPlay.start(spec)", json.dumps({"config": config(), "seed": SEED}))
    assert started == "ok", started
    host.evaluate("location.hash = '#/table/host/play'")
    expect(host.locator("#table-invite")).to_be_visible(timeout=15_000)
    marks["ready_s"] = round(time.perf_counter() - clock, 1)
    for seat, page in guests.items():
        join(host, page, urls[seat], seat)
    result["host_guests"] = host.locator("#table-guests li").all_inner_texts()
    host.evaluate("location.hash = '#/play/table'")
    expect(host.locator("#play[data-screen]")).to_be_attached(timeout=15_000)
    marks["joined_s"] = round(time.perf_counter() - clock, 1)
    phones = {0: host, **guests}
    result["own_hands"] = [own_hand(p, host, s) for s, p in phones.items()]
    moments = Moments()
    for _ in range(200):
        data = wait_idle(host)
        now = game(host)
        if data["pending_round"] or data["over"]:
            break
        position = len(now.log)
        seat = now.current
        if seat == 0 and "tampered" not in result:
            cut.begin(position)
            caught_up(caro, position)
            result["tampered"] = tampered(host, caro, shots)
        elif seat == ELI and cut.since and "cut" not in result:
            result["cut"] = cut.end(position)
            marks["cut_s"] = round(time.perf_counter() - cut.since, 1)
        elif seat == 0 and moments.caught and "reloads" not in result:
            start = time.perf_counter()
            result["reloads"] = reloads(host, guests)
            marks["reloads_s"] = round(time.perf_counter() - start, 1)
        page = phones[seat]
        caught_up(page, position)
        for guest, name, *_ in GUESTS:
            if seat == guest and f"{name}_turn" not in result:
                look(page, shots, f"{name.lower()}-turn")
                result[f"{name}_turn"] = scrolls(page)
        quiet = moments.quiet
        action = choose(now, seat, moments)
        print(f"{time.perf_counter() - clock:5.1f} s  {position}: {seat} {action}", file=sys.stderr)  # the trail
        tap(page, action)
        wait_log(host, position)
        result["moves"].append(f"{seat} {action}")
        if moments.quiet and not quiet:  # Beto's second-to-last card, UNO not said: Caro catches him
            caught_up(caro, position + 1)
            if catch_now(game(host), moments):
                look(caro, shots, "caro-catch")
                caro.locator(f'[data-move="catch {BETO}"]').click()
                wait_log(host, position + 1)
                moments.caught = "2 catch 1" in state(host)["log"]
                result["catch"] = state(host)["log"][position + 1 :]
                caught_up(beto, position + 2)
                result["beto_after_catch"] = len(hand(beto))
    result["log"] = wait_idle(host)["log"]
    result["called"] = moments.called
    result["screens"] = []
    for name, page in (("host", host), *((name.lower(), guests[seat]) for seat, name, *_ in GUESTS)):
        expect(page.locator('#play[data-screen="round-end"]')).to_be_attached(timeout=15_000)
        look(page, shots, f"{name}-round-end")
        result["screens"].append(page.locator(".panel").first.inner_text())
    result["problems"] = PROBLEMS
    marks["round_s"] = round(time.perf_counter() - clock, 1)
    return result


def main(site: Path, shots: Path) -> dict[str, Any]:
    shots.mkdir(parents=True, exist_ok=True)
    phone = netns.Phone(1)  # Eli's own link: its own namespace, its own copy of the site on its own loopback
    eli_server, eli_url = served_in(phone, site)
    server = SiteServer(site).start()
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as scratch:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            eli_browser = pw.chromium.launch(
                executable_path=str(phone.wrap(Path(scratch) / "eli", CHROMIUM)), args=ARGS
            )
            host = browser.new_context(viewport=LARGE, locale="en-US").new_page()
            guests = {
                seat: (eli_browser if seat == ELI else browser).new_context(viewport=size, locale=lang).new_page()
                for seat, _, size, lang in GUESTS
            }
            urls = {seat: eli_url if seat == ELI else server.url for seat in (0, *guests)}
            try:
                return play(host, guests, urls, Cut(phone, host, guests[ELI], shots), shots)
            except Exception:
                for name, page in (("host", host), *((name.lower(), guests[seat]) for seat, name, *_ in GUESTS)):
                    page.screenshot(path=str(shots / f"failed-{name}.png"), full_page=True)
                raise
            finally:
                browser.close()
                eli_browser.close()
    finally:
        server.stop()
        eli_server.terminate()
        phone.remove()


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), Path(sys.argv[2]))))
