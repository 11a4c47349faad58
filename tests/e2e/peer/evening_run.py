"""Inside a network namespace (tools/netns.py): an evening at one table, a score keeper's phone and
guest phones, connected through the app's own pages with the codes typed across (as a person without a
camera would), each guest entering its own hand.

`python tests/e2e/peer/evening_run.py SITE ARTIFACTS` prints one JSON line of what each phone showed.
"""

from __future__ import annotations

import io
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "e2e"), str(ROOT / "tests" / "e2e" / "peer")]

from e2e_helpers import horizontal_overflow, small_targets, untranslated, wait_ready, wait_saved  # noqa: E402
from PIL import Image  # noqa: E402
from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402
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


def connect(host: Page, guest: Page, shots: Path, tag: str) -> float:
    """Host: Invite a phone; the codes typed across; returns the seconds from the tap to both sides live."""
    start = time.perf_counter()
    host.locator("#table-invite").click()
    offer = host.locator("#table-offer-code")
    expect(offer).to_be_visible(timeout=15_000)
    look(host, shots, f"{tag}-host-invite")
    guest.evaluate("location.hash = '#/table/join'")
    type_into(guest, "#table-code", offer.inner_text())
    guest.locator("#table-connect").click()
    answer = guest.locator("#table-answer-code")
    expect(answer).to_be_visible(timeout=15_000)
    look(guest, shots, f"{tag}-guest-answer")
    type_into(host, "#table-code", answer.inner_text())
    host.locator("#table-connect").click()
    expect(guest.locator("#table-status")).to_have_attribute("data-state", "live", timeout=15_000)
    return time.perf_counter() - start


def standings(page: Page, selector: str) -> list[str]:
    """Each line of the standings as "name total", whatever the page's layout."""
    rows = page.locator(f"{selector} li")
    return [" ".join(rows.nth(i).inner_text().split()[1:]) for i in range(rows.count())]


def host_standings(page: Page) -> list[str]:
    rows = page.locator(".sk-standings li")
    return [" ".join(t for t in rows.nth(i).inner_text().split() if not t.endswith(".")) for i in range(rows.count())]


def connect_by_camera(host: Page, guest: Page, camera: Path, shots: Path) -> None:
    """Each phone's camera shows the QR code the other drew (Chromium's fake camera reads the file anew each
    time a capture starts); nothing is typed."""
    host.locator("#table-invite").click()
    qr = host.locator("#table-qr-title").locator("xpath=..").locator("svg")
    expect(qr).to_be_visible(timeout=15_000)
    write_y4m_picture(qr.screenshot(), camera)
    guest.evaluate("location.hash = '#/table/join'")
    guest.locator("#table-scan").click()
    answer = guest.locator("#table-answer-code")
    expect(answer).to_be_visible(timeout=20_000)
    look(guest, shots, "camera-guest-answer")
    write_y4m_picture(guest.locator("#table-qr-title").locator("xpath=..").locator("svg").screenshot(), camera)
    host.locator("#table-scan").click()
    expect(guest.locator("#table-status")).to_have_attribute("data-state", "live", timeout=20_000)


