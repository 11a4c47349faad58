// Start the engine worker (web/engine/app-worker.mjs: Pyodide, the engine, the controllers) at the
// page's first moment, before the page's MicroPython loads: its download and start overlap theirs.
// A classic, blocking script of its own, first in <head> (the Content-Security-Policy allows scripts
// from our origin only). It tells the worker whether the last visit stored a start-up snapshot (a hint in
// localStorage, which a worker cannot read) and keeps what the worker says until the page's Python
// (web/page/ui/page.py) takes over: window.unoEngine = {worker, url, early: [texts], send(text, seq, extra),
// listen(onText)} or {failed: why}. Every message of the worker is routed here by its `op`: the links between phones
// (`peer`) and the test hook's answers stay in JS; the rest goes to the page's Python (`listen`), kept until it listens.
// The loading shell (web/page/shell.js) listens to the same worker for progress and failed downloads.
(() => {
  const script = document.currentScript;
  // A phone that joins a table is a screen of the host's engine: no engine here (web/page/guest.mjs holds the link to
  // the host; the page's Python draws what the host sends). Going to or from that route reloads the page.
  const GUEST_ROUTE = /^#\/table\/join(\/|$)/;
  const guest = GUEST_ROUTE.test(location.hash);
  window.addEventListener("hashchange", () => {
    if (GUEST_ROUTE.test(location.hash) !== guest) location.reload();
  });
  if (guest) {
    guestEngine(script);
    return;
  }
  let hint = null;
  try { hint = localStorage.getItem("uno.snapshot"); } catch { /* blocked: start as a first visit */ }
  try {
    const url = new URL(script.dataset.worker, location.href);
    const worker = new Worker(url, { type: "module" });
    const early = [];
    let toPage = (text) => early.push(text); // until the page's Python listens
    worker.addEventListener("error", (event) => { // e.g. its script failed to arrive; the shell shows it
      event.preventDefault();
      toPage(JSON.stringify({ op: "fatal", error: `${url.pathname}: ${event.message || "failed to start"}` }));
    });
    worker.postMessage(JSON.stringify({ op: "boot", hint, origin: performance.timeOrigin }));
    // The test hook window.unoPlay (app.play.hook runs in the worker) lives here, in JS: MicroPython at times
    // calls a JS function it holds with its first argument as `this`, and the promises it settled or
    // returned came back undefined. start(spec) and setup() ask the worker; state() answers at once with
    // the table's last pushed state, "busy" while an intent the page sent since is not in it yet. The worker
    // pushes that state after each table drawing only while a test follows: follow(true) (at once under
    // automation, navigator.webdriver, else at the first state()), follow(false) stops it.
    const answers = new Map();
    let asked = 0;
    let playState = "null";
    let seen = 0; // the last intent the worker held when it pushed playState
    let sent = 0; // the last intent the page sent
    const post = (text) => worker.postMessage(text);
    // The links between phones (web/page/peer-relay.mjs): loaded at the worker's first peer message.
    let relay = null;
    const direct = {
      "play-state": (message) => {
        playState = message.state;
        seen = message.seen || 0;
      },
      "hook-answer": (message) => {
        answers.get(message.id)?.(message.result);
        answers.delete(message.id);
      },
      peer: (message) => {
        relay ??= import(new URL("peer-relay.mjs", script.src).href).then((module) => module.start(post));
        relay.then((handle) => handle(message));
      },
    };
    worker.addEventListener("message", ({ data }) => {
      const text = String(data);
      let op = null;
      try { op = JSON.parse(text).op; } catch { /* the page's Python reports it */ }
      if (Object.hasOwn(direct, op)) direct[op](JSON.parse(text));
      else toPage(text);
    });
    // The page's Python sends through here: `seq` is the intent's number (web/page/ui/journal.py), 0 for other messages;
    // `extra` (a JS object or null) is added to the message here: the catalogue and the saves never cross into
    // MicroPython, whose conversions of big values took 80-100 ms each at start (measured).
    const send = (text, seq, extra) => {
      if (seq > sent) sent = seq;
      post(extra ? JSON.stringify(Object.assign(JSON.parse(String(text)), extra)) : String(text));
    };
    const ask = (name, arg) => new Promise((resolve) => {
      answers.set(++asked, resolve);
      post(JSON.stringify({ op: "hook", id: asked, name, arg: String(arg ?? "") }));
    });
    let following = false;
    const follow = (on) => {
      following = on;
      return ask("follow", on ? "on" : "off");
    };
    if (navigator.webdriver) follow(true);
    window.unoPlay = {
      start: (spec) => ask("start", spec),
      setup: () => ask("setup", ""),
      phones: () => ask("phones", ""), // the table of phones' figures (bench.table)
      follow: (on) => follow(on !== false),
      state: () => {
        if (!following) follow(true); // the first read asks for the state: later reads have it
        if (seen >= sent || playState === "null") return playState;
        return JSON.stringify({ ...JSON.parse(playState), busy: true });
      },
    };
    const listen = (onText) => {
      toPage = onText;
      for (const text of early.splice(0)) onText(text);
    };
    window.unoEngine = { worker, url, early, send, listen };
  } catch (err) {
    window.unoEngine = { failed: String(err) };
  }
})();

// window.unoEngine for a guest phone: the page's Python sends and listens as it would to a worker; web/page/guest.mjs
// connects it to the link (`connect(send)`, `deliver(text)`, `disconnect()`); until a link is open nothing is sent.
// Before the page's Python listens, web/page/guest-prepaint.mjs speaks for it on an open link (`said`: its count and
// its start, taken over by ui.remote) and paints the host's first drawing (`painted`: its envelope's number; `replay`
// sends the taps made on it once the page's Python listens). `pythonMayStart` holds the page's Python back
// (web/ui-start.mjs) until guest.mjs lets it start: on a slow phone MicroPython's start took the main thread from the
// link's own steps (the answer code, the connection, the first drawing), which the person waits for first.
function guestEngine(script) {
  const early = [];
  let toPage = (text) => early.push(text);
  let toHost = null;
  let onOpen = () => {};
  let onClose = () => {};
  let open = false; // a link opened before the page's Python listened: it takes over once it does
  let letPythonStart = () => {};
  const engine = {
    remote: true,
    early,
    listening: false,
    said: null,
    painted: null,
    replay: () => {},
    pythonMayStart: new Promise((resolve) => { letPythonStart = resolve; }),
    letPythonStart: () => letPythonStart(),
    send: (text) => toHost?.(String(text)),
    listen: (onText) => {
      toPage = onText;
      engine.listening = true;
      for (const text of early.splice(0)) onText(text);
    },
    onOpen: (callback) => {
      onOpen = callback;
      if (open) callback();
    },
    onClose: (callback) => { onClose = callback; },
    connect: (send) => {
      toHost = send;
      open = true;
      onOpen();
    },
    disconnect: () => {
      toHost = null;
      open = false;
      engine.said = null;
      if (!engine.listening) { // what the gone link said is not the next link's
        early.length = 0;
        engine.painted = null;
      }
      onClose();
    },
    deliver: (text) => toPage(String(text)),
  };
  window.unoEngine = engine;
  // guest.mjs's imports asked for with it, not after it arrived (a round trip less on a phone's mobile data)
  for (const name of ["guest-prepaint.mjs", "peer.mjs", "signal.mjs", "qr.mjs"]) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = new URL(name, script.src).href;
    document.head.append(link);
  }
  import(new URL("guest.mjs", script.src).href).then(
    (module) => module.start(),
    (err) => {
      letPythonStart();
      window.unoShell?.fail?.(`guest.mjs: ${err}`);
    },
  );
}
