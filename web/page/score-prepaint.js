// Score keeper: paint the last saved sheet before Python is ready, so a saved sheet is on screen
// before Python has finished loading. The HTML is what Python drew and
// stored (`uno.score.prepaint`, see web/engine/app/score/store.py): our own DOM, serialised, so text is
// escaped. It is shown inert (nothing can be pressed) until Python's router replaces it.
// No scoring here: only the picture of the last sheet.

const KEY = "uno.score.prepaint";
const SHEET_ROUTE = /^#\/score\/([^/]+)\/?$/;
// The picture is a save: IndexedDB holds it (web/page/saves.js), localStorage a mirror written after each
// save, read synchronously for a paint at once. The mirror can lag behind when the browser was killed
// (Chromium writes localStorage to disk on a timer): once IndexedDB is read, `unoSaves.winner` decides
// which copy is shown, as Python will.
let decided = null; // the winning copy's text ("" for none), once IndexedDB has been read

function parse(text) {
  try {
    const data = JSON.parse(text || "null");
    return data && typeof data.id === "string" && typeof data.html === "string" ? data : null;
  } catch {
    return null;
  }
}

function saved() {
  if (decided !== null) return parse(decided);
  try {
    return parse(localStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/** Parse the stored markup into a fragment, dropping anything that could run or be pressed. */
function fragment(html) {
  const template = document.createElement("template");
  template.innerHTML = html; // template content is inert: nothing loads or runs here
  for (const el of template.content.querySelectorAll("*")) {
    if (/^(script|iframe|object|embed|link|meta|style)$/i.test(el.tagName)) {
      el.remove();
      continue;
    }
    for (const attr of [...el.attributes]) {
      // style="" too: the page's Content-Security-Policy refuses inline styles (older saves had some)
      if (/^on|^style$/i.test(attr.name) || /^\s*javascript:/i.test(attr.value)) el.removeAttribute(attr.name);
    }
    if (el.matches("button, input, select, textarea")) el.disabled = true;
  }
  return template.content;
}

function paint() {
  const root = document.documentElement;
  const screen = document.getElementById("screen");
  if (root.dataset.pyReady || !screen) return;
  const match = SHEET_ROUTE.exec(location.hash);
  const old = screen.querySelector(":scope > .score-prepaint");
  const data = match && match[1] !== "new" ? saved() : null;
  if (!data || data.id !== decodeURIComponent(match[1])) {
    if (old) {
      old.remove();
      screen.hidden = true;
      delete root.dataset.scorePrepaint;
    }
    return;
  }
  const box = document.createElement("div");
  box.className = "score-prepaint";
  box.inert = true;
  box.setAttribute("aria-busy", "true");
  box.append(fragment(data.html));
  screen.replaceChildren(box);
  screen.hidden = false;
  document.getElementById("landing")?.setAttribute("hidden", "");
  root.dataset.scorePrepaint = "1";
  if (!performance.getEntriesByName("score-prepaint").length) performance.mark("score-prepaint"); // for bench/load.py
}

paint();
window.addEventListener("hashchange", paint);
window.unoSaves?.read().then(({ records }) => {
  if (!records) return; // no IndexedDB: localStorage alone, as painted
  const { value, local } = window.unoSaves.startValue(KEY, records, !window.unoSaves.migrated(records));
  decided = value ?? "";
  if (value !== local) paint();
});
