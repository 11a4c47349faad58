// A guest phone at a table of phones: the page of a phone that joins a host's table is a screen of the host's
// engine. No engine runs here (web/page/engine-start.js starts none on a `#/table/join` route): this module holds
// the one link to the host (web/page/peer.mjs) and hands its texts to the page's MicroPython (web/page/ui/remote.py,
// which reads the envelope: web/shared/phones.py) through window.unoEngine; the host's engine draws every page.
//
// Before the link is open (and when it is gone) this module draws the join section of index.html itself:
//   joining   the host's code (from the invitation link `#/table/join/<code>`, a scan or typed) is being answered
//   answer    this phone's answer code, as a QR code and as text, for the host to scan or type
//   live      the host's pages are shown (the section hides)
//   lost      the link is gone: the last page stays, read-only, and the camera opens for the host's new code
//   code      no code yet, or a code that is not one: scan or type it
// `<html data-guest="...">` says which, for styles and tests. Once the link is open and until the page's Python listens,
// web/page/guest-prepaint.mjs says hello for it and paints the host's first drawing.

import * as peer from "./peer.mjs";
import { Prepaint } from "./guest-prepaint.mjs";
import { SignalError, decode, encode, fromSdp, toSdp } from "./signal.mjs";
import { qrDrawing, qrSvg } from "./qr.mjs";

const $ = (id) => document.getElementById(id);
// On a slow phone the page's Python (MicroPython's start, ~0.5-0.9 s of main thread at CPU 4x) waits while the
// person waits for something else: the answer code, then the link and the host's first drawing, painted here
// (web/page/guest-prepaint.mjs; taps on it are kept). It starts once that drawing is in, when no link is coming, or
// this long after the answer is shown (a person scanning it: Python loads meanwhile) or the link opened.
const PYTHON_AFTER_ANSWER_MS = 1500;
const USED = "uno.guest.used"; // this tab's codes answered already: a reload with one of them waits for a new code
const root = document.documentElement;
const engine = window.unoEngine;
let link = null;
let stopScan = null;

/** The code in a location hash or a scanned text: `#/table/join/<code>`, a whole invitation link, or a bare code. */
export function codeOf(text) {
  const found = String(text || "").match(/#\/table\/join\/([A-Za-z2-7\s-]+)/);
  return (found ? found[1] : String(text || "")).replace(/[\s-]+/g, "").toUpperCase();
}

function show(step, error = "") {
  root.dataset.guest = step;
  if (step === "answer" || step === "live") setTimeout(engine.letPythonStart, PYTHON_AFTER_ANSWER_MS);
  else if (step !== "joining") engine.letPythonStart(); // no link coming soon
  const section = $("guest");
  section.hidden = step === "live";
  $("loading").hidden = true; // what is loading meanwhile (the page's Python) needs no word here
  $("guest-answer").hidden = step !== "answer";
  $("guest-entry").hidden = step !== "code" && step !== "lost";
  $("guest-status").dataset.i18n = `guest.${step}`;
  window.unoShell?.applyI18n?.($("guest-status"));
  const problem = $("guest-error");
  problem.hidden = !error;
  if (error) {
    problem.dataset.i18n = `table.err.${error}`;
    window.unoShell?.applyI18n?.(problem);
  }
  if (step === "lost" || step === "code") watch();
  else unwatch();
  window.unoShell?.applyI18n?.($("guest"));
}

async function join(code) {
  unwatch();
  let offer;
  try {
    offer = decode(code, "offer");
  } catch (err) {
    show(link ? "lost" : "code", err instanceof SignalError ? err.code : "corrupt");
    return;
  }
  link?.close();
  show("joining");
  // lean-qr's first code costs ~80-120 ms at CPU 4x whatever its size (a tiny one after it, 10-30 ms): paid in a
  // task of its own while WebRTC makes the answer, not in the task that shows it.
  setTimeout(() => qrDrawing("UNO", "M"), 0);
  let made;
  try {
    made = await peer.answer(toSdp(offer));
  } catch {
    show("code", "unsupported"); // the browser refused the description
    return;
  }
  link = made.link;
  const prepaint = new Prepaint(engine); // this link's first drawing, while the page's Python is not there yet
  link.onmessage = (text) => {
    if (!engine.listening && !prepaint.done) {
      prepaint.take(text);
      if (prepaint.done) setTimeout(engine.letPythonStart, 0); // after the paint's own task
    }
    engine.deliver(text);
  };
  link.onstate = (state) => {
    if (state === "open") {
      show("live");
      const send = (text) => link.send(text);
      engine.connect(send);
      if (!engine.listening) prepaint.greet(send);
    } else if (state === "closed") {
      prepaint.drop();
      engine.disconnect();
      show("lost");
    }
  };
  remember(code);
  if (codeOf(location.hash) !== code) history.replaceState(null, "", `#/table/join/${code}`); // a reload knows it
  const answerCode = encode(fromSdp("answer", made.sdp));
  $("guest-answer-code").textContent = answerCode.match(/.{1,4}/g).join(" ");
  $("guest-qr").replaceChildren(qrSvg(answerCode, { level: "M", labelledBy: "guest-qr-title", className: "table-qr" }));
  if (link.state !== "open") show("answer");
}

// The camera (a code scanned anew, when the link is gone or none was given): opened at once where the browser has
// a camera, stopped when a code is read or the page is hidden.
async function watch() {
  if (stopScan) return;
  const { scan, supported } = await import("./scan.mjs");
  if (!supported()) return;
  const video = $("guest-video");
  video.hidden = false;
  let refused = ""; // the last text read that is not a host's code: said once, and the camera goes on
  try {
    stopScan = await scan(video, (text) => {
      try {
        decode(codeOf(text), "offer");
      } catch (err) {
        if (text !== refused) show(root.dataset.guest, err instanceof SignalError ? err.code : "corrupt");
        refused = text;
        return false;
      }
      unwatch();
      join(codeOf(text));
      return true;
    });
  } catch {
    video.hidden = true; // refused or no camera: the code can be typed
  }
}

function unwatch() {
  stopScan?.();
  stopScan = null;
  $("guest-video").hidden = true;
}

function used() {
  try {
    return JSON.parse(sessionStorage.getItem(USED) || "[]");
  } catch {
    return [];
  }
}

function remember(code) {
  try {
    sessionStorage.setItem(USED, JSON.stringify([...used(), code].slice(-8)));
  } catch { /* storage blocked: a reload answers the old code again, and the host takes the new code pair */ }
}

export function start() {
  if (!peer.supported()) {
    show("unsupported"); // this browser cannot link phones: it says so, and nothing else is offered
    $("guest-entry").hidden = true;
    return;
  }
  $("guest-form").addEventListener("submit", (event) => {
    event.preventDefault();
    join(codeOf($("guest-code").value));
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") unwatch();
    else if (root.dataset.guest === "lost" || root.dataset.guest === "code") watch();
  });
  const code = codeOf(location.hash.startsWith("#/table/join/") ? location.hash : "");
  if (code && used().includes(code)) show("lost"); // this tab had a link: the host shows a new code for it
  else if (code) join(code);
  else show(used().length ? "lost" : "code");
}
