"""Layout checks for browser tests: what a person sees at a viewport, measured in the page.

- `overflow`: how many CSS px the page is wider than the viewport.
- `covered`: interactive elements whose centre another element covers (`document.elementFromPoint`).
- `clipped`: elements whose own text does not fit their box (`scrollWidth`/`scrollHeight` against the box).
- `below_fold`: what a person needs to play that lies outside the first screen (the page not scrolled).
- `small_hand_cards`: hand cards that do not show a 44x44 px corner of their own (the next card lies on them).

Each returns a list of readable problems, empty when the layout is right.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "layout"
VIEWPORTS = ((360, 640), (390, 844), (412, 915), (844, 390), (768, 1024), (1280, 800))
PHONES = ((360, 640), (390, 844), (412, 915), (844, 390))
INTERACTIVE = 'a[href], button, summary, input, select, textarea, [role="button"], [tabindex="0"]'

_COVERED = """([scope, selector]) => {
    const root = document.querySelector(scope) || document.body;
    const problems = [];
    const start = [window.scrollX, window.scrollY];
    for (const el of root.querySelectorAll(selector)) {
        if (el.closest('details:not([open]) > :not(summary), [hidden], .fx-layer')) continue;
        const box = el.getBoundingClientRect();
        if (box.width < 2 || box.height < 2 || getComputedStyle(el).visibility === 'hidden') continue;
        const hitAt = () => {
            const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
            if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return null;
            return document.elementFromPoint(x, y);
        };
        const labels = [...(el.labels || [])];
        const mine = hit => hit && (hit === el || el.contains(hit) || labels.some(l => l.contains(hit)));
        let hit = hitAt();
        if (!mine(hit)) {  // off screen, or under a bar that stays put while the page scrolls: as a person scrolls
            el.scrollIntoView({block: 'center', inline: 'nearest'});
            hit = hitAt();
        }
        // wider than the page: `overflow` says so
        if (hit === null && getComputedStyle(el).position !== 'fixed') continue;
        const by = hit ? hit.outerHTML.slice(0, 90) : 'nothing';
        if (!mine(hit)) problems.push(`${el.outerHTML.slice(0, 90)} is covered by ${by}`);
    }
    window.scrollTo(start[0], start[1]);
    return problems;
}"""

_CLIPPED = """scope => {
    const root = document.querySelector(scope) || document.body;
    const problems = [];
    for (const el of [root, ...root.querySelectorAll('*')]) {
        if (!el.getClientRects().length) continue;
        if (el.closest('svg, .sr-only, .sk-sr-only, details:not([open]) > :not(summary)')) continue;
        if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
        const style = getComputedStyle(el);
        if (style.display === 'inline' || /auto|scroll/.test(style.overflowX + style.overflowY)) continue;
        if (el.clientWidth <= 1 && el.clientHeight <= 1) continue;  // visually hidden, for screen readers
        // a glyph may rise above a tight line box (line-height 1) by a little without being cut
        const rise = 1 + 0.15 * parseFloat(style.fontSize);
        if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + rise) {
            const text = el.textContent.trim().slice(0, 40);
            const size = `${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`;
            problems.push(`"${text}" needs ${size}`);
        }
    }
    return problems;
}"""

_BELOW_FOLD = """selector => {
    const problems = [];
    if (window.scrollY !== 0) problems.push(`the page is scrolled by ${window.scrollY} px`);
    for (const el of document.querySelectorAll(selector)) {
        const r = el.getBoundingClientRect();
        if (r.width < 2 || r.height < 2) continue;
        if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
            const at = [r.left, r.top, r.right, r.bottom].map(v => v.toFixed(0)).join(',');
            problems.push(`${el.outerHTML.slice(0, 70)} at ${at}`);
        }
    }
    return problems;
}"""

_SMALL_HAND_CARDS = """min => {
    const problems = [];
    for (const card of document.querySelectorAll('#play .hand .card')) {
        const r = card.getBoundingClientRect();
        const corners = [[2, 2], [min - 2, 2], [2, min - 2], [min - 2, min - 2]];
        const own = corners.every(([dx, dy]) => card.contains(document.elementFromPoint(r.left + dx, r.top + dy)));
        if (!own) problems.push(`${card.dataset.code} shows less than ${min}x${min} px`);
    }
    return problems;
}"""

# What a person needs on the first screen to play a turn.
TO_PLAY = (
    "#play .table-bar, #play .seats, #play .centre .pile, #play .top-card, #play .last-action, #play #play-status, "
    "#play .actions .button, #play .hand .card.playable, #play .chooser .button"
)


def overflow(page: Page) -> list[str]:
    wider = int(page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth"))
    return [f"the page is {wider} px wider than the viewport"] if wider > 0 else []


def covered(page: Page, scope: str = "body") -> list[str]:
    return list(page.evaluate(_COVERED, [scope, INTERACTIVE]))


def clipped(page: Page, scope: str = "body") -> list[str]:
    return list(page.evaluate(_CLIPPED, scope))


def below_fold(page: Page, selector: str = TO_PLAY) -> list[str]:
    return list(page.evaluate(_BELOW_FOLD, selector))


def small_hand_cards(page: Page) -> list[str]:
    return list(page.evaluate(_SMALL_HAND_CARDS, 44))


_BROKEN_NAMES = """() => [...document.querySelectorAll("#play .seat-name")]
  .filter((name) => !/\\s/.test(name.textContent.trim())
    && name.getBoundingClientRect().height > 1.5 * (parseFloat(getComputedStyle(name).lineHeight)
      || 1.2 * parseFloat(getComputedStyle(name).fontSize)))
  .map((name) => `the seat name "${name.textContent.trim()}" breaks mid-word`)"""


def broken_names(page: Page) -> list[str]:
    """Seats' one-word names drawn on more than one line."""
    return list(page.evaluate(_BROKEN_NAMES))


def problems(page: Page, scope: str = "body") -> list[str]:
    """Overflow, covered controls and clipped text on the page as it is now."""
    return overflow(page) + covered(page, scope) + clipped(page, scope)


def settle(page: Page) -> None:
    """Let a resize or a redrawing lay out, and the finite animations (a card landing, a pulse) end."""
    page.evaluate(
        """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => Promise.race([
            Promise.all(document.getAnimations()
                .filter(a => a.effect?.getComputedTiming().iterations !== Infinity)
                .map(a => a.finished.catch(() => null))),
            new Promise(later => setTimeout(later, 1500)),
        ]).then(done))))"""
    )


def shot(page: Page, name: str, full_page: bool = False) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)
