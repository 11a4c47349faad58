"""Inside a network namespace (tools/netns.py): a guest phone's first drawing painted before its page's Python is ready.

The guest's MicroPython is held back (its runtime's request waits) until the host's first drawing is on the guest's
page, painted by web/page/guest-prepaint.mjs; the guest taps its player there, then MicroPython arrives. The painted
page must be kept (the same nodes, no second paint) and the tap must arrive.

`python tests/e2e/peer/first_paint_run.py SITE` prints one JSON line of what the guest showed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "e2e"), str(ROOT / "tests" / "e2e" / "peer")]

from e2e_helpers import wait_ready  # noqa: E402
from evening_run import answer_by_hand, invite, new_sheet  # noqa: E402
from playwright.sync_api import Route, expect, sync_playwright  # noqa: E402

from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

ARGS = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
PHONE = {"width": 390, "height": 844}

# Every #table-root the page gets (a second paint would add another), and the console's warnings and errors.
WATCH = """
window.roots = 0; window.said = [];
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) {
    if (node.nodeType === 1 && (node.id === 'table-root' || node.querySelector?.('#table-root'))) window.roots += 1;
  }
}).observe(document, {subtree: true, childList: true});
for (const level of ['warn', 'error']) {
  const original = console[level];
  console[level] = (...args) => { window.said.push(args.join(' ')); original.apply(console, args); };
}
"""


def main(site: Path) -> dict[str, Any]:
    server = SiteServer(site).start()
    result: dict[str, Any] = {}
    held: list[Route] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            host = browser.new_context(viewport=PHONE).new_page()
            host.goto(server.url + "#/score")
            wait_ready(host)
            sheet = new_sheet(host)
            host.evaluate(f"location.hash = '#/table/host/{sheet}'")
            guest = browser.new_context(viewport=PHONE, locale="en-US").new_page()
            guest.add_init_script(WATCH)

            def hold(route: Route) -> None:
                held.append(route)

            guest.route("**/micropython.wasm", hold)  # MicroPython waits: a phone slower than its link
            guest.goto(server.url + "#/table/join/" + invite(host))
            answer_by_hand(host, guest)
            expect(guest.locator("#table-who")).to_be_visible(timeout=20_000)
            result["painted"] = guest.evaluate("document.documentElement.dataset.guestPainted || ''")
            result["python_then"] = guest.evaluate("document.documentElement.dataset.pyReady || ''")
            for _ in range(100):  # MicroPython is asked for once the drawing is painted (web/page/guest.mjs)
                if held:
                    break
                guest.wait_for_timeout(100)
            result["held"] = len(held)
            guest.evaluate("document.getElementById('table-root').paintedBefore = true")
            guest.locator("#table-claim-2").click()  # Caro taps her name before the page's Python is there
            guest.wait_for_timeout(300)
            result["you_before"] = guest.locator("#table-you").count()
            for route in held:
                route.continue_()
            wait_ready(guest)
            expect(guest.locator("#table-you")).to_be_visible(timeout=10_000)
            result["you"] = guest.locator("#table-you").inner_text()
            result["kept"] = guest.evaluate("document.getElementById('table-root').paintedBefore === true")
            result["roots"] = guest.evaluate("window.roots")
            result["link"] = guest.evaluate("document.documentElement.dataset.link")
            expect(host.locator("#table-guests li")).to_have_count(1, timeout=10_000)
            result["host_guests"] = host.locator("#table-guests li").all_inner_texts()
            result["said"] = guest.evaluate("window.said")
            browser.close()
    finally:
        server.stop()
    return result


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]))))
