"""Inside a network namespace (tools/netns.py): an evening at one table. A score keeper's phone hosts; guest phones
are screens of its engine (no Pyodide on them): one opens the invitation link on a first visit (its camera would),
one scans the host's code from inside the app, each enters its own hand; a guest's tab reloads mid-round and the
host's tab reloads between rounds: each comes back to its player with one code pair, shown by the host by itself.

`python tests/e2e/peer/evening_run.py SITE ARTIFACTS` prints one JSON line of what each phone showed.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "e2e"), str(ROOT / "tests" / "e2e" / "peer")]

from e2e_helpers import horizontal_overflow, small_targets, untranslated, wait_ready, wait_saved  # noqa: E402
from PIL import Image  # noqa: E402
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import Locator, Page, expect, sync_playwright  # noqa: E402
from qr_video import write_y4m_picture  # noqa: E402
from score_helpers import FACES  # noqa: E402

from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

ARGS = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
PHONE = {"width": 390, "height": 844}
NAMES = ("Ana", "Beto", "Caro", "Dani")
PROBLEMS: list[str] = []


def look(page: Page, shots: Path, name: str) -> None:
    """A screenshot to look at, and what a person would trip on: the page wider than the phone, a tap target
    under 44 px, a catalogue key shown raw."""
    page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
    if (extra := horizontal_overflow(page)) > 0:
        PROBLEMS.append(f"{name}: {extra} px wider than the phone")
    PROBLEMS.extend(f"{name}: {target}" for target in small_targets(page))
    PROBLEMS.extend(f"{name}: raw key {key}" for key in untranslated(page))


def _blank_png() -> bytes:
    out = io.BytesIO()
    Image.new("L", (8, 8), 200).save(out, format="PNG")
    return out.getvalue()


def type_into(page: Page, selector: str, text: str) -> None:
    """As a person: tap the field, clear what it holds, type."""
    page.locator(selector).click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    page.keyboard.type(text)


def new_sheet(page: Page) -> str:
    page.evaluate("location.hash = '#/score/new'")
    for index, name in enumerate(NAMES):
        type_into(page, "#score-name-new", name)
        page.keyboard.press("Enter")
        expect(page.locator("#score-players > li")).to_have_count(index + 1)
    page.locator("#score-dealer-0").check()
    page.locator("#score-start").click()
    expect(page.locator("#score-save")).to_be_visible()
    return str(page.evaluate("location.hash.split('/')[2]"))


def engines(page: Page) -> list[str]:
    """The page's workers that start Pyodide (the engine's, the bots'): none on a guest phone."""
    return [w.url for w in page.workers if "pyodide" in w.url or "uno-app" in w.url or "uno-brain" in w.url]


def invite(host: Page) -> str:
    host.locator("#table-invite").click()
    offer = host.locator("#table-offer-code")
    expect(offer).to_be_visible(timeout=15_000)
    return offer.inner_text().replace(" ", "")


def answer_by_hand(host: Page, guest: Page) -> None:
    """The guest's answer code typed into the host's field."""
    code = guest.locator("#guest-answer-code")
    expect(code).to_be_visible(timeout=15_000)
    type_into(host, "#table-code", code.inner_text())
    host.locator("#table-connect").click()


def answer_by_camera(host: Page, guest: Page, camera: Path, scan: str) -> None:
    """The host's camera reads the guest's answer QR code (Chromium's fake camera reads the file anew at each
    capture's start): `scan` is the button that opens it."""
    qr = guest.locator("#guest-qr svg")
    expect(qr).to_be_visible(timeout=15_000)
    write_y4m_picture(qr.screenshot(), camera)
    host.locator(scan).click()


def live(guest: Page) -> None:
    """The guest's link is live and the host's page is on it (a page kept from before a link went says "live" too:
    the link's own mark first)."""
    expect(guest.locator("html")).to_have_attribute("data-link", "live", timeout=20_000)
    expect(guest.locator("#table-status")).to_have_attribute("data-state", "live", timeout=10_000)


def standings(page: Page, selector: str) -> list[str]:
    """Each line of the standings as "name total", whatever the page's layout."""
    rows = page.locator(f"{selector} li")
    return [" ".join(rows.nth(i).inner_text().split()[1:]) for i in range(rows.count())]


def host_standings(page: Page) -> list[str]:
    rows = page.locator(".sk-standings li")
    return [" ".join(t for t in rows.nth(i).inner_text().split() if not t.endswith(".")) for i in range(rows.count())]