def main(site: Path, shots: Path) -> dict[str, Any]:
    """Host in Spanish, one guest in English and one in Spanish: both languages in one evening."""
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
            phones = [
                browser.new_context(viewport=PHONE, locale=locale).new_page() for locale in ("es-ES", "en-US", "es-ES")
            ]
            host, beto, caro = phones
            for page in phones:  # one after another, as phones arrive at a table
                page.goto(server.url + "#/score")
                wait_ready(page)
            sheet = new_sheet(host)
            host_page = f"location.hash = '#/table/host/{sheet}'"
            host.evaluate(host_page)
            connect_by_camera(host, beto, camera, shots)  # one phone by the camera, one by typed codes
            result["open_s"] = [connect(host, caro, shots, "guest1")]
            for seat, guest in ((1, beto), (2, caro)):
                guest.locator(f"#table-claim-{seat}").click()
                expect(guest.locator("#table-you")).to_be_visible()
            look(host, shots, "host-guests")
            result["host_guests"] = host.locator("#table-guests li").all_inner_texts()

            # round 1: Ana went out; Beto types his total, Caro taps her cards, the host types Dani's
            host.evaluate(f"location.hash = '#/score/{sheet}/round'")
            host.locator("#score-winner-0").check()
            expect(beto.locator("#table-hand")).to_be_visible(timeout=10_000)
            beto.locator("#table-hand .sk-total-input").click()
            beto.keyboard.type("52")
            beto.keyboard.press("Backspace")
            beto.keyboard.type("5")  # 55: a typo corrected, as people do
            expect(caro.locator("#table-hand")).to_be_visible(timeout=10_000)
            caro.locator("#score-mode-2-cards").click()
            for face in ("W", "5"):
                caro.locator(f"#score-face-2-{FACES.index(face)}").click()
            look(caro, shots, "guest-cards")
            look(beto, shots, "guest-total")
            expect(host.locator("#score-hand-1")).to_have_value("55", timeout=10_000)
            expect(host.locator("#score-handbox-2 .sk-chip")).to_have_count(2, timeout=10_000)
            type_into(host, "#score-hand-3", "12")
            look(host, shots, "host-round1")
            for guest in (beto, caro):  # each hand as it arrives, and what the round adds so far: 55 + 55 + 12
                expect(guest.locator("#table-round #score-preview")).to_contain_text("Ana +122", timeout=10_000)
            result["beto_round"] = beto.locator("#table-round li").all_inner_texts()
            look(beto, shots, "guest-round-so-far")
            host.locator("#score-save").click()
            expect(host.locator("#score-save")).to_be_hidden()
            for guest in (beto, caro):  # 55 + 55 + 12
                expect(guest.locator("#score-link-standings li").first).to_contain_text("122", timeout=10_000)

            # round 2: Beto went out; Caro types hers, then Beto's phone drops and comes back mid-round
            host.evaluate(f"location.hash = '#/score/{sheet}/round'")
            host.locator("#score-winner-1").check()
            expect(caro.locator("#table-hand")).to_be_visible(timeout=10_000)
            caro.locator("#table-hand .sk-total-input").click()
            caro.keyboard.type("30")
            expect(host.locator("#score-hand-2")).to_have_value("30", timeout=10_000)
            beto.reload()  # the tab was closed and opened again: its link is gone
            wait_ready(beto)
            host.evaluate(host_page)
            expect(host.locator("#table-guests li.table-away")).to_have_count(1, timeout=10_000)
            connect(host, beto, shots, "rejoin")
            beto.locator("#table-claim-1").click()  # a new tab: it says who it is again
            expect(beto.locator("#table-you")).to_be_visible()
            expect(host.locator("#table-guests li.table-away")).to_have_count(0)
            host.evaluate(f"location.hash = '#/score/{sheet}/round'")
            expect(host.locator("#score-hand-2")).to_have_value("30")  # nothing the host held was lost
            type_into(host, "#score-hand-0", "8")
            type_into(host, "#score-hand-3", "3")
            host.locator("#score-save").click()
            expect(host.locator("#score-save")).to_be_hidden()

            # the host's tab reloads once round 2 is on disk (a save counts from then: a reload while the page
            # still says "Saving…" may lose it); the guests are told, then scan a new code
            wait_saved(host)
            host.reload()
            wait_ready(host)
            for guest in (beto, caro):
                expect(guest.locator("#table-status")).to_have_attribute("data-state", "lost", timeout=15_000)
            look(caro, shots, "guest-lost")
            host.evaluate(host_page)
            for n, guest in enumerate((beto, caro)):
                connect(host, guest, shots, f"again{n}")
            expect(host.locator("#table-guests li")).to_have_count(2)
            result["host_guests_after"] = host.locator("#table-guests li").all_inner_texts()
            host.evaluate(f"location.hash = '#/score/{sheet}'")
            expect(host.locator(".sk-standings li").first).to_be_visible()
            expect(host.locator("#score-invite")).to_contain_text("2")  # "Teléfonos: 2 conectados"
            for guest in (beto, caro):  # the host's whole state reaches a guest just after it is live again
                expect(guest.locator("#score-link-standings")).to_contain_text("41", timeout=10_000)
            look(host, shots, "host-sheet")
            look(caro, shots, "guest-sheet")
            result["host"] = host_standings(host)
            result["guests"] = [standings(g, "#score-link-standings") for g in (beto, caro)]
            result["guest_you"] = [g.locator("#table-you").inner_text() for g in (beto, caro)]

            # the end of the evening: the host stops sharing; a guest keeps a copy of the sheet
            host.evaluate(host_page)
            host.locator("#table-stop").click()
            for guest in (beto, caro):
                expect(guest.locator("#table-status")).to_have_attribute("data-state", "ended", timeout=10_000)
            caro.locator("#table-keep").click()
            caro.locator("#score-keep").click()
            expect(caro.locator(".sk-score-sheet .sk-standings li")).to_have_count(4, timeout=10_000)
            look(caro, shots, "guest-kept")
            result["kept"] = host_standings(caro)
            result["problems"] = PROBLEMS
            browser.close()
    finally:
        server.stop()
    return result


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), Path(sys.argv[2]))))
