"""Inside a network namespace (tools/netns.py): a host and guests connect through web/page/peer.mjs.

`python tests/e2e/peer/channel_run.py SITE GUESTS` serves SITE on the namespace's loopback, opens one
Chromium context per phone at 390x844, and connects each guest to the host with the codes made by
app.peer.signal, as a person would carry them (host offer -> code -> guest; guest answer -> code -> host).
It then sends one message each way per guest and prints one JSON line: code sizes, times, what arrived.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "web" / "engine")]

from playwright.sync_api import sync_playwright  # noqa: E402

from app.peer import signal  # noqa: E402
from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

# host candidates with real addresses: the namespace has no mDNS responder
ARGS = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]
PHONE = {"width": 390, "height": 844}

OPEN = """async () => {
  window.peer = await import("/web/peer.mjs");
  window.links = []; window.got = [];
  return window.peer.supported();
}"""
OFFER = """async () => {
  const {link, sdp} = await window.peer.offer();
  const i = window.links.push(link) - 1;
  link.onmessage = (text) => window.got.push([i, text]);
  return sdp;
}"""
ANSWER = """async (offerSdp) => {
  const {link, sdp} = await window.peer.answer(offerSdp);
  window.links.push(link);
  link.onmessage = (text) => window.got.push([0, text]);
  return sdp;
}"""
WAIT_OPEN = """(i) => new Promise((resolve) => {
  const link = window.links[i];
  if (link.state === "open") return resolve(true);
  link.onstate = (state) => resolve(state === "open");
})"""


def main(site: Path, guests: int) -> dict[str, object]:
    server = SiteServer(site).start()
    result: dict[str, object] = {"offer_chars": [], "answer_chars": [], "open_s": [], "got_host": [], "got_guest": []}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            host = browser.new_context(viewport=PHONE).new_page()
            host.goto(server.url + "web/peer.mjs")  # any page of our origin will do
            assert host.evaluate(OPEN)
            phones = []
            for index in range(guests):
                start = time.perf_counter()
                offer_code = signal.encode(signal.from_sdp("offer", host.evaluate(OFFER)))
                guest = browser.new_context(viewport=PHONE).new_page()
                guest.goto(server.url + "web/peer.mjs")
                guest.evaluate(OPEN)
                offer_sdp = signal.to_sdp(signal.decode(offer_code))
                answer_code = signal.encode(signal.from_sdp("answer", guest.evaluate(ANSWER, offer_sdp)))
                host.evaluate(
                    "(sdp) => window.links[window.links.length - 1].accept(sdp)",
                    signal.to_sdp(signal.decode(answer_code)),
                )
                opened = host.evaluate(WAIT_OPEN, index) and guest.evaluate(WAIT_OPEN, 0)
                result["open_s"].append(round(time.perf_counter() - start, 3) if opened else None)  # type: ignore[union-attr]
                result["offer_chars"].append(len(offer_code))  # type: ignore[union-attr]
                result["answer_chars"].append(len(answer_code))  # type: ignore[union-attr]
                phones.append(guest)
            for index, guest in enumerate(phones):
                host.evaluate("([i, text]) => window.links[i].send(text)", [index, f"to guest {index}"])
                guest.evaluate("(text) => window.links[0].send(text)", f"from guest {index}")
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                got_host = host.evaluate("window.got")
                got_guests = [guest.evaluate("window.got") for guest in phones]
                if len(got_host) == guests and all(got_guests):
                    break
                time.sleep(0.05)
            result["got_host"] = sorted(map(tuple, got_host))
            result["got_guest"] = [[text for _, text in got] for got in got_guests]
            browser.close()
    finally:
        server.stop()
    return result


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), int(sys.argv[2]))))
