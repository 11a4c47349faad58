"""Load benchmark: the app vs a bare `loadPyodide()` page, cold and warm, in Chromium.

    .venv/bin/python -m bench.load [--runs 5]

Each run uses a new persistent Chromium profile: a cold visit (empty profile), then the
browser is closed and started again on the same profile for each warm visit (HTTP cache,
and for the app its service worker cache and its start-up snapshot). Each visit navigates once
the browser it starts is idle (`settle`): a browser just started keeps both cores busy for about a second
(its profile, network service, spare renderer...), which is the browser's start, not the page's, and is
not there when a person opens the app in a running browser. The same warm visits made at the browser's
launch are printed too (`-launch`): what this bench measured before it waited. The app's
cold visit waits until the snapshot is stored (and reports the longest main-thread task meanwhile:
how janky the page was while the snapshot was made) and creates one score sheet; the warm visits
open the landing page, Play (#/play), the score keeper (#/score) and that saved sheet
(#/score/<id>, also timing its `score-prepaint` mark). Time = navigation start to "interactive"
(the `app-interactive` performance mark: set by the app when Python has started the UI,
and by bench/bare.html after loadPyodide() and one line of Python). Bytes = response
bodies sent by the local server during the visit. Prints medians and the app/bare ratios, and the
longest main-thread task from navigation to interactive (Long Tasks API) of each visit.
`--against <site>` also visits another build's app in the same runs, in turn with this one's, and
compares their warm visits run by run (this machine's speed drifts more between runs minutes apart than
most start-up changes move it). `--cpu-throttle 4` slows the page's CPU as Lighthouse's mobile preset does
(CDP). Last, the medians of the warm starts' steps (when the engine worker started, read, checked and
restored its snapshot, was ready; when the page's MicroPython side had started): the critical path at a glance.
Each run also visits `#/score/new` on a new profile with the page's CPU 4x slower (a first visit at the table on a
phone, issue 48): the time from navigation to the first key the new player's field took (the set-up painted before
Python, web/setup-prepaint.js; the bar 1.0 s), and to interactive.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, sync_playwright

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import SiteServer

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "dist" / "site"
PAGES = {"app": "index.html", "bare": "bench-bare.html"}
AGAINST = "against"  # the page name of the --against build's app visits


RATIO_BAR = 0.30  # the bar (its history: docs/decisions.md)
WARM_ROUTES = {"warm": "", "warm-play": "#/play", "warm-score": "#/score", "warm-sheet": "#/score/{sheet}"}
LAUNCH = "-launch"  # a warm visit's kind suffix: navigated at the browser's launch, not once it was idle
LAUNCH_ROUTES = {"warm-play": "#/play", "warm-score": "#/score"}  # the app's routes also visited at launch
IDLE_CPU_MS = 5.0  # the browser is idle once its processes use less CPU than this in 100 ms
MARK = "name => performance.getEntriesByName(name)[0]?.startTime ?? null"
# Waits for the page's pyReady without Playwright's injected script: `wait_for_function` installs that
# script in the page while it starts, 50-120 ms of its main thread on a return visit (measured), which is
# the harness's time, not the page's.
WAIT_READY = """() => new Promise((resolve, reject) => {
    const root = document.documentElement;
    if (root.dataset.pyReady) return resolve();
    new MutationObserver((_, observer) => {
        if (root.dataset.pyReady) { observer.disconnect(); resolve(); }
    }).observe(root, { attributes: true, attributeFilter: ["data-py-ready"] });
    setTimeout(() => reject(new Error("not ready after 180 s")), 180000);
})"""
LONG_TASKS = """window.__longTasks = [];
new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });"""
# The app's start-up steps, in ms since navigation: the engine worker's start (data-worker-start) and its steps
# (data-t-*, ms since that start, web/engine/app-worker.mjs), the page's MicroPython side done starting (ui-started).
STEPS = """() => {
    const d = document.documentElement.dataset;
    const at = Number(d.workerStart);
    const steps = { "ui started": performance.getEntriesByName("ui-started")[0]?.startTime };
    if (Number.isFinite(at)) {
        steps["worker started"] = at;
        for (const [name, key] of [["snapshot read", "tSnapshotRead"], ["snapshot restored", "tSnapshotRestored"],
                                   ["worker ready", "workerMs"]]) {
            if (d[key] !== undefined) steps[name] = at + Number(d[key]);
        }
    }
    return Object.fromEntries(Object.entries(steps).filter(([, ms]) => Number.isFinite(ms)));
}"""
SETUP_ROUTE = "#/score/new"
SETUP_THROTTLE = 4.0  # a phone's CPU, as Lighthouse's mobile preset
FIRST_KEY_BAR_MS = 1000.0  # issue 48: the first name can be typed within 1.0 s of navigation
FIRST_KEY_WINDOW_S = 3.0  # keys are sent this long after navigation
# The person taps the new player's field as soon as it shows (focused here, in the page: the harness's own scripts
# take the throttled page seconds to install) and keys arrive every 20 ms (CDP, as typed); the page notes when the
# first reached the field.
FIRST_KEY = """(() => {
    const probe = (window.__firstKey = { shown: null, typed: null });
    new MutationObserver(() => {
        const field = document.getElementById("score-name-new");
        if (field && probe.shown === null) { probe.shown = performance.now(); field.focus(); }
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener("input", (event) => {
        if (event.target.id === "score-name-new" && probe.typed === null) probe.typed = performance.now();
    }, true);
})();"""
LONGEST_AFTER = "t => Math.max(0, ...window.__longTasks.filter(([start]) => start > t).map(([, d]) => d))"
LONGEST_BEFORE = "t => Math.max(0, ...window.__longTasks.filter(([start]) => start <= t).map(([, d]) => d))"


@dataclass
class Visit:
    page: str
    kind: str  # cold | warm | warm-play | warm-score | warm-sheet, each of the warm ones also with LAUNCH
    ms: float
    bytes: int
    precache_bytes: int = 0
    start_path: str = ""
    prepaint_ms: float | None = None
    longest_task_ms: float | None = None  # cold app visit: longest main-thread task while the snapshot was made
    longest_to_ready_ms: float = 0.0  # longest main-thread task from navigation to interactive
    steps: dict[str, float] = field(default_factory=dict)  # the app's start-up steps, ms since navigation (STEPS)


def browser_cpu_ms() -> float | None:
    """The CPU time used so far by every Chromium process (Linux /proc), or None where there is no /proc."""
    proc = Path("/proc")
    if not (proc / "self" / "stat").exists():
        return None
    total = 0
    for stat in proc.glob("[0-9]*/stat"):
        try:
            name, fields = stat.read_text().rsplit(")", 1)
        except OSError:  # the process ended meanwhile
            continue
        if name.split("(", 1)[1].startswith(("chromium", "chrome")):
            utime, stime = fields.split()[11:13]  # in clock ticks
            total += int(utime) + int(stime)
    return total * 1000 / os.sysconf("SC_CLK_TCK")


def settle(page: Any, limit_s: float = 5.0) -> None:
    """Wait until the browser just started is idle (under IDLE_CPU_MS of CPU in 100 ms), at most `limit_s`
    seconds; a fixed second where /proc cannot tell."""
    before = browser_cpu_ms()
    if before is None:
        page.wait_for_timeout(1000)
        return
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        page.wait_for_timeout(100)
        now = browser_cpu_ms() or 0.0  # never None here: /proc was there
        if now - before < IDLE_CPU_MS:
            return
        before = now


def new_sheet(page: Any) -> str:
    """Set up a two-player score sheet through the UI (so the warm visit has a saved sheet); return its id."""
    page.evaluate("location.hash = '#/score/new'")
    for name in ("Ana", "Bo"):
        page.locator("#score-name-new").fill(name)
        page.locator("#score-name-new").press("Enter")
    page.locator("#score-dealer-0").check()
    page.locator("#score-start").click()
    page.wait_for_selector("#score-save")
    sheet = str(page.evaluate("location.hash.split('/')[2]"))
    page.evaluate("id => { location.hash = '#/score/' + id; }", sheet)  # its sheet page stores the prepaint
    page.wait_for_selector(".sk-score-sheet")
    page.wait_for_function("() => localStorage.getItem('uno.score.prepaint')", timeout=30_000)
    return sheet


def visit(
    context: BrowserContext,
    server: SiteServer,
    page_name: str,
    kind: str,
    route: str,
    cold_app: bool,
    sheet: dict[str, str],
    throttle: float = 1.0,
) -> Visit:
    """One navigation; the time to interactive as the page measured it, and the bytes served."""
    page = context.new_page()
    page.add_init_script(LONG_TASKS)
    if not kind.endswith(LAUNCH):
        settle(page)
    server.traffic.reset()
    if throttle > 1:  # a slower phone: Lighthouse's mobile preset slows the CPU 4x the same way
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(server.url + PAGES[page_name] + route.format(**sheet))
    page.evaluate(WAIT_READY)
    if page.evaluate("document.documentElement.dataset.pyReady") != "1":
        raise SystemExit(f"{page_name} failed to load: {page.locator('#error-details').text_content()}")
    ms = float(page.evaluate(MARK, "app-interactive"))
    prepaint = page.evaluate(MARK, "score-prepaint")
    start_path = str(page.evaluate("document.documentElement.dataset.startPath || ''"))
    longest_to_ready = float(page.evaluate(LONGEST_BEFORE, ms))
    steps = {str(name): float(ms) for name, ms in page.evaluate(STEPS).items()} if page_name == "app" else {}
    served = server.traffic.total_bytes()
    precache = 0
    longest = None
    if cold_app:  # let the service worker precache and the snapshot be stored before the browser closes
        page.wait_for_function("() => document.documentElement.dataset.offlineReady === '1'", timeout=180_000)
        page.wait_for_function(
            "() => ['stored', 'failed'].includes(document.documentElement.dataset.snapshot)", timeout=180_000
        )
        longest = float(page.evaluate(LONGEST_AFTER, ms))
        time.sleep(0.5)
        precache = server.traffic.total_bytes() - served
        sheet["sheet"] = new_sheet(page)
    page.close()
    return Visit(page_name, kind, ms, served, precache, start_path, prepaint, longest, longest_to_ready, steps)


@dataclass
class FirstKey:
    """A first visit to `#/score/new` at CPU 4x: ms from navigation to the field on the page, to the first key it took
    (None: none within `FIRST_KEY_WINDOW_S`), and to interactive."""

    shown: float | None
    typed: float | None
    ready: float


def first_key_visit(pw: Any, server: SiteServer) -> FirstKey:
    """A new profile (a first visit) to the new game's set-up, its CPU slowed; keys sent from navigation on."""
    profile = tempfile.mkdtemp(prefix="uno-bench-setup-")
    try:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 390, "height": 844}
        )
        page = context.new_page()
        page.add_init_script(FIRST_KEY)
        settle(page)
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": SETUP_THROTTLE})
        started = time.monotonic()
        page.goto(server.url + PAGES["app"] + SETUP_ROUTE, wait_until="commit")
        while time.monotonic() - started < FIRST_KEY_WINDOW_S:
            cdp.send("Input.insertText", {"text": "a"})  # lands nowhere until the field is there and focused
            time.sleep(0.02)
        page.evaluate(WAIT_READY)
        probe = page.evaluate("() => window.__firstKey")
        found = FirstKey(probe["shown"], probe["typed"], float(page.evaluate(MARK, "app-interactive")))
        context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return found


