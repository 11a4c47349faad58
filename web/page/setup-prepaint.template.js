// The new game's set-up before Python is ready (issue 48). On `#/score/new`, while no other set-up is saved, the
// page shows at once the set-up as Python first draws it (its HTML written in by the build, tools/early_setup.py;
// start stays off until Python is ready), so names, options and the target can be typed on a first visit.
// What the person does there becomes the intents the page's side would have sent (ui.host's form, noted in the
// typing journal as ui.journal notes them): once the page's MicroPython runs it sends them with its hello, and its
// own listeners on #screen take over these elements' events. Python applies them in order once its first screen
// is open (app.start) and checks them (a name too long, a duplicate). Nothing is decided here: a typed name is
// shown as typed. When Python's page replaces this one, the field being typed in keeps its text and caret.
// A classic script at the end of <body>: it runs as soon as the page is parsed and its styles are in, before the
// deferred and module scripts (the shell), so the set-up is in the first paint (measured: docs/decisions.md).

(() => {
  // {pages: {lang: the set-up's HTML}, blank: the set-up's save while nothing is set up, acts: {act: {field: how it is
  // read}}}, as JSON text: read only on the set-up's route (a string costs every other page little to compile)
  const EARLY_JSON = __EARLY_SETUP__;
  const ROUTE = "#/score/new";
  const SETUP_KEY = "uno.score.setup"; // the set-up's save (IndexedDB, mirrored to localStorage)
  const JOURNAL_KEY = "uno.typing"; // ui.journal's entries and count, in sessionStorage
  const SEQ_KEY = "uno.typing.seq";
  const VALUES = ["input", "change"]; // ui.journal's REPLAYED: a value replaces the same field's entry just before it
  const NOT_THE_FIELD = ["op", "seq", "blind", "enabled", "value", "checked", "text"]; // ui.journal's
  const LANGS = ["es", "en"];
  const root = document.documentElement;
  const screen = document.getElementById("screen");
  const lang = pickLanguage();

  let early = null; // EARLY_JSON read
  let box = null; // the painted set-up (#score-root), while it is on show
  let saved = localItem(SETUP_KEY); // the set-up's save: the mirror, then the saves' own copy once read
  let touched = false; // the person did something on it
  let focused = null; // the field the person is in
  let scrolled = 0; // how far the page was scrolled: Python's page opens at the top
  let sent = 0; // intents noted by this script (the first is not "blind")

  /** The shell's choice (web/page/shell.js's pickLanguage, which runs later): the saved one, the browser's, English. */
  function pickLanguage() {
    const chosen = localItem("uno.lang");
    if (LANGS.includes(chosen)) return chosen;
    for (const tag of navigator.languages || [navigator.language || ""]) {
      const base = String(tag).toLowerCase().split("-")[0];
      if (LANGS.includes(base)) return base;
    }
    return "en";
  }

  function localItem(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  function picture() {
    early ??= JSON.parse(EARLY_JSON);
    return early;
  }

  /** Whether the saved set-up is the one the picture shows (else it is Python's to draw). */
  function blank() {
    return saved === null || saved === picture().blank;
  }

  /** The journal's entries; null when sessionStorage is blocked (then nothing typed here could be kept). */
  function entries() {
    try {
      const stored = JSON.parse(sessionStorage.getItem(JOURNAL_KEY) || "[]");
      return Array.isArray(stored) ? stored.filter((entry) => entry && Number.isInteger(entry.seq)) : [];
    } catch {
      return null;
    }
  }

  /** Number `intent` and note it in the journal as ui.journal would (until the page's side runs, then it does). */
  function note(intent, kind) {
    const noted = entries() ?? [];
    const seq = Math.max(Number(sessionStorage.getItem(SEQ_KEY)) || 0, ...noted.map((entry) => entry.seq)) + 1;
    const entry = { ...intent, seq, hash: ROUTE };
    const last = noted[noted.length - 1];
    if (VALUES.includes(kind) && last && fieldOf(last) === fieldOf(entry)) {
      noted[noted.length - 1] = entry; // the same field again: its new value stands for both
    } else {
      noted.push(entry);
    }
    try {
      sessionStorage.setItem(SEQ_KEY, String(seq));
      sessionStorage.setItem(JOURNAL_KEY, JSON.stringify(noted));
    } catch { /* full: the last keys may be lost to a reload, nothing else */ }
  }

  /** Which field an entry's value is of (ui.journal's field_of): its location, its act and its other fields. */
  function fieldOf(entry) {
    const names = Object.keys(entry).filter((name) => !NOT_THE_FIELD.includes(name)).sort();
    return JSON.stringify(names.map((name) => [name, entry[name]]));
  }

  /** A field's value as written on its control (`data-<field>`), read as ui.host reads it (shared.schema's parse). */
  function read(how, text) {
    if (how.startsWith("?")) return text === "" ? null : read(how.slice(1), text);
    if (how === "number") return /^-?[0-9]+$/.test(text) ? Number(text) : text; // not a number: Python says so
    if (how === "flag") return text === "true" ? true : text === "false" ? false : text;
    return text;
  }

  /** The intent ui.host sends for an event of `target`: each field its act takes (`acts`) from the control's
   *  `data-<field>`, else its value or its box's state. */
  function intentOf(target) {
    const field = /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
    const given = { value: field ? target.value : "", checked: target.tagName === "INPUT" ? target.checked : false };
    const intent = { op: "intent", act: target.dataset.act };
    for (const [name, how] of Object.entries(picture().acts[intent.act] || {})) {
      const written = target.getAttribute("data-" + name);
      if (written !== null) intent[name] = read(how, written);
      else if (name in given) intent[name] = given[name];
    }
    intent.enabled = !target.disabled && target.getAttribute("aria-disabled") !== "true";
    intent.blind = sent++ > 0;
    return intent;
  }

  /** Whether `entry` is the intent of control `el`: its act, and each field written on it. */
  function sentBy(el, entry) {
    if (el.dataset.act !== entry.act) return false;
    const fields = Object.entries(picture().acts[entry.act] || {});
    return fields.every(([name, how]) => !el.hasAttribute("data-" + name) || read(how, el.getAttribute("data-" + name)) === entry[name]);
  }

  /** The page's MicroPython side listens to #screen itself from its start on (web/ui-start.mjs marks it). */
  function sideRuns() {
    return performance.getEntriesByName("ui-started").length > 0;
  }

  function onEvent(event) {
    const target = event.target.closest?.("[data-act]");
    if (!target || !box?.contains(target) || event.type !== (target.dataset.on || "click")) return;
    touched = true;
    if (event.type === "submit") event.preventDefault();
    if (!sideRuns()) note(intentOf(target), event.type);
    if (event.type === "submit") added(target);
  }

  /** A submitted name shown as the next player (as typed: Python checks it once ready), the form emptied. */
  function added(form) {
    const field = form.querySelector('input[type="text"]');
    const name = field ? field.value : "";
    if (field && form.hasAttribute("data-clear")) field.value = "";
    if (!name.trim()) return;
    const list = box.querySelector("#score-players");
    const number = document.createElement("span");
    number.className = "sk-seat-number";
    number.setAttribute("aria-hidden", "true");
    number.textContent = String(list.children.length + 1);
    const shown = document.createElement("span");
    shown.className = "sk-early-name";
    shown.textContent = name; // text, never HTML
    const row = document.createElement("div");
    row.className = "sk-player-row";
    row.append(number, shown);
    const item = document.createElement("li");
    item.append(row);
    list.append(item);
    list.hidden = false;
    const count = box.querySelector('[data-i18n="score.setup.count"]');
    if (count) {
      count.dataset.i18nArgs = JSON.stringify({ ...JSON.parse(count.dataset.i18nArgs || "{}"), count: String(list.children.length) });
      window.unoShell?.applyI18n(count); // a catalogue still on its way: the shell fills it in on arrival
    }
  }

  /** What the journal holds for this page (typed before a reload) put back on the fresh picture. */
  function restore(noted) {
    for (const entry of noted.filter((one) => one.hash === ROUTE)) {
      const target = [...box.querySelectorAll("[data-act]")].find((el) => sentBy(el, entry));
      if (!target) continue;
      touched = true;
      if (target.tagName === "FORM") added(target);
      else if (target.type === "radio") target.checked = true; // the one its fields name
      else if (target.type === "checkbox") target.checked = !!entry.checked;
      else if ("value" in target) target.value = entry.value ?? "";
    }
  }

  function paint() {
    // once typed on, it stays: Python adds what was typed to the saved set-up
    const show = !root.dataset.pyReady && location.hash === ROUTE && screen && (touched || blank());
    if (!show) {
      if (box) {
        box.remove();
        box = null;
        screen.hidden = true;
        delete root.dataset.setupPrepaint;
      }
      return;
    }
    const noted = entries();
    if (box || noted === null) return; // shown already, or nothing typed could be kept: Python's page only
    box = document.createElement("div");
    box.id = "score-root";
    box.className = "score-root setup-prepaint";
    box.innerHTML = picture().pages[lang]; // our build's markup (text escaped); the shell relabels it on a switch
    for (const kind of ["click", "input", "change", "submit"]) box.addEventListener(kind, onEvent);
    box.addEventListener("focusin", (event) => { focused = event.target; });
    box.addEventListener("focusout", ({ target }) => { // a field removed with the page blurs too: kept then
      queueMicrotask(() => { if (focused === target && target.isConnected) focused = null; });
    });
    restore(noted);
    screen.replaceChildren(box);
    screen.hidden = false;
    document.getElementById("landing")?.setAttribute("hidden", "");
    root.dataset.setupPrepaint = "1";
    if (!performance.getEntriesByName("setup-prepaint").length) performance.mark("setup-prepaint"); // bench/load.py
  }

  /** Python's page has replaced this one (`uno:ready`, in the same task): the person stays where they were. */
  function handOver() {
    const early = box;
    box = null;
    delete root.dataset.setupPrepaint;
    if (!early) return;
    if (early.isConnected) { // Python opened another section: this picture goes
      early.remove();
      return;
    }
    const field = focused;
    focused = null;
    const twin = field?.id ? document.getElementById(field.id) : null;
    if (twin && screen.contains(twin) && twin.tagName === field.tagName) {
      // A text typed here wins (not sent yet, or on its way), except an emptied field Python marked wrong: the
      // refused name Python gives back stays in it, with its message.
      const text = twin.tagName === "TEXTAREA" || twin.type === "text";
      if (text && !(field.value === "" && twin.getAttribute("aria-invalid") === "true")) {
        if (twin.value !== field.value) twin.value = field.value;
        twin.setSelectionRange(field.selectionStart, field.selectionEnd, field.selectionDirection);
      }
      twin.focus({ preventScroll: true });
    }
    window.scrollTo(0, scrolled);
  }

  paint();
  window.addEventListener("hashchange", paint);
  window.addEventListener("scroll", () => { if (box) scrolled = window.scrollY; }, { passive: true });
  window.addEventListener("uno:ready", handOver);
  // The saves' copy wins over localStorage's (web/page/saves.js runs once the page is parsed).
  document.addEventListener("DOMContentLoaded", () => window.unoSaves?.read().then(({ records }) => {
    if (!records) return; // no IndexedDB: localStorage alone, as decided
    saved = window.unoSaves.startValue(SETUP_KEY, records, !window.unoSaves.migrated(records)).value;
    paint();
  }));
})();
