"""WIP (issue 14, MicroPython step): first and return visits of #/score against a served build on :8765; prints
ready time, main-thread long tasks before ready, start path. Usage: serve the build with
`python -m tools.serve --port 8765 --dir /tmp/siteB`, then `python bench/worker_start.py`. To become part of
bench/load.py when the step lands."""
import time, json
from playwright.sync_api import sync_playwright
INIT = """
window.__long = [];
new PerformanceObserver(l => { for (const e of l.getEntries()) window.__long.push(Math.round(e.duration)); })
  .observe({type: 'longtask', buffered: true});
"""
with sync_playwright() as p:
    b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    ctx = b.new_context(viewport={"width": 390, "height": 844})
    ctx.add_init_script(INIT)
    for visit in ("first", "return", "return2"):
        page = ctx.new_page()
        t0 = time.time()
        page.goto("http://127.0.0.1:8765/#/score")
        page.wait_for_function("document.documentElement.dataset.pyReady === '1'", timeout=120000)
        ready = time.time() - t0
        d = json.loads(page.evaluate("JSON.stringify(document.documentElement.dataset)"))
        print(visit, "ready", round(ready, 2), "s; long tasks to ready", page.evaluate("window.__long"),
              "path", d.get("startPath"), "worker ms", d.get("workerMs"))
        if visit == "first":
            page.wait_for_function("document.documentElement.dataset.snapshot === 'stored' || document.documentElement.dataset.snapshot === 'failed'", timeout=120000)
            print("snapshot", page.evaluate("document.documentElement.dataset.snapshot"), page.evaluate("document.documentElement.dataset.snapshotBytes"))
        page.close()
    b.close()
