"""Inside a network namespace (tools/netns.py): a round of UNO on three phones (issue 50). The host phone (English)
holds Hana and a bot, Dee; Beto (English, 360x640) and Caro (Spanish, 390x844) play on their own phones, screens of
the host's engine joined by the invitation link. Every move is a tap on the phone of the person who makes it
(`play_phones_policy`); Beto plays his second-to-last card without UNO and Caro catches him from her phone. A
tampered guest page taps another hand's card, a card of its own that cannot be played and another seat: refused,
nothing changed.

`python tests/e2e/peer/phones_round_run.py SITE ARTIFACTS` prints one JSON line of what each phone showed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [
    str(ROOT),
    str(ROOT / "web" / "engine"),
    str(ROOT / "tests" / "e2e"),
    str(ROOT / "tests" / "e2e" / "peer"),
]

from e2e_helpers import horizontal_overflow, small_targets, untranslated, wait_ready  # noqa: E402
from play_phones_policy import BETO, CARO, Moments, catch_now, choose, config  # noqa: E402
from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import SiteServer  # noqa: E402
from uno_core import ACCEPT, DRAW, KEEP, Action, Catch, ChooseColour, Game, Play, save  # noqa: E402

ARGS = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
SEED = 58  # `python tests/e2e/peer/play_phones_policy.py`: a short round with a quiet play, a catch and a call
PROBLEMS: list[str] = []


def look(page: Page, shots: Path, name: str) -> None:
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


def type_into(page: Page, selector: str, text: str) -> None:
    page.locator(selector).click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    page.keyboard.type(text)


def join(host: Page, guest: Page, url: str, seat: int) -> None:
    """The guest's camera opens the invitation link; the host types its answer; the guest says who it is."""
    guest.goto(url + "#/table/join/" + invite(host))
    answer = guest.locator("#guest-answer-code")
    expect(answer).to_be_visible(timeout=15_000)
    type_into(host, "#table-code", answer.inner_text())  # the host's camera would read it: typed here
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


def tampered(host: Page, caro: Page, shots: Path) -> dict[str, Any]:
    """Caro's page, tampered with: buttons the host never drew, tapped (its page numbers and sends them as its own
    taps). Another hand's card, a card of hers that cannot be played, another seat claimed: nothing changes."""
    now = game(host)
    before = state(host)["digest"]
    others = [str(c) for c in now.hands[0] if c not in now.hands[CARO]]
    forged = [
        {"act": "play.card", "card": others[0]},  # Hana's card, not hers
        {"act": "table.claim", "seat": "0"},  # the host's own person
        {"act": "play.new-match"},  # the host's act
    ]
    own = caro.locator('.hand .card[aria-disabled="true"]')
    notices = []
    for fields in forged:
        caro.evaluate(
            """(fields) => {
                const b = document.createElement("button");
                b.id = "forged"; b.type = "button";
                for (const [k, v] of Object.entries(fields)) b.dataset[k] = v;
                document.querySelector("#play").prepend(b); b.click(); b.remove();
            }""",
            fields,
        )
        caro.wait_for_timeout(700)
        notices.append(caro.locator(".notice").all_inner_texts())
    illegal = ""
    if own.count():
        name = own.first.locator(".sr-only > span").first.inner_text()  # the card's name, as the page says it
        own.first.click(force=True)  # a dimmed card: a person may still tap it (it is explained)
        expect(caro.locator(".notice")).to_contain_text(name, timeout=10_000)
        illegal = caro.locator(".notice").inner_text()
    look(caro, shots, "caro-refused")
    others_shown = [c for c in others if caro.locator(f'.hand [data-card="{c}"]').count()]
    return {"same": state(host)["digest"] == before, "notices": notices, "illegal": illegal, "shown": others_shown}


def rejoin(host: Page, guest: Page, name: str) -> None:
    """A guest whose link is gone: the host's invitation page shows that player's rejoin code by itself; the codes
    typed both ways (a camera would read them); the phone is back at its seat without saying who it is."""
    host.evaluate("location.hash = '#/table/host/play'")
    panel = host.locator(".table-rejoin", has_text=name)
    code = panel.locator("[id^='table-rejoin-code-']")
    expect(code).to_be_visible(timeout=20_000)
    type_into(guest, "#guest-code", code.inner_text())
    guest.locator("#guest-connect").click()
    answer = guest.locator("#guest-answer-code")
    expect(answer).to_be_visible(timeout=15_000)
    field = panel.locator("[id^='table-rejoin-input-']").get_attribute("id")
    type_into(host, f"#{field}", answer.inner_text())
    panel.locator("[id^='table-rejoin-connect-']").click()
    expect(guest.locator("html")).to_have_attribute("data-link", "live", timeout=20_000)
    expect(guest.locator("#play[data-screen]")).to_be_attached(timeout=15_000)
    host.evaluate("location.hash = '#/play/table'")
    expect(host.locator("#play[data-screen]")).to_be_attached(timeout=15_000)


