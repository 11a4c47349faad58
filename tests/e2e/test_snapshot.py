"""Start-up snapshot: return visits start the engine worker (web/engine/app-worker.mjs) from a Pyodide memory
snapshot, and any trouble falls back. The page itself never runs Pyodide.

Each test has its own copy of the site on its own server (its own origin, so its own IndexedDB and
service worker) and a persistent Chromium profile, closed and reopened between visits like a real return.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import wait_ready
from playwright.sync_api import BrowserContext, BrowserType, Page, expect
from score_helpers import new_game
from test_delivery import redeploy, wait_for_service_worker

import uno_core
from tools.serve import SiteServer

pytestmark = pytest.mark.e2e

# The stored record: OPFS (uno-snapshot.json + uno-snapshot.bin, web/snapshot/snapshot-store.js) or, where OPFS fails,
# IndexedDB (uno-snapshot). Where it is, its key and size, and the bytes stored.
RECORD_JS = """async () => {
    const dir = await navigator.storage.getDirectory();
    try {
        const meta = JSON.parse(await (await (await dir.getFileHandle('uno-snapshot.json')).getFile()).text());
        const image = await (await dir.getFileHandle('uno-snapshot.bin')).getFile();
        return {where: 'opfs', key: meta.key, size: meta.size, stored: image.size, blob: false};
    } catch (err) {
        if (err.name !== 'NotFoundError') throw err;
    }
    return await new Promise((resolve, reject) => {
        const open = indexedDB.open('uno-snapshot', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('snapshots');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
            const get = open.result.transaction('snapshots').objectStore('snapshots').get('current');
            get.onsuccess = () => { const r = get.result; open.result.close();
                resolve(r ? {where: 'idb', key: r.key, size: r.size, stored: r.data.byteLength,
                             blob: r.data instanceof Blob} : null); };
            get.onerror = () => reject(get.error);
        };
    });
}"""

# Replace the stored image (OPFS): "flip" keeps the checksum (bytes damaged on disk), "garbage" stores a
# wrong image with a matching checksum and size (so only the restore itself can fail); "evicted" deletes
# it (the browser cleared it), leaving the loader's hint in localStorage that says one is stored.
DAMAGE_JS = """async how => {
    const dir = await navigator.storage.getDirectory();
    if (how === 'evicted') {
        await dir.removeEntry('uno-snapshot.json');
        await dir.removeEntry('uno-snapshot.bin');
        return;
    }
    const write = async (name, data) => {
        const out = await (await dir.getFileHandle(name)).createWritable();
        await out.write(data);
        await out.close();
    };
    const bytes = new Uint8Array(await (await (await dir.getFileHandle('uno-snapshot.bin')).getFile()).arrayBuffer());
    if (how === 'flip') { for (let i = 0; i < 4096; i++) bytes[(bytes.length >> 1) + i] ^= 0xff; }
    else {
        bytes.fill(7);
        const meta = JSON.parse(await (await (await dir.getFileHandle('uno-snapshot.json')).getFile()).text());
        const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
        meta.sha256 = Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('');
        await write('uno-snapshot.json', JSON.stringify(meta));
    }
    await write('uno-snapshot.bin', bytes);
}"""

# OPFS made unusable for the image: a directory where its file goes (web/snapshot/snapshot-store.js then stores it in
# IndexedDB, as in browsers without OPFS).
BLOCK_OPFS_JS = """async () => {
    const dir = await navigator.storage.getDirectory();
    await dir.getDirectoryHandle('uno-snapshot.bin', {create: true});
}"""


UNREGISTER_JS = """async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const name of await caches.keys()) await caches.delete(name);
}"""


class Visits:
    """A persistent profile on one origin: each visit (re)opens the browser, like someone coming back."""

    def __init__(self, browser_type: BrowserType, launch_args: dict[str, Any], profile: Path, url: str) -> None:
        self.browser_type, self.launch_args, self.profile, self.url = browser_type, launch_args, profile, url
        self.context: BrowserContext | None = None
        self.console: list[str] = []  # the last visit's console messages

    def open(self, route: str = "") -> Page:
        self.close()
        self.context = self.browser_type.launch_persistent_context(
            str(self.profile), **self.launch_args, viewport={"width": 390, "height": 844}, locale="en-US"
        )
        page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.console = []
        page.on("console", lambda message: self.console.append(message.text))
        page.goto(self.url + route)
        wait_ready(page)
        return page

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
            self.context = None


@pytest.fixture
def visits(
    site: Path, tmp_path: Path, browser_type: BrowserType, browser_type_launch_args: dict[str, Any]
) -> Iterator[tuple[Visits, Path, SiteServer]]:
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    srv = SiteServer(copy).start()
    v = Visits(browser_type, browser_type_launch_args, tmp_path / "profile", srv.url)
    yield v, copy, srv
    v.close()
    srv.stop()


def start_path(page: Page) -> str:
    return str(page.evaluate("document.documentElement.dataset.startPath"))


def wait_snapshot_stored(page: Page) -> dict[str, Any]:
    page.wait_for_function(
        "() => ['stored', 'failed'].includes(document.documentElement.dataset.snapshot)", timeout=120_000
    )
    assert page.evaluate("document.documentElement.dataset.snapshot") == "stored"
    record = page.evaluate(RECORD_JS)
    assert record and record["size"] > 10_000_000 and record["stored"] == record["size"], record
    assert record["blob"] is False  # in IndexedDB, an ArrayBuffer: WebKit refuses Blobs there in ephemeral sessions
    return dict(record)


def runtime_scripts(page: Page) -> set[str]:
    """Which of Pyodide's runtime files the page itself fetched (the engine worker's fetches are not the page's;
    Chromium lists a module worker's imports, such as pyodide.mjs, with the page's)."""
    names = page.evaluate("performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)")
    names = [name.rsplit("/", 1)[-1] for name in names]
    return {name for name in names if name.startswith(("pyodide.asm.", "python_stdlib", "pyodide-lock"))}


def marks(page: Page) -> dict[str, str]:
    return dict(page.evaluate("Object.assign({}, document.documentElement.dataset)"))


def check_works(page: Page) -> None:
    """Python answers: the engine version shows, the score keeper sets up a game, play set-up reacts."""
    # Pyodide runs only in the workers: the page has no loader, no interpreter, and fetched no runtime file
    assert page.evaluate("typeof globalThis.loadPyodide === 'undefined' && typeof globalThis.pyodide === 'undefined'")
    assert runtime_scripts(page) == set()
    assert page.evaluate("WebAssembly.Module.name") == "Module"
    expect(page.locator("#engine-version")).to_contain_text(uno_core.__version__)
    expect(page.locator("html")).to_have_attribute("data-engine-version", uno_core.__version__)
    new_game(page, ["Ana", "Bo"], dealer=0)
    page.evaluate("location.hash = '#/play'")
    page.wait_for_selector("#play-setup")
    page.select_option("#f-preset", "official")
    # the official rules drawn back (a reload replays the set-up's last choices: stacking may be ticked)
    expect(page.locator("#rule-stacking")).not_to_be_checked()
    page.locator("#rule-stacking").check()
    expect(page.locator("#f-preset")).to_have_value("custom")  # Python saw the change


def test_return_visit_starts_from_snapshot_and_works_offline(visits: tuple[Visits, Path, SiteServer]) -> None:
    v, _, srv = visits
    page = v.open()
    assert start_path(page) == "plain"
    check_works(page)
    record = wait_snapshot_stored(page)
    assert record["where"] == "opfs", record  # Chromium: the origin private file system (IndexedDB where it fails)
    assert f"build {page.evaluate('fetch(`./build.json`).then(r => r.json()).then(i => i.version)')}" in record["key"]
    wait_for_service_worker(page)
    page.wait_for_function("() => document.documentElement.dataset.storagePersisted")  # asked once, app-wide

    page = v.open("#/score")
    assert start_path(page) == "snapshot"
    # the start-up's steps bench.load prints: when the engine worker started (ms since navigation), its own steps
    # (ms since its start), the page's side started (a performance mark), all before the page was interactive
    start, read, restored, ui, ready = page.evaluate("""() => {
        const d = document.documentElement.dataset;
        const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
        return [Number(d.workerStart), Number(d.tSnapshotRead), Number(d.tSnapshotRestored), at("ui-started"),
                at("app-interactive")];
    }""")
    assert 0 < start < ready and 0 <= read < restored and start + restored <= ready + 2, (start, read, restored, ready)
    assert ui is not None and 0 < ui <= ready, (ui, ready)
    expect(page.locator("html")).to_have_attribute("data-load-path", "snapshot")
    # the kept sources (tracebacks read them) are written out once the app is ready
    expect(page.locator("html")).to_have_attribute("data-snapshot-sources", "written")
    expect(page.locator("#screen .sk-score")).to_be_visible()
    check_works(page)

    assert v.context is not None
    v.context.set_offline(True)  # offline second visit: service worker + snapshot
    srv.stop()
    page.reload()  # of #/play, where check_works left it: the bots' engine worker starts at once
    wait_ready(page)
    assert start_path(page) == "snapshot"
    page.wait_for_function("() => ['ready', 'failed'].includes(document.documentElement.dataset.brain)", timeout=60_000)
    # the engine worker restored the same snapshot (offline: the service worker served its runtime)
    assert page.evaluate("[document.documentElement.dataset.brain, document.documentElement.dataset.brainPath]") == [
        "ready",
        "snapshot",
    ]
    check_works(page)


def test_snapshot_kept_in_indexeddb_where_opfs_fails(visits: tuple[Visits, Path, SiteServer]) -> None:
    """Where OPFS cannot hold the image, the store keeps it in IndexedDB, and the next visit restores it from there."""
    v, _, _ = visits
    page = v.open()
    page.evaluate(BLOCK_OPFS_JS)  # long before the snapshot is made (a second after ready, then seconds)
    record = wait_snapshot_stored(page)
    assert record["where"] == "idb", record
    page = v.open()
    assert start_path(page) == "snapshot"
    check_works(page)


@pytest.mark.parametrize(
    ("how", "path"), [("flip", "plain-fallback"), ("garbage", "plain-fallback"), ("evicted", "plain")]
)
def test_damaged_snapshot_falls_back_and_recovers(visits: tuple[Visits, Path, SiteServer], how: str, path: str) -> None:
    v, _, _ = visits
    page = v.open()
    wait_snapshot_stored(page)
    assert page.evaluate("localStorage.getItem('uno.snapshot')")  # the hint: the next start restores at once
    page.evaluate(DAMAGE_JS, how)
    page = v.open()
    assert start_path(page) == path
    # damaged bytes are caught by their checksum (before Pyodide restores them); a wrong image whose
    # checksum matches is caught by the restore itself; an evicted one is simply not there
    refused = marks(page).get("snapshotRefused", "")
    assert ("snapshot checksum mismatch" in refused) == (how == "flip"), refused
    assert bool(refused) == (how != "evicted"), refused
    check_works(page)
    wait_snapshot_stored(page)  # a fresh snapshot replaces the damaged one
    page = v.open()
    assert start_path(page) == "snapshot"
    expect(page.locator("#engine-version")).to_contain_text(uno_core.__version__)


def test_restore_waits_for_the_checksum(visits: tuple[Visits, Path, SiteServer]) -> None:
    """The store hashes the image it read before it hands it over: Pyodide never gets bytes not yet checked."""
    v, copy, _ = visits
    page = v.open()
    wait_snapshot_stored(page)
    wait_for_service_worker(page)
    # the next visit gets the store's script from the server (no service worker, no precache), its hash slowed
    page.evaluate(UNREGISTER_JS)
    store = copy / "web" / "snapshot-store.js"
    hashing = "async function sha256(data) {"
    assert hashing in store.read_text()
    slow = hashing + "\n  await new Promise((resolve) => setTimeout(resolve, 2000));"
    store.write_text(store.read_text().replace(hashing, slow, 1))
    page = v.open()
    assert start_path(page) == "snapshot"
    times = {name: int(value) for name, value in marks(page).items() if name.startswith("tSnapshot")}  # worker ms
    assert times["tSnapshotRead"] >= 1900, times  # the image came only with its (slowed) hash
    assert times["tSnapshotRestored"] > times["tSnapshotRead"], times
    check_works(page)


def test_new_version_never_starts_from_old_snapshot(visits: tuple[Visits, Path, SiteServer]) -> None:
    v, copy, _ = visits
    page = v.open()
    old = wait_snapshot_stored(page)
    wait_for_service_worker(page)
    new_version = redeploy(copy)
    page.evaluate("window.unoShell.checkForUpdate()")
    expect(page.locator("#update-banner")).to_be_visible(timeout=60_000)
    page.evaluate("window.__oldPage = true")
    page.locator("#update-now").click()
    page.wait_for_function("() => window.__oldPage === undefined", timeout=60_000)
    page.wait_for_function("v => caches.keys().then(k => k.length === 1 && k[0] === 'uno-' + v)", arg=new_version)
    wait_ready(page)
    assert start_path(page) == "plain"  # the old version's snapshot was dropped, not used
    new = wait_snapshot_stored(page)
    assert new["key"] != old["key"] and f"build {new_version}" in new["key"]
    page = v.open()
    assert start_path(page) == "snapshot"


def test_page_starts_without_its_snapshot_store(visits: tuple[Visits, Path, SiteServer]) -> None:
    """No snapshot store worker (its script missing): the page starts plainly, works, and says no snapshot."""
    v, copy, _ = visits
    (copy / "web" / "snapshot-store.js").unlink()
    page = v.open()
    assert start_path(page) == "plain-fallback"
    check_works(page)
    page.wait_for_function("() => document.documentElement.dataset.snapshot === 'failed'", timeout=120_000)