def totals(page: Page) -> list[str]:
    """Each line of the standings as "name total", in any language."""
    names = page.locator(".sk-standings .sk-who-name").all_inner_texts()
    points = page.locator(".sk-standings .sk-total").all_inner_texts()
    return [f"{name} {total}" for name, total in zip(names, points, strict=True)]


def enter_round(host: Page, sheet: str, winner: int) -> None:
    host.evaluate(f"location.hash = '#/score/{sheet}/round'")
    host.locator(f"#score-winner-{winner}").check()


def save(host: Page) -> None:
    host.locator("#score-save").click()
    expect(host.locator("#score-save")).to_be_hidden()


def typed(guest: Page, text: str) -> None:
    expect(guest.locator("#table-hand")).to_be_visible(timeout=10_000)
    guest.locator("#table-hand .sk-total-input").click()
    guest.keyboard.type(text)


SEEN = """(states) => {
  for (const state of states) {
    Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }
}"""


def steady_picture(panel: Locator) -> bytes:
    """The picture of the panel's QR code (its figure, an HTML element, holds it), taken again if the host's page
    redrew it meanwhile (a pulse redraws the page; the code a camera reads must be the one still shown)."""
    for _ in range(5):
        code = panel.locator("output.table-code").inner_text()
        try:
            picture = panel.locator("figure").screenshot()
        except PlaywrightError:  # the node was replaced while being taken
            continue
        if panel.locator("output.table-code").inner_text() == code:
            return picture
    raise AssertionError("the rejoin code never held still for a picture")


def rejoin_by_camera(host: Page, host_page: str, guest: Page, name: str, camera: Path, shots: Path, tag: str) -> None:
    """A guest whose link is gone: the host's page shows that player's code by itself; the guest's camera (opened by
    itself when the link went) reads it; the host scans the guest's answer. Chromium's fake camera reads its file
    when a capture starts (one capture at a time here): the guest's page is hidden and shown once the code is in the
    file (its camera stops and starts again, as when the person turns away and back)."""
    host.evaluate(host_page)
    panel = host.locator(".table-rejoin", has_text=name)  # the code shown for that player
    expect(panel.locator("svg")).to_be_visible(timeout=15_000)
    look(host, shots, f"{tag}-host-rejoin")
    write_y4m_picture(steady_picture(panel), camera)
    expect(guest.locator("#guest-video")).to_be_visible(timeout=10_000)  # open without a tap
    guest.evaluate(SEEN, ["hidden"])
    guest.wait_for_timeout(1000)  # the fake camera's device closes before the next capture opens it anew
    guest.evaluate(SEEN, ["visible"])
    expect(guest.locator("#guest-answer-code")).to_be_visible(timeout=20_000)
    scan = panel.locator("button[id^='table-rejoin-scan-']").get_attribute("id")
    answer_by_camera(host, guest, camera, f"#{scan}")
    live(guest)


def rejoin_by_hand(host: Page, host_page: str, guest: Page, name: str) -> None:
    """The same with the codes typed both ways (no camera): the rejoin code's text, then the guest's answer into the
    field of that player's code on the host."""
    host.evaluate(host_page)
    panel = host.locator(".table-rejoin", has_text=name)
    code = panel.locator("[id^='table-rejoin-code-']")
    expect(code).to_be_visible(timeout=15_000)
    type_into(guest, "#guest-code", code.inner_text())
    guest.locator("#guest-connect").click()
    answer = guest.locator("#guest-answer-code")
    expect(answer).to_be_visible(timeout=15_000)
    field = panel.locator("[id^='table-rejoin-input-']").get_attribute("id")
    type_into(host, f"#{field}", answer.inner_text())
    panel.locator("[id^='table-rejoin-connect-']").click()
    live(guest)


