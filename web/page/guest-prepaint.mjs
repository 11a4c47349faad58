// A guest phone's first drawing before the page's Python is ready (web/page/guest.mjs calls it). On a slow phone the
// link to the host opens before MicroPython has started, and the host draws only after the guest's page says hello
// and start. So while the page's Python is not there, this module says them (the same envelopes `ui.remote` would
// send, numbered from 1, and a ping each second), and paints the host's first drawing: one `engine` envelope, in
// order, under the size a link takes, holding a batch that opens the screen and draws its root whole (as HTML).
// The texts themselves still go to the page's Python in order (window.unoEngine keeps them): `ui.remote` checks each
// with `shared.phones`; for the envelope painted here, `ui.host` builds the same drawing detached, compares it with
// the page and keeps the page's nodes (`Host.adopt`): the drawing is inserted once, and a page that differs is drawn
// again by Python (and said on the console). Taps on the painted page are kept and replayed once Python listens.
// `<html data-guest-painted>`: the envelope's number, once painted here.

export const VERSION = 2; // shared.phones.VERSION (tests/web_peer/test_guest_prepaint.py)
export const MAX_BYTES = 16_000; // app.peer.protocol.MAX_BYTES: what a link carries in one text
const PING_MS = 1000; // ui.remote.PING_MS
const TOKEN_KEY = "uno.guest.token"; // ui.remote.TOKEN_KEY: this tab's place at the host
const EVENTS = ["click", "input", "change", "submit"]; // ui.host.EVENTS

/** The link's side before the page's Python: `greet(send)` when the link opens, `take(text)` for each text. */
export class Prepaint {
  constructor(engine) {
    this.engine = engine; // window.unoEngine (web/page/engine-start.js): `said` hands this side's count to ui.remote
    this.last = 0; // the host's last count read here
    this.done = false; // painted, or a drawing came that is not one to paint here: Python draws from then on
    this.taps = [];
    this.pulse = null;
    this.unkeep = () => {};
  }

  /** The link is gone: no more pings or kept taps from here (the next link has its own). */
  drop() {
    clearInterval(this.pulse);
    this.unkeep();
    this.taps = [];
  }

  /** A link is open and the page's Python does not listen yet: say who this phone is and what page it shows. */
  greet(send) {
    let token = null;
    try {
      token = sessionStorage.getItem(TOKEN_KEY) || null;
    } catch { /* storage blocked: a new phone to the host */ }
    const start = { op: "start", hash: String(location.hash), lang: String(window.unoShell?.lang || "en") };
    const said = { seq: 0, start };
    const post = (kind, fields) => send(JSON.stringify({ v: VERSION, seq: ++said.seq, kind, ...fields }));
    this.engine.said = said;
    post("hello", { token });
    post("page", { message: start });
    this.pulse = setInterval(() => {
      if (this.engine.said === said) post("ping", { at: Math.round(performance.now()) });
      else clearInterval(this.pulse); // ui.remote keeps the pulse now (or the link is gone)
    }, PING_MS);
  }

  /** One text from the host while the page's Python does not listen: painted if it is the first drawing. */
  take(text) {
    if (this.done) return;
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return; // ui.remote refuses it and says so
    }
    if (!message || message.v !== VERSION || !Number.isInteger(message.seq) || message.seq <= this.last) return;
    this.last = message.seq;
    if (message.kind !== "engine" && message.kind !== "part") return; // welcome, ping: ui.remote's
    this.done = true; // the first drawing: painted here, or left whole to Python
    if (message.kind === "engine" && new TextEncoder().encode(text).length <= MAX_BYTES && this.paint(message.message)) {
      document.documentElement.dataset.guestPainted = String(message.seq);
      this.engine.painted = message.seq;
      this.keepTaps();
    }
  }

  /** A batch that opens the screen (its tree: elements, attributes, texts) and draws its root whole, painted. */
  paint(batch) {
    const [open, draw] = batch?.op === "batch" && Array.isArray(batch.messages) ? batch.messages : [];
    if (open?.op !== "open" || open.section !== "screen" || draw?.op !== "draw" || typeof draw.html !== "string") {
      return false;
    }
    if (draw.lang && draw.lang !== window.unoShell?.lang) return false; // a language switch: Python relabels
    const holder = document.createElement("div");
    try {
      holder.append(...(open.tree?.c || []).map(built));
    } catch {
      return false; // a tree with more than elements and texts (labels, SVG): ui.dom builds it
    }
    const root = holder.querySelector(`[id="${CSS.escape(String(draw.root))}"]`);
    if (!root) return false;
    for (const [name, value] of Object.entries(draw.attrs || {})) root.setAttribute(name, String(value));
    root.innerHTML = draw.html; // HTML escaped by the host's controllers (app.tree.to_html), as ui.host inserts it
    for (const section of document.querySelectorAll("main > section.screen")) section.hidden = true;
    const screen = document.getElementById("screen");
    screen.replaceChildren(...holder.childNodes);
    screen.hidden = false;
    scrollTo(0, 0);
    return true;
  }

  /** Taps on the painted page before Python listens: kept (a form's submission stopped), replayed by `replay`. */
  keepTaps() {
    const screen = document.getElementById("screen");
    const keep = (event) => {
      if (this.engine.listening) return;
      if (event.type === "submit") event.preventDefault(); // else the form would reload the page
      const last = this.taps.at(-1);
      if (last && last.type === event.type && last.target === event.target && event.type === "input") return;
      this.taps.push({ type: event.type, target: event.target });
    };
    for (const type of EVENTS) screen.addEventListener(type, keep, true);
    this.unkeep = () => {
      for (const type of EVENTS) screen.removeEventListener(type, keep, true);
    };
    this.engine.replay = () => {
      this.unkeep();
      for (const { type, target } of this.taps.splice(0)) {
        // An Event, not a MouseEvent: a checkbox tapped already is not toggled again; ui.host reads what it holds.
        if (target.isConnected) target.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));
      }
    };
  }
}

/** The node of one child of an `open`'s tree (`app.tree.to_data`) made of elements, attributes and texts only. */
function built(data) {
  if (typeof data === "string") return document.createTextNode(data);
  if (!data || typeof data.t !== "string" || data.t === "svg" || data.k || data.x || data.g) throw new Error("not plain");
  const element = document.createElement(data.t);
  for (const [name, value] of data.a || []) element.setAttribute(name, value);
  element.append(...(data.c || []).map(built));
  return element;
}
