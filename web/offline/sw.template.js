// Service worker (template: tools/precache.py writes dist/site/sw.js with the real values).
// Precaches every file of this build under a versioned cache, serves from it first,
// deletes older caches on activation. A new version waits until the page asks it to take
// over (the "Update now" button): it never reloads a page by itself.
//
// The runtimes' .wasm too, so a return visit needs no server for its runtime (gone, or replaced by a newer
// deployment); the HTTP cache's copy, for V8's wasm code cache, measured no faster (docs/decisions.md).

const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
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

self.addEventListener("install", (event) => {
  routes(event);
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server, so no stale HTTP-cache copy enters this version.
    await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" })));
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
