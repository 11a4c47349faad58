// Read the start-up snapshot from the first moment, off the main thread (web/snapshot-store.js;
// its client is the Pyodide loader, web/snapshot-loader.mjs, which starts one itself if this failed).
// A classic, blocking script of its own (not inline: the page's Content-Security-Policy allows
// scripts from our origin only), first in <head>, so that the worker starts before anything else.
try {
  const store = window.unoSnapshotStore = new Worker("./web/snapshot-store.js");
  store.onerror = (event) => { event.preventDefault(); store.failed = event.message || "did not start"; };
} catch { /* no worker here: the loader tries again */ }
