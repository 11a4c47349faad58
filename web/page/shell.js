// The loading shell: runs before Python. It owns the language (catalogue, switch, memory),
// shows loading progress, reloads once when the network cut a request and turns any other failed delivery
// into an error screen with a retry,
// registers the service worker and offers new versions without ever reloading on its own.
// The page's MicroPython (web/page/ui/) uses it through `window.unoShell`.

const LANGS = ["es", "en"];
const LANG_KEY = "uno.lang";
const STALL_MS = 60000; // no progress at all for this long: show the error screen
const root = document.documentElement;
const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- language
const catalogues = new Map();
const missing = new Set();
let lang = pickLanguage();
let catalogue = null; // null until the first catalogue has arrived
let langReady = Promise.resolve();

function pickLanguage() {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (LANGS.includes(saved)) return saved;
  } catch { /* storage may be blocked: fall through */ }
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

function loadCatalogue(code) {
  if (!catalogues.has(code)) {
    const url = new URL(`./i18n/${code}.json`, import.meta.url);
    catalogues.set(code, fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${url.pathname}: HTTP ${r.status}`);
      return r.json();
    }));
  }
  return catalogues.get(code);
}

/** An argument's words: a text, a catalogue text `{k, g}` (a card's name in a log line), or a list of them. */
function word(value) {
  if (Array.isArray(value)) return value.map(word).join(", ");
  if (value && typeof value === "object") return t(value.k, value.g || {});
  return String(value);
}

/** The text of `key` in the current language, `{name}` placeholders filled from `args` (see `word`). */
function t(key, args = {}) {
  if (!catalogue) return ""; // the catalogue is on its way: setLang() fills everything in
  let text = catalogue[key];
  if (typeof text !== "string") {
    missing.add(key);
    console.warn(`i18n: no "${key}" in ${lang}`);
    text = key;
  }
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in args ? word(args[name]) : all));
}

/** Fill every [data-i18n] / [data-i18n-attr] element under `scope` (always as text, never HTML). */
function applyI18n(scope = document) {
  const pick = (sel) => [...(scope.matches?.(sel) ? [scope] : []), ...scope.querySelectorAll(sel)];
  for (const el of pick("[data-i18n]")) {
    const args = el.dataset.i18nArgs ? JSON.parse(el.dataset.i18nArgs) : {};
    el.textContent = t(el.dataset.i18n, args);
  }
  for (const el of pick("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
}

// The choice is a save like any other: IndexedDB first (web/page/saves.js), then localStorage, the
// synchronous copy read above for the first paint. Without IndexedDB, localStorage alone.
let chosen = false; // the person switched in this visit: a stored choice arriving later does not undo it
function mirrorLang(code) {
  try { localStorage.setItem(LANG_KEY, code); } catch { /* not remembered */ }
}

function rememberLang(code) {
  const saves = window.unoSaves;
  if (!saves) { mirrorLang(code); return; }
  saves.put(LANG_KEY, code).then(() => mirrorLang(code), () => mirrorLang(code));
}

/** On start: the IndexedDB copy wins over the localStorage one (`unoSaves.winner`); an older visit's
 * choice moves in whenever IndexedDB has none. */
function reconcileLang() {
  window.unoSaves?.read().then(({ records }) => {
    if (!records) return;
    const { source, value, local } = window.unoSaves.startValue(LANG_KEY, records, true);
    if (source === "record" && LANGS.includes(value)) {
      if (value !== local) mirrorLang(value);
      if (value !== lang && !chosen) setLang(value, false).catch(() => {});
    } else if (LANGS.includes(local)) {
      rememberLang(local);
    }
  });
}

async function setLang(code, remember = true) {
  if (!LANGS.includes(code)) throw new Error(`unknown language ${code}`);
  catalogue = await loadCatalogue(code);
  lang = code;
  if (remember) {
    chosen = true;
    rememberLang(code);
  }
  root.lang = code;
  document.title = t("app.title");
  document.querySelector('meta[name="description"]')?.setAttribute("content", t("app.description"));
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === code));
  }
  applyI18n(document);
  renderProgress();
  window.dispatchEvent(new CustomEvent("uno:lang", { detail: { lang: code } }));
}

// ---------------------------------------------------------------- progress
const STAGES = { // stage key -> [start %, end %]
  "load.start": [0, 2], "load.runtime": [2, 60], "load.python": [60, 75],
  "load.packages": [75, 92], "load.app": [92, 99],
};
const downloads = new Map(); // url -> {done, total}
let stage = "load.start";
let state = "loading"; // loading | ready | error | retrying
const RETRIED_KEY = "uno.loadRetriedAt"; // when this tab last reloaded by itself (reloadOnce)
// how a request cut by the network reads: fetch() in Chromium, Firefox, Safari; a script's error event (ours)
const CUT_BY_NETWORK = /Failed to fetch|NetworkError when attempting to fetch|Load failed|: failed to load$/;
let lastProgress = performance.now();

function setStage(next) {
  if (state !== "loading" || STAGES[next][0] < STAGES[stage][0]) return;
  stage = next;
  root.dataset.loadStage = next.slice(5);
  renderProgress();
}

function renderProgress() {
  if (state !== "loading") return;
  lastProgress = performance.now();
  let [from, to] = STAGES[stage];
  let detail = "";
  if (stage === "load.runtime" && downloads.size) {
    let done = 0, total = 0, known = true;
    for (const d of downloads.values()) {
      if (d.total === 0) continue; // size unknown: leave it out of the bar
      done += d.done; total += d.total ?? 0; known &&= d.total !== null;
    }
    if (known && total) {
      from += (to - from) * Math.min(1, done / total);
      detail = t("load.bytes", { done: (done / 1e6).toFixed(1), total: (total / 1e6).toFixed(1) });
    }
  }
  const bar = $("loading-bar");
  if (bar) bar.value = Math.round(from);
  const stageEl = $("loading-stage");
  if (stageEl && stageEl.dataset.i18n !== stage) {
    stageEl.dataset.i18n = stage;
    stageEl.textContent = t(stage);
  }
  const detailEl = $("loading-detail");
  if (detailEl) detailEl.textContent = detail;
}

// Count the bytes of the big runtime downloads (the page's own fetches) as they arrive;
// any failed same-origin fetch while loading is a broken delivery.
const BIG = /\.(wasm|zip|whl)(\?|$)/;
const realFetch = window.fetch.bind(window);
window.fetch = async (input, init) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, location.href);
  let response;
  try {
    response = await realFetch(input, init);
  } catch (err) {
    if (state === "loading") fail(`${url.pathname}: ${err}`);
    throw err;
  }
  if (state === "loading" && url.origin === location.origin) {
    if (!response.ok) fail(`${url.pathname}: HTTP ${response.status}`);
    else if (BIG.test(url.pathname) && response.body && root.dataset.snapshot !== "restoring") {
      track(url.pathname, response.clone()); // not while restoring a snapshot: no wait to show, less work
    }
  }
  return response;
};

// A download sent compressed (Content-Encoding: br or gzip, tools/serve.py) has a Content-Length in
// encoded bytes, while its body streams decoded: its real size comes from build.json's file list.
let buildFiles = null;
function decodedSize(path) {
  buildFiles ??= realFetch(new URL("./build.json", location.href), { cache: "no-cache" })
    .then((r) => (r.ok ? r.json() : {})).then((info) => info.files || {}).catch(() => ({}));
  const rel = path.slice(new URL("./", location.href).pathname.length);
  return buildFiles.then((files) => Number(files[rel]?.size) || 0);
}

async function track(path, response) {
  const encoded = (response.headers.get("content-encoding") || "identity") !== "identity";
  const entry = { done: 0, total: encoded ? null : Number(response.headers.get("content-length")) || 0 };
  if (encoded) decodedSize(path).then((size) => { entry.total = size; renderProgress(); });
  downloads.set(path, entry);
  if (/\.(wasm|zip)$/.test(path)) setStage("load.runtime");
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      entry.done += value.byteLength;
      renderProgress();
    }
  } catch { /* the real consumer reports errors */ }
}

// The engine worker's own loading news (web/engine/app-worker.mjs; web/page/engine-start.js started it and kept what
// it said before this module ran): its stages, its big downloads, a download of ours that failed.
function fromEngine(text) {
  if (state !== "loading") return;
  let message;
  try { message = JSON.parse(text); } catch { return; }
  if (message.op === "progress" && STAGES[message.stage]) setStage(message.stage);
  else if (message.op === "download") downloaded(message);
  else if (message.op === "fetch-failed") fail(`${message.path}: ${message.reason}`);
  else if (message.op === "fatal") fail(message.error);
}

function downloaded({ path, done, total, encoded }) {
  let entry = downloads.get(path);
  if (!entry) {
    entry = { done: 0, total: encoded ? null : total };
    if (encoded) decodedSize(path).then((size) => { entry.total = size; renderProgress(); });
    downloads.set(path, entry);
    if (/\.(wasm|zip)$/.test(path)) setStage("load.runtime");
  }
  entry.done = done;
  renderProgress();
}

const engine = window.unoEngine;
if (engine?.worker) {
  const listen = ({ data }) => (state === "loading" ? fromEngine(String(data)) : engine.worker.removeEventListener("message", listen));
  engine.early.forEach(fromEngine);
  engine.worker.addEventListener("message", listen);
  engine.worker.addEventListener("error", (event) => fail(`${engine.url.pathname}: ${event.message || "failed to start"}`));
} else if (!engine?.remote) { // a guest phone's engine is the host's (web/page/guest.mjs): none to wait for
  setTimeout(() => fail(`engine worker: ${engine?.failed || "not started"}`));
}

// ---------------------------------------------------------------- errors
// A request cut by the network (a phone moving between Wi-Fi and mobile data: ERR_NETWORK_CHANGED) fails a
// load that a reload would finish: the page reloads once by itself; a second failure within a minute, a missing
// file (HTTP 404) or an error of the app's own shows the error screen with "Try again".
function reloadOnce(message) {
  if (!CUT_BY_NETWORK.test(message) || navigator.onLine === false) return false;
  try {
    if (Date.now() - (Number(sessionStorage.getItem(RETRIED_KEY)) || 0) < 60_000) return false;
    sessionStorage.setItem(RETRIED_KEY, String(Date.now()));
  } catch {
    return false; // no storage: no guard against a loop, so no reload
  }
  console.warn("uno: loading failed, reloading once:", message);
  setTimeout(() => location.reload(), 500);
  return true;
}

function fail(message) {
  if (state !== "loading") return;
  if (reloadOnce(String(message))) {
    state = "retrying";
    return;
  }
  state = "error";
  root.dataset.pyReady = "error";
  console.error("uno: loading failed:", message);
  $("loading").hidden = true;
  $("error-details").textContent = String(message);
  $("error-text").dataset.i18n = message === "stalled" ? "error.stalled" : "error.text";
  applyI18n($("error"));
  langReady.then(() => applyI18n($("error")));
  $("error").hidden = false;
  $("error-retry").focus();
}

window.addEventListener("error", (event) => {
  const target = event.target;
  if (target && target !== window && (target.src || target.href)) {
    fail(`${new URL(target.src || target.href).pathname}: failed to load`);
  } else if (state === "loading") {
    fail(event.message || String(event.error));
  }
}, true);
window.addEventListener("unhandledrejection", (event) => {
  if (state === "loading") fail(event.reason?.message || String(event.reason));
});
// Failed module imports (the runtimes' .mjs, web/ui's bytecode) show up as resource entries.
try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const url = new URL(entry.name);
      if (url.origin === location.origin && entry.responseStatus >= 400) {
        fail(`${url.pathname}: HTTP ${entry.responseStatus}`);
      }
    }
  }).observe({ type: "resource", buffered: true });
} catch { /* older browsers: the fetch wrapper and the stall timer remain */ }
const stallTimer = setInterval(() => {
  if (state !== "loading") clearInterval(stallTimer);
  else if (performance.now() - lastProgress > STALL_MS) fail("stalled");
}, 1000);

// ---------------------------------------------------------------- routes before Python
// Until Python's router takes over, show the landing page only on the landing route.
function preRoute() {
  if (state === "ready") return;
  const route = location.hash.replace(/^#\/?/, "");
  $("landing").hidden = route !== "";
}
window.addEventListener("hashchange", preRoute);

// ---------------------------------------------------------------- ready (called by Python)
/** Python calls this once the app is interactive: `info` = {loadPath, engineVersion}. */
function ready(info = {}) {
  if (state === "error") return;
  state = "ready";
  clearInterval(stallTimer);
  $("loading").hidden = true;
  root.dataset.loadPath = info.loadPath || "";
  root.dataset.engineVersion = info.engineVersion || "";
  root.dataset.pyReady = "1";
  performance.mark("app-interactive");
  window.dispatchEvent(new CustomEvent("uno:ready", { detail: info }));
  registerServiceWorker();
  askPersistence();
}

// Ask once, for the whole app: saved sheets, the game in progress, the start-up snapshot (IndexedDB)
// and the offline copy. The browser may then never evict them. The score keeper reads the same key.
const PERSIST_KEYS = ["uno.persist-asked", "uno.score.persist-asked"];
function askPersistence() {
  try {
    if (!navigator.storage?.persist || localStorage.getItem(PERSIST_KEYS[0])) return;
    for (const key of PERSIST_KEYS) localStorage.setItem(key, "1");
  } catch { return; }
  navigator.storage.persist().then((granted) => { root.dataset.storagePersisted = String(granted); }, () => {});
}

// ---------------------------------------------------------------- service worker
let registration = null;
let updateRequested = false;

async function registerServiceWorker() {
  if (registration || !("serviceWorker" in navigator)) return;
  try {
    registration = await navigator.serviceWorker.register("./sw.js");
  } catch (err) {
    console.warn("uno: no service worker:", err);
    return;
  }
  const reg = registration;
  const offerIfWaiting = () => {
    if (reg.waiting && navigator.serviceWorker.controller) showUpdateBanner();
  };
  offerIfWaiting();
  reg.addEventListener("updatefound", () => {
    const worker = reg.installing;
    worker?.addEventListener("statechange", offerIfWaiting);
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (updateRequested) location.reload(); // only ever after the user chose "Update now"
  });
  // A guest phone (no engine here) needs only what was precached at install; any other page asks for the engine's
  // files too, and works offline once they are in.
  navigator.serviceWorker.ready.then(async (ready) => {
    if (!window.unoEngine?.remote) {
      const answer = await new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = ({ data }) => resolve(data);
        ready.active?.postMessage({ type: "CACHE_APP" }, [channel.port2]);
      });
      if (answer !== "ok") {
        console.warn("uno: the app's files are not all kept offline:", answer);
        return;
      }
    }
    $("offline-ready").hidden = false;
    root.dataset.offlineReady = "1";
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") reg.update().catch(() => {});
  });
}

function showUpdateBanner() {
  root.dataset.updateAvailable = "1";
  $("update-banner").hidden = false;
}

async function checkForUpdate() {
  if (registration) await registration.update();
}

// ---------------------------------------------------------------- start
$("error-retry").addEventListener("click", () => location.reload());
$("update-now").addEventListener("click", () => {
  updateRequested = true;
  $("update-banner").hidden = true;
  registration?.waiting?.postMessage({ type: "SKIP_WAITING" });
});
$("update-later").addEventListener("click", () => { $("update-banner").hidden = true; });
for (const button of document.querySelectorAll("[data-lang]")) {
  button.addEventListener("click", () => setLang(button.dataset.lang));
}

window.unoShell = {
  get lang() { return lang; },
  get catalogue() { return catalogue; }, // the current language's texts (null until they arrive)
  langs: LANGS,
  missing,
  t,
  applyI18n,
  setLang,
  ready,
  fail,
  // for the page's MicroPython, whose own window.setTimeout calls throw "Illegal invocation" at times
  later: (callback, ms) => setTimeout(callback, ms),
  checkForUpdate,
  // a finished sheet's card as a PNG, shared or downloaded (loaded on its first use)
  picture: (svg, name) => import("./picture.mjs").then((module) => module.sharePicture(svg, name)),
};

preRoute();
langReady = setLang(lang, false).catch((err) => fail(err.message || String(err)));
reconcileLang();
