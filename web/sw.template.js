// Service worker (template: tools/precache.py writes dist/site/sw.js with the real values).
// Precaches every file of this build under a versioned cache, serves from it first,
// deletes older caches on activation. A new version waits until the page asks it to take
// over (the "Update now" button): it never reloads a page by itself.
//
// One exception: the 9.6 MB .wasm is left to the browser while online, because Chromium keeps
// its compiled code (V8's wasm code cache) only for responses from the HTTP cache, never for
// responses a service worker gives: that saves seconds on every warm start. Offline
// (navigator.onLine false), or when the page asks for it after a failed download (its URL
// carries ?offline=1, seen here as the request's referrer), the precached copy is served.

const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const PREFIX = "uno-";
const CACHE = PREFIX + VERSION;
const INDEX = new URL("./index.html", self.registration.scope).href;

self.addEventListener("install", (event) => {
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
  if (url.pathname.endsWith(".wasm") && self.navigator.onLine && !/[?&]offline=1\b/.test(request.referrer)) return;
  const scope = new URL(self.registration.scope);
  const isPage = request.mode === "navigate" && (url.pathname === scope.pathname || url.href.split(/[?#]/)[0] === INDEX);
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // No query in any precached URL: a worker's script asked for with ?offline=1 (web/engine-start.js) is
    // found too, and handed out as a new response, whose URL is then the request's (with the query): the
    // worker's own requests then carry ?offline=1 in their referrer.
    const hit = await cache.match(isPage ? INDEX : request, { ignoreSearch: true });
    if (hit && !isPage && url.search) return new Response(hit.body, hit);
    return hit || fetch(request);
  })());
});
