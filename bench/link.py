"""Sheet links: how long a link is, how large its QR code, and how soon an opened link shows.

    .venv/bin/python -m bench.link [--runs 5]

Prints: the link length of a 4-player, 9-round evening with every hand tapped card by card (up to 12 cards
left in a hand; median and longest over 50 seeded evenings), the QR version of the largest sheets (10 players,
40 rounds, every hand tapped, up to N cards a hand) or "too long for a QR code", and the time from navigation to
the standings painted (the `link-prepaint` performance mark, web/page/link-prepaint.js) and to the app interactive,
on a fresh Chromium profile and on a return visit (the browser started again on the same profile, the app's
service worker and snapshot in place). The address is a project page's: `https://someone.github.io/uno-score/`.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from scorekeeper import HandInput, Options, RoundDraft, Sheet, new_sheet
from scorekeeper.link import QR_MAX_BYTES, sheet_link
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import SiteServer
from uno_core.cards import full_deck

BASE = "https://someone.github.io/uno-score/"
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eva", "Fer", "Gus", "Hal", "Ivy", "Jo")
SITE = Path(__file__).resolve().parents[1] / "dist" / "site"


def evening(players: int, rounds: int, most: int, seed: int) -> Sheet:
    """A sheet whose every hand was tapped: a shuffled deck dealt into the losers' hands (1..most cards each)."""
    rng = random.Random(seed)
    sheet = new_sheet(NAMES[:players], Options(target=100_000)).choose_dealer(0).with_entry_mode("cards")
    for _ in range(rounds):
        winner = rng.randrange(players)
        deck = full_deck()
        rng.shuffle(deck)
        deck.pop()  # the card the winner went out with
        hands = [
            HandInput() if seat == winner else HandInput.of_cards([deck.pop() for _ in range(rng.randint(1, most))])
            for seat in range(players)
        ]
        sheet = sheet.add_round(RoundDraft(winner, tuple(hands)))
    return sheet


def qr_version(link: str) -> int | None:
    import segno

    if len(link.encode()) > QR_MAX_BYTES:
        return None
    return int(segno.make_qr(link, error="l", boost_error=True).version)


def print_sizes() -> str:
    """Print the link lengths and QR versions; return the link the browser visits (an evening's)."""
    lengths = [len(sheet_link(BASE, evening(4, 9, 12, seed))) for seed in range(50)]
    print(
        f"evening (4 players, 9 rounds, every hand tapped, <=12 cards): link {statistics.median(lengths):.0f} "
        f"characters median, {max(lengths)} longest (bar: under 1,000)"
    )
    for most in (5, 7, 10, 12, 14):
        link = sheet_link(BASE, evening(10, 40, most, 1))
        version = qr_version(link)
        fits = f"QR version {version}" if version is not None else "too long for a QR code (link and file offered)"
        print(f"largest (10 players, 40 rounds, every hand tapped, <={most} cards): {len(link.encode())} bytes, {fits}")
    return sheet_link("", evening(4, 9, 12, 0))


WAIT_PAINT = "() => performance.getEntriesByName('link-prepaint').length > 0"
MARK = "(name) => performance.getEntriesByName(name)[0]?.startTime ?? null"


def visit(context: Any, url: str) -> tuple[float, float]:
    """(ms to the standings painted, ms to interactive) of one navigation to `url`."""
    page = context.new_page()
    time.sleep(1.0)  # a browser just started keeps both cores busy for about a second (bench/load.py)
    page.goto(url)
    page.wait_for_function(WAIT_PAINT, timeout=60_000)
    page.wait_for_function("() => document.documentElement.dataset.pyReady === '1'", timeout=180_000)
    painted, ready = page.evaluate(MARK, "link-prepaint"), page.evaluate(MARK, "app-interactive")
    if page.locator("#score-keep").count() != 1:
        raise SystemExit("the opened link did not offer 'Keep it on this phone'")
    return float(painted), float(ready)


def run(pw: Any, server: SiteServer, fragment: str) -> dict[str, tuple[float, float]]:
    """A fresh profile's first visit (the snapshot and offline copy are let finish), then a return visit."""
    profile = tempfile.mkdtemp(prefix="uno-bench-link-")
    found: dict[str, tuple[float, float]] = {}
    try:
        for kind in ("fresh", "return"):
            context = pw.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 390, "height": 844}
            )
            found[kind] = visit(context, server.url + fragment)
            if kind == "fresh":
                page = context.pages[-1]
                page.wait_for_function(
                    "() => ['stored', 'failed'].includes(document.documentElement.dataset.snapshot)", timeout=180_000
                )
            context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    fragment = print_sizes()
    server = SiteServer(SITE).start()
    try:
        with sync_playwright() as pw:
            runs = [run(pw, server, fragment) for _ in range(args.runs)]
    finally:
        server.stop()
    for kind in ("fresh", "return"):
        painted = statistics.median(found[kind][0] for found in runs)
        ready = statistics.median(found[kind][1] for found in runs)
        print(
            f"open a link, {kind} profile: standings painted {painted:.0f} ms, interactive {ready:.0f} ms "
            f"(medians of {args.runs})"
        )


if __name__ == "__main__":
    main()