def first_key_run(pw: Any, server: SiteServer, run: int) -> FirstKey:
    """`first_key_visit`, its line printed."""
    key = first_key_visit(pw, server)
    print(
        f"run {run + 1} app  {'first-key':10}: {ms_or_none(key.typed)} ms  field shown {ms_or_none(key.shown)} ms  "
        f"interactive {key.ready:.0f} ms  ({SETUP_ROUTE}, new profile, CPU {SETUP_THROTTLE:g}x)",
        flush=True,
    )
    return key


def run_once(pw: Any, server: SiteServer, page_name: str, throttle: float = 1.0) -> list[Visit]:
    """Cold visit on a new profile, then warm visits, each after restarting the browser on it."""
    profile = tempfile.mkdtemp(prefix="uno-bench-")
    visits = []
    sheet: dict[str, str] = {}
    warm = WARM_ROUTES if page_name == "app" else {"warm": ""}
    at_launch = LAUNCH_ROUTES if page_name == "app" else warm
    kinds = {"cold": "", **warm, **{kind + LAUNCH: route for kind, route in at_launch.items()}}
    try:
        for kind, route in kinds.items():
            context = pw.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 390, "height": 844}
            )
            cold_app = page_name == "app" and kind == "cold"
            visits.append(visit(context, server, page_name, kind, route, cold_app, sheet, throttle))
            context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return visits


