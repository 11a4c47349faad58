"""Inside a network namespace (tools/netns.py): one guest phone's link cut for a while, as at a real table (a locked
screen, a phone out of the Wi-Fi). The host runs here; the guest phone runs its own Chromium in a namespace of its
own (`netns.Phone`), served by its own copy of the site on its own loopback, so its packets alone can be stopped.

`python tests/e2e/peer/cut_run.py SITE ARTIFACTS CUT_S` prints one JSON line: how soon each side said
"Reconnecting…", how soon both were live again once the cut ended (no codes), and what each side showed.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "e2e")]

from e2e_helpers import wait_ready  # noqa: E402
from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

from tools import netns  # noqa: E402
from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

ARGS = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
PHONE = {"width": 390, "height": 844}
HOST_RECONNECTING = "#table-guests li.table-reconnecting"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def served_in(phone: netns.Phone, site: Path) -> tuple[subprocess.Popen[bytes], str]:
    """The site on the phone's own loopback (a secure context there, as 127.0.0.1 is)."""
    port = free_port()
    argv = [sys.executable, "-m", "tools.serve", "--port", str(port), "--dir", str(site)]
    server = subprocess.Popen(phone.command(argv), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    for _ in range(100):
        if (
            subprocess.run(
                phone.command(["python3", "-c", f"import urllib.request as u; u.urlopen('{url}')"]), capture_output=True
            ).returncode
            == 0
        ):
            break
        time.sleep(0.1)
    return server, url


def both(guest: Page, host: Page, state: str, timeout: float) -> dict[str, float | None]:
    """Seconds from now until each side shows `state` ("reconnecting" or "live"), polled every 50 ms (None: never
    within `timeout`)."""
    checks = {
        "guest": lambda: guest.evaluate("document.documentElement.dataset.link") == state,
        "host": lambda: (host.locator(HOST_RECONNECTING).count() == 1) == (state == "reconnecting"),
    }
    start = time.perf_counter()
    seen: dict[str, float | None] = dict.fromkeys(checks)
    while time.perf_counter() - start < timeout and None in seen.values():
        for side, check in checks.items():
            if seen[side] is None and check():
                seen[side] = round(time.perf_counter() - start, 2)
        time.sleep(0.05)
    return seen


def connect(host: Page, guest: Page, url: str) -> None:
    host.locator("#table-invite").click()
    offer = host.locator("#table-offer-code")
    expect(offer).to_be_visible(timeout=15_000)
    guest.goto(url + "#/table/join/" + offer.inner_text().replace(" ", ""))
    answer = guest.locator("#guest-answer-code")
    expect(answer).to_be_visible(timeout=15_000)
    host.locator("#table-code").fill(answer.inner_text())  # not a typing test: the codes only connect the phones
    host.locator("#table-connect").click()
    expect(guest.locator("html")).to_have_attribute("data-link", "live", timeout=20_000)
    guest.locator("#table-claim-1").click()
    expect(guest.locator("#table-you")).to_be_visible(timeout=10_000)


def main(site: Path, shots: Path, cut_s: float) -> dict[str, Any]:
    shots.mkdir(parents=True, exist_ok=True)
    phone = netns.Phone(1)
    guest_server, guest_url = served_in(phone, site)
    server = SiteServer(site).start()
    out: dict[str, Any] = {}
    try:
        with sync_playwright() as pw:
            host_browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            guest_browser = pw.chromium.launch(
                executable_path=str(phone.wrap(shots / "chromium-phone1", CHROMIUM)), args=ARGS
            )
            host = host_browser.new_context(viewport=PHONE).new_page()
            guest = guest_browser.new_context(viewport=PHONE).new_page()
            host.goto(server.url + "#/score/new")
            wait_ready(host)
            for index, name in enumerate(("Ana", "Beto", "Caro")):
                host.locator("#score-name-new").fill(name)  # the set-up is not what this test is about
                host.locator("#score-name-new").press("Enter")
                expect(host.locator("#score-players > li")).to_have_count(index + 1)
            host.locator("#score-dealer-0").check()
            host.locator("#score-start").click()
            expect(host.locator("#score-save")).to_be_visible()
            sheet = host.evaluate("location.hash.split('/')[2]")
            host.evaluate(f"location.hash = '#/table/host/{sheet}'")
            connect(host, guest, guest_url)
            time.sleep(2)  # a few pulses on a quiet link
            phone.cut()
            out["reconnecting_s"] = both(guest, host, "reconnecting", 15)
            guest.screenshot(path=str(shots / "cut-guest-reconnecting.png"), full_page=True)
            host.screenshot(path=str(shots / "cut-host-reconnecting.png"), full_page=True)
            out["guest_line"] = guest.locator("#link-state").inner_text()
            out["host_line"] = host.locator(HOST_RECONNECTING).inner_text()
            time.sleep(max(0.0, cut_s - max(t or 0 for t in out["reconnecting_s"].values())))
            phone.mend()
            out["live_s"] = both(guest, host, "live", 60)
            out["guests_after"] = host.locator("#table-guests li").all_inner_texts()
            out["you_after"] = guest.locator("#table-you").inner_text()
            out["guest_data"] = guest.evaluate("({...document.documentElement.dataset})")
            guest.screenshot(path=str(shots / "cut-guest-back.png"), full_page=True)
            host_browser.close()
            guest_browser.close()
    finally:
        server.stop()
        guest_server.terminate()
        phone.remove()
    return out


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), Path(sys.argv[2]), float(sys.argv[3]))))