def main(site: Path, shots: Path) -> dict[str, Any]:
    """Host in Spanish, Beto in English on a first visit, Caro in Spanish: both languages in one evening."""
    shots.mkdir(parents=True, exist_ok=True)
    server = SiteServer(site).start()
    result: dict[str, Any] = {}
    try:
        with sync_playwright() as pw:
            camera = shots / "camera.y4m"
            write_y4m_picture(_blank_png(), camera)  # nothing to see until a phone shows a code
            fake_camera = [
                "--use-fake-device-for-media-stream",
                "--use-fake-ui-for-media-stream",  # the camera permission granted, as a person taps "Allow"
                f"--use-file-for-fake-video-capture={camera}",
            ]
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=[*ARGS, *fake_camera])
            host, beto, caro = (
                browser.new_context(viewport=PHONE, locale=locale).new_page() for locale in ("es-ES", "en-US", "es-ES")
            )
            host.goto(server.url + "#/score")
            wait_ready(host)
            sheet = new_sheet(host)
            host_page = f"location.hash = '#/table/host/{sheet}'"
            host.evaluate(host_page)
            look(host, shots, "host-table")

            # Beto: a first visit, by the invitation link a phone's own camera opens
            code = invite(host)
            beto.goto(server.url + "#/table/join/" + code)
            look(beto, shots, "beto-answer")
            answer_by_hand(host, beto)
            live(beto)
            # Caro: she had used the app before; "Join a table", then her camera reads the host's code
            caro.goto(server.url + "#/score")
            wait_ready(caro)
            host.locator("#table-invite").click()
            qr = host.locator("#table-qr-title").locator("xpath=..").locator("svg")
            expect(qr).to_be_visible(timeout=15_000)
            write_y4m_picture(qr.screenshot(), camera)
            caro.evaluate("location.hash = '#/table/join'")  # the page opens as a guest's (reloaded)
            answer_by_camera(host, caro, camera, "#table-scan")
            live(caro)
            result["engines"] = [engines(g) for g in (beto, caro)]
            result["guest_loads"] = [g.evaluate("document.documentElement.dataset.loadPath") for g in (beto, caro)]
            for seat, guest in ((1, beto), (2, caro)):
                guest.locator(f"#table-claim-{seat}").click()
                expect(guest.locator("#table-you")).to_be_visible()
            look(beto, shots, "beto-who")
            look(host, shots, "host-guests")
            result["host_guests"] = host.locator("#table-guests li").all_inner_texts()
            result["wake"] = [p.evaluate("document.documentElement.dataset.wakeLock") for p in (host, beto, caro)]

            # round 1: Ana out; Beto types 55 (52, corrected), Caro taps W and 5, the host types Dani's 12
            enter_round(host, sheet, 0)
            typed(beto, "52")
            beto.keyboard.press("Backspace")
            beto.keyboard.type("5")
            expect(caro.locator("#table-hand")).to_be_visible(timeout=10_000)
            caro.locator("#score-mode-2-cards").click()
            for face in ("W", "5"):
                caro.locator(f"#score-face-2-{FACES.index(face)}").click()
            look(caro, shots, "caro-cards")
            look(beto, shots, "beto-total")
            expect(host.locator("#score-hand-1")).to_have_value("55", timeout=10_000)
            expect(host.locator("#score-handbox-2 .sk-chip")).to_have_count(2, timeout=10_000)
            type_into(host, "#score-hand-3", "12")
            look(host, shots, "host-round1")
            for guest in (beto, caro):  # each hand as it arrives, and what the round adds so far: 55 + 55 + 12
                expect(guest.locator("#table-round #score-preview")).to_contain_text("Ana +122", timeout=10_000)
            result["beto_round"] = beto.locator("#table-round li").all_inner_texts()
            save(host)
            for guest in (beto, caro):
                expect(guest.locator("#score-link-standings li").first).to_contain_text("122", timeout=10_000)

            # round 2: Beto out; Caro types hers; Caro's tab reloads mid-round and comes back to her seat
            enter_round(host, sheet, 1)
            typed(caro, "30")
            expect(host.locator("#score-hand-2")).to_have_value("30", timeout=10_000)
            # a tampered page: Caro's phone writes Dani's hand, sends a drawing to the host, and a text over 16 KiB
            # (its numbers jump: the host takes nothing more from that link, which her reload below replaces)
            for forged in (
                {
                    "v": 2,
                    "seq": 90_001,
                    "kind": "page",
                    "message": {"op": "intent", "act": "score.hand-total", "seat": 3, "value": "99"},
                },
                {"v": 2, "seq": 90_002, "kind": "engine", "message": {"op": "effect", "top": True}},
                {
                    "v": 2,
                    "seq": 90_003,
                    "kind": "page",
                    "message": {"op": "intent", "act": "score.hand-total", "seat": 2, "value": "9" * 20_000},
                },
            ):
                caro.evaluate("(text) => window.unoEngine.send(text)", json.dumps(forged))
            caro.wait_for_timeout(1000)
            result["after_forged"] = [
                host.locator("#score-hand-3").input_value(),
                host.locator("#score-hand-2").input_value(),
            ]
            caro.reload()  # the tab closed and opened again: its link is gone, its place is not
            expect(caro.locator("html")).to_have_attribute("data-guest", "lost", timeout=15_000)
            # the host stays on the round it is entering: Caro's code shows there, above the sheet, by itself
            round_page = f"location.hash = '#/score/{sheet}/round'"
            host.evaluate(round_page)
            expect(host.locator("#score-phones .table-rejoin", has_text="Caro")).to_be_visible(timeout=15_000)
            look(host, shots, "host-round-rejoin")
            rejoin_by_hand(host, round_page, caro, "Caro")
            expect(host.locator("#score-phones .table-rejoin")).to_have_count(0, timeout=10_000)
            expect(caro.locator("#table-you")).to_be_visible()  # her player again, without saying so
            result["caro_back"] = caro.locator("#table-you").inner_text()
            host.evaluate(f"location.hash = '#/score/{sheet}/round'")
            expect(host.locator("#score-hand-2")).to_have_value("30")  # nothing the host held was lost
            type_into(host, "#score-hand-0", "8")
            type_into(host, "#score-hand-3", "3")
            save(host)

            # round 3: Caro out; Beto types, the host types Ana and Dani. Caro's phone, with no hand to enter, becomes
            # the table's big screen: the standings alone, in large type, following the round
            caro.locator("#table-big-on").click()
            expect(caro.locator(".table-big .sk-standings li")).to_have_count(4, timeout=10_000)
            result["big_fullscreen"] = caro.evaluate("Boolean(document.fullscreenElement)")
            enter_round(host, sheet, 2)
            expect(caro.locator(".table-big-round")).to_have_attribute("data-i18n", "table.big_entering")
            typed(beto, "20")
            expect(host.locator("#score-hand-1")).to_have_value("20", timeout=10_000)
            type_into(host, "#score-hand-0", "10")
            type_into(host, "#score-hand-3", "5")
            save(host)
            expect(caro.locator(".table-big-round")).to_have_attribute("data-i18n", "table.big_played", timeout=10_000)
            result["host_at_big"] = totals(host)
            result["big"] = totals(caro)
            look(caro, shots, "caro-big")
            caro.locator("#table-big-off").click()
            expect(caro.locator("#table-you")).to_be_visible(timeout=10_000)
            result["big_left"] = caro.evaluate("Boolean(document.fullscreenElement)")

            # round 4: Dani out; both guests type theirs
            enter_round(host, sheet, 3)
            typed(beto, "8")
            typed(caro, "9")
            expect(host.locator("#score-hand-2")).to_have_value("9", timeout=10_000)
            expect(host.locator("#score-hand-1")).to_have_value("8", timeout=10_000)
            type_into(host, "#score-hand-0", "7")
            save(host)

            # the host's tab reloads once round 4 is on disk: the guests' links go; the host's table page shows each
            # player's code by itself and each phone comes back to its player
            wait_saved(host)
            host.reload()
            wait_ready(host)
            for guest in (beto, caro):
                expect(guest.locator("html")).to_have_attribute("data-link", "lost", timeout=20_000)
            look(caro, shots, "caro-lost")
            rejoin_by_hand(host, host_page, beto, "Beto")
            rejoin_by_camera(host, host_page, caro, "Caro", camera, shots, "caro-again")
            expect(host.locator("#table-guests li.table-away")).to_have_count(0, timeout=10_000)
            result["host_guests_after"] = host.locator("#table-guests li").all_inner_texts()
            result["guest_you"] = [g.locator("#table-you").inner_text() for g in (beto, caro)]
            host.evaluate(f"location.hash = '#/score/{sheet}'")
            expect(host.locator(".sk-standings li").first).to_be_visible()
            for guest in (beto, caro):
                expect(guest.locator("#score-link-standings")).to_contain_text("41", timeout=10_000)
            look(host, shots, "host-sheet")
            look(beto, shots, "beto-sheet")
            result["host"] = host_standings(host)
            result["guests"] = [standings(g, "#score-link-standings") for g in (beto, caro)]
            result["engines_after"] = [engines(g) for g in (beto, caro)]

            # the end of the evening: the host stops sharing; a guest keeps a copy (the whole app loads then)
            host.evaluate(host_page)
            host.locator("#table-stop").click()
            for guest in (beto, caro):
                expect(guest.locator("#table-status")).to_have_attribute("data-state", "ended", timeout=10_000)
            look(caro, shots, "caro-ended")
            caro.locator("#table-keep").click()
            wait_ready(caro)
            caro.locator("#score-keep").click()
            expect(caro.locator(".sk-score-sheet .sk-standings li")).to_have_count(4, timeout=15_000)
            result["kept"] = host_standings(caro)
            result["problems"] = PROBLEMS
            browser.close()
    finally:
        server.stop()
    return result


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), Path(sys.argv[2]))))