def median(visits: list[Visit], page_name: str, kind: str, attr: str = "ms") -> float:
    return float(statistics.median(getattr(v, attr) for v in visits if v.page == page_name and v.kind == kind))


def main() -> None:
    parser = argparse.ArgumentParser(description="App vs bare loadPyodide(): time to interactive, cold and warm.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, default=SITE)
    parser.add_argument(
        "--cpu-throttle",
        type=float,
        default=1.0,
        help="slow the page's CPU this many times (CDP), e.g. 4 as Lighthouse's mobile preset",
    )
    parser.add_argument(
        "--against",
        type=Path,
        default=None,
        help="another build of the site (e.g. main's, copied aside): its app is visited in turn with "
        "this one's, and their warm visits compared run by run",
    )
    parser.add_argument(
        "--first-key-only",
        action="store_true",
        help="only the first visit to #/score/new at CPU 4x: the first name's first key (issue 48)",
    )
    args = parser.parse_args()
    for built in (args.site, args.against):
        if built is not None and not (built / "build.json").exists():
            raise SystemExit(f"bench: no built site at {built} (./dev build)")
    with tempfile.TemporaryDirectory(prefix="uno-bench-site-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(args.site, site)
        runtime = json.loads((site / "build.json").read_text())["runtime"]
        (site / PAGES["bare"]).write_text((ROOT / "bench" / "bare.html").read_text())
        bare = (ROOT / "bench" / "bare.js").read_text().replace("./runtime/pyodide/", f"./{runtime}/")
        (site / "bench-bare.js").write_text(bare)
        server = SiteServer(site).start()
        servers = {"app": server, "bare": server}
        if args.against is not None:
            shutil.copytree(args.against, Path(tmp) / "against")
            servers[AGAINST] = SiteServer(Path(tmp) / "against").start()
        visits: list[Visit] = []
        first_keys: list[FirstKey] = []
        try:
            with sync_playwright() as pw:
                for i in range(0 if args.first_key_only else args.runs):
                    order = list(servers)[i % len(servers) :] + list(servers)[: i % len(servers)]  # rotate the order
                    for name in order:
                        for v in run_once(pw, servers[name], "bare" if name == "bare" else "app", args.cpu_throttle):
                            v.page = name
                            visits.append(v)
                            mb = v.bytes / 1e6
                            extra = f"  prepaint {v.prepaint_ms:.0f} ms" if v.prepaint_ms is not None else ""
                            print(
                                f"run {i + 1} {v.page:4} {v.kind:10}: {v.ms:7.0f} ms  {mb:6.2f} MB  "
                                f"longest task {v.longest_to_ready_ms:5.0f} ms  {v.start_path}{extra}",
                                flush=True,
                            )
                    first_keys.append(first_key_run(pw, server, i))
                if args.first_key_only:
                    first_keys = [first_key_run(pw, server, i) for i in range(args.runs)]
        finally:
            for running in set(servers.values()):
                running.stop()
    if args.first_key_only:
        print_first_key(first_keys)
        return
    slow = f", CPU throttled {args.cpu_throttle:g}x" if args.cpu_throttle > 1 else ""
    print(f"\nmedians of {args.runs} runs (Chromium, persistent profile, {os.cpu_count()} cores{slow})")
    print(f"{'':6}{'bare ms':>10}{'app ms':>10}{'app/bare':>10}{'bare MB':>10}{'app MB':>10}")
    for kind in ("cold", "warm"):
        bare_ms, app_ms = median(visits, "bare", kind), median(visits, "app", kind)
        bare_mb, app_mb = median(visits, "bare", kind, "bytes") / 1e6, median(visits, "app", kind, "bytes") / 1e6
        print(f"{kind:6}{bare_ms:10.0f}{app_ms:10.0f}{app_ms / bare_ms:10.2f}{bare_mb:10.2f}{app_mb:10.2f}")
    precache = median(visits, "app", "cold", "precache_bytes") / 1e6
    longest = statistics.median(v.longest_task_ms for v in visits if v.longest_task_ms is not None)
    print(
        f"app cold visit: service worker precache afterwards {precache:.2f} MB; longest main-thread task "
        f"from interactive until the snapshot was stored {longest:.0f} ms (it is made in a worker)"
    )
    bare_warm = median(visits, "bare", "warm")
    task_bar = 200 if args.cpu_throttle > 1 else 50
    print(
        f"\nwarm time to interactive, app from its snapshot vs bare page ({bare_warm:.0f} ms), bar <= {RATIO_BAR}x;"
        f" longest main-thread task from navigation to interactive, bar <= {task_bar} ms"
    )
    cold_task = median(visits, "app", "cold", "longest_to_ready_ms")
    print(
        f"  {'first visit':16}{median(visits, 'app', 'cold'):7.0f} ms {'':8}   longest task {cold_task:6.0f} ms "
        f"{'met' if cold_task <= task_bar else 'NOT met'}"
    )
    for kind, route in WARM_ROUTES.items():
        app = median(visits, "app", kind)
        task = median(visits, "app", kind, "longest_to_ready_ms")
        paths = sorted({v.start_path for v in visits if v.page == "app" and v.kind == kind})
        verdict = "met" if app <= RATIO_BAR * bare_warm else "NOT met"
        print(
            f"  {route_label(route):16}{app:7.0f} ms {app / bare_warm:6.2f}x {verdict:7}  "
            f"longest task {task:6.0f} ms {'met' if task <= task_bar else 'NOT met':7}  "
            f"(start path: {', '.join(paths)})"
        )
    print_launch(visits)
    print_steps(visits)
    if args.against is not None:
        print_against(visits, args.against)
    prepaints = [v.prepaint_ms for v in visits if v.kind == "warm-sheet" and v.prepaint_ms is not None]
    if prepaints:
        prepaint = statistics.median(prepaints)
        print(f"  #/score/<id> score-prepaint {prepaint:.0f} ms {prepaint / bare_warm:.2f}x")
    print_first_key(first_keys)


def ms_or_none(ms: float | None) -> str:
    return "   none" if ms is None else f"{ms:7.0f}"


def print_first_key(found: list[FirstKey]) -> None:
    """The first name's first key on a first visit at CPU 4x (issue 48), median of the runs against its bar."""
    typed = [key.typed if key.typed is not None else float("inf") for key in found]  # none: later than the window
    key_ms = statistics.median(typed)
    ready = statistics.median(key.ready for key in found)
    verdict = "met" if key_ms <= FIRST_KEY_BAR_MS else "NOT met"
    print(
        f"  {SETUP_ROUTE:16}{key_ms:7.0f} ms to the first name's first key, first visit at CPU {SETUP_THROTTLE:g}x, "
        f"bar <= {FIRST_KEY_BAR_MS:.0f} ms {verdict}  (interactive {ready:.0f} ms; slowest key "
        f"{max(typed):.0f} ms of {len(found)} runs)"
    )


def route_label(route: str) -> str:
    """A warm route as the summary prints it: ``#/``, ``#/play``, ``#/score/<id>``."""
    return (route or "#/").replace("{sheet}", "<id>")


def print_launch(visits: list[Visit]) -> None:
    """The same warm visits made at the browser's launch, before it was idle, with their ratios."""
    bare = median(visits, "bare", "warm" + LAUNCH)
    print(f"  at the browser's launch (not waiting until it is idle), bare page {bare:.0f} ms:")
    for kind, route in LAUNCH_ROUTES.items():
        app = median(visits, "app", kind + LAUNCH)
        task = median(visits, "app", kind + LAUNCH, "longest_to_ready_ms")
        longest = max(v.longest_to_ready_ms for v in visits if v.page == "app" and v.kind == kind + LAUNCH)
        print(
            f"  {route_label(route):16}{app:7.0f} ms {app / bare:6.2f}x {'':10}longest task {task:6.0f} ms "
            f"(the longest of all {longest:.0f} ms)"
        )


def print_steps(visits: list[Visit]) -> None:
    """Where the app's warm starts spend their time: the median of each start-up step over the warm visits."""
    warm = [v for v in visits if v.page == "app" and v.kind in WARM_ROUTES and v.steps]
    if not warm:
        return
    names = {name for v in warm for name in v.steps}
    steps = {name: statistics.median(v.steps[name] for v in warm if name in v.steps) for name in names}
    steps["interactive"] = statistics.median(v.ms for v in warm)
    order = sorted(steps.items(), key=lambda item: item[1])
    print(
        f"  warm start's steps, ms since navigation (medians of {len(warm)} warm visits): "
        + ", ".join(f"{name} {ms:.0f}" for name, ms in order)
    )


def print_against(visits: list[Visit], against: Path) -> None:
    """This build's warm visits against the other build's (``--against``), each run's pair compared."""
    print(f"\nwarm time to interactive, this build vs {against} (visited in turn, same runs)")
    for kind, route in WARM_ROUTES.items():
        mine = [v.ms for v in visits if v.page == "app" and v.kind == kind]
        theirs = [v.ms for v in visits if v.page == AGAINST and v.kind == kind]
        paired = statistics.median(a / b for a, b in zip(mine, theirs, strict=True))
        print(
            f"  {route_label(route):16}{statistics.median(mine):7.0f} ms vs {statistics.median(theirs):7.0f} ms"
            f"   paired ratio {paired:.3f}"
        )


if __name__ == "__main__":
    main()
