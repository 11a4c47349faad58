// Tells the score keeper what this browser does with its storage, so it can warn before sheets are lost:
// the user agent and its touch points, whether the app runs from the Home Screen (navigator.standalone on iOS,
// display-mode elsewhere) and whether storage is persisted. Python decides what to say
// (web/engine/app/score/keepsafe.py); this only reports, once Python is ready and again when the shell's
// persistence request is answered.

const root = document.documentElement;

async function facts() {
  let persisted = null;
  try {
    if (navigator.storage?.persisted) persisted = await navigator.storage.persisted();
  } catch { /* unknown */ }
  const standalone = navigator.standalone === true || matchMedia("(display-mode: standalone)").matches;
  const touch = navigator.maxTouchPoints ?? 0; // an iPad in desktop mode says "Macintosh" but has touch
  return { op: "storage", ua: navigator.userAgent, touch, standalone, persisted };
}

async function report() {
  if (root.dataset.pyReady !== "1" || !window.unoEngine?.send) return;
  window.unoEngine.send(JSON.stringify(await facts()), 0, null);
}

window.addEventListener("uno:ready", report);
new MutationObserver(report).observe(root, { attributes: true, attributeFilter: ["data-storage-persisted"] });
report();