def reloads(host: Page, beto: Page, caro: Page) -> dict[str, Any]:
    """Mid-round: Caro's tab reloads and she comes back to her seat; then the host's tab reloads, resumes the game
    from its save, and both phones come back to their seats with the table as it was."""
    before = state(host)
    caro.reload()
    expect(caro.locator("html")).to_have_attribute("data-guest", "lost", timeout=20_000)
    rejoin(host, caro, "Caro")
    out: dict[str, Any] = {"caro_hand": hand(caro) == sorted(str(c) for c in game(host).hands[CARO])}
    host.wait_for_timeout(500)  # the game's last save written (IndexedDB), as a person's reload would find it
    host.reload()
    wait_ready(host)
    expect(host.locator("#play[data-screen]")).to_be_attached(timeout=30_000)
    for guest in (beto, caro):
        expect(guest.locator("html")).to_have_attribute("data-link", "lost", timeout=30_000)
    rejoin(host, beto, "Beto")
    rejoin(host, caro, "Caro")
    after = state(host)
    now = game(host)
    out["same_game"] = after["digest"] == before["digest"]
    out["hands_back"] = [hand(p) == sorted(str(c) for c in now.hands[s]) for s, p in ((BETO, beto), (CARO, caro))]
    return out


def main(site: Path, shots: Path) -> dict[str, Any]:
    shots.mkdir(parents=True, exist_ok=True)
    server = SiteServer(site).start()
    result: dict[str, Any] = {"moves": []}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            host = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US").new_page()
            beto = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-US").new_page()
            caro = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES").new_page()
            url = server.url
            host.goto(url + "#/play/table")
            wait_ready(host)
            started = host.evaluate(
                "spec => window.unoPlay.start(spec)", json.dumps({"config": config(), "seed": SEED})
            )
            assert started == "ok", started
            host.evaluate("location.hash = '#/table/host/play'")
            expect(host.locator("#table-invite")).to_be_visible(timeout=15_000)
            join(host, beto, url, BETO)
            join(host, caro, url, CARO)
            result["host_guests"] = host.locator("#table-guests li").all_inner_texts()
            host.evaluate("location.hash = '#/play/table'")
            expect(host.locator("#play[data-screen]")).to_be_attached(timeout=15_000)
            phones = {0: host, BETO: beto, CARO: caro}
            first = game(host)
            result["own_hands"] = [hand(p) == sorted(str(c) for c in first.hands[s]) for s, p in phones.items()]
            moments = Moments()
            for _ in range(200):
                data = wait_idle(host)
                now = game(host)
                if data["pending_round"] or data["over"]:
                    break
                position = len(now.log)
                if data["current"] == 0 and "tampered" not in result:
                    caught_up(caro, position)
                    result["tampered"] = tampered(host, caro, shots)
                elif data["current"] == 0 and moments.caught and "reloads" not in result:
                    result["reloads"] = reloads(host, beto, caro)
                seat = now.current
                page = phones[seat]
                caught_up(page, position)
                if seat in (BETO, CARO) and "beto_turn" not in result and seat == BETO:
                    look(beto, shots, "beto-turn")
                    result["beto_turn"] = scrolls(beto)
                if seat == CARO and "caro_turn" not in result:
                    look(caro, shots, "caro-turn")
                    result["caro_turn"] = scrolls(caro)
                quiet = moments.quiet
                action = choose(now, seat, moments)
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
            final = wait_idle(host)
            result["log"] = final["log"]
            result["called"] = moments.called
            result["screens"] = []
            for name, page in (("host", host), ("beto", beto), ("caro", caro)):
                expect(page.locator('#play[data-screen="round-end"]')).to_be_attached(timeout=15_000)
                look(page, shots, f"{name}-round-end")
                result["screens"].append(page.locator(".panel").first.inner_text())
            result["problems"] = PROBLEMS
            browser.close()
    finally:
        server.stop()
    return result


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), Path(sys.argv[2]))))
