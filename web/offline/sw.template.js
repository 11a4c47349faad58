// Service worker (template: tools/precache.py writes dist/site/sw.js with the real values).
// Precaches this build under a versioned cache, serves from it first, deletes older caches on activation. A new
// version waits until the page asks it to take over (the "Update now" button): it never reloads a page by itself.
// What a phone that only joins a table needs (PRECACHE: the page, MicroPython, the styles, the catalogues) is
// precached at install; the engine's files (APP_FILES: Pyodide, our wheels, the controllers) once a page asks
// ({type: "CACHE_APP"}, answered on its port when they are in) or at once when an older version held them.
//
// The runtimes' .wasm too, so a return visit needs no server for its runtime (gone, or replaced by a newer
// deployment); the HTTP cache's copy, for V8's wasm code cache, measured no faster (docs/decisions.md).

const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const APP_FILES = __APP_FILES__;
const PREFIX = "uno-";
const CACHE = PREFIX + VERSION;
const INDEX = new URL("./index.html", self.registration.scope).href;

// Where the browser can (Chrome 123+: static routing), the runtimes, our modules and the wheels come straight from
// this version's cache, without a fetch event: the page's requests (about 20 on a warm start) wait neither for
// this script to start nor for it to answer the ones before them. Chromium 156 applies the routes to the page
// and to worker scripts, not to a dedicated worker's fetch()es (the engine worker reads Pyodide's files from the
// cache itself: web/engine/app-worker.mjs, RUNTIME_FILES). A miss goes to the network, as the handler does. The page
// itself, build.json and the sounds (an <audio> element may ask for byte ranges) always go through the handler.
function routes(event) {
  if (typeof event.addRoutes !== "function") return;
  const base = new URL(self.registration.scope).pathname;
  const rule = (path, source) => ({ condition: { urlPattern: { pathname: base + path }, requestMethod: "GET" }, source });
  const fromCache = { cacheName: CACHE };
  try {
    event.addRoutes([
      rule("web/sounds/*", "fetch-event"),
      rule("web/*", fromCache),
      rule("runtime/*", fromCache),
      rule("wheels/*", fromCache),
    ]).catch((err) => console.warn("uno: no static routes:", err));
  } catch (err) {
    console.warn("uno: no static routes:", err);
  }
}

// "no-cache": revalidate with the server, so no stale HTTP-cache copy enters this version.
const fresh = (urls) => urls.map((url) => new Request(url, { cache: "no-cache" }));

/** Whether an older version's cache held the engine's files (this browser has used the app, not only joined). */
async function appUsedBefore() {
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
  for (const name of names) {
    if (await (await caches.open(name)).match(new URL("./web/app.zip", self.registration.scope).href)) return true;
  }
  return false;
}

async function cacheApp() {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const url of APP_FILES) if (!(await cache.match(url))) missing.push(url);
  await cache.addAll(fresh(missing));
}

self.addEventListener("install", (event) => {
  routes(event);
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(fresh(PRECACHE));
    if (await appUsedBefore()) await cacheApp();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
  if (event.data?.type === "VERSION") event.ports[0]?.postMessage(VERSION);
  if (event.data?.type === "CACHE_APP") {
    const port = event.ports[0];
    event.waitUntil(cacheApp().then(() => port?.postMessage("ok"), (err) => port?.postMessage(String(err))));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const scope = new URL(self.registration.scope);
  const isPage = request.mode === "navigate" && (url.pathname === scope.pathname || url.href.split(/[?#]/)[0] === INDEX);
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(isPage ? INDEX : request, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});
