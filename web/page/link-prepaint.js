// Sheet links: paint the sheet a link `#/score/link/k1.<data>` carries before Python is ready.
// The data is scorekeeper.link's: base64url of raw deflate of a body ending in its CRC-32. This script only
// decodes and shows what the link carries (the standings, each round's dealer and gains as scorekeeper
// computed them when the link was made): it computes no score. A link it cannot read is left to Python,
// which says what is wrong. Shown inert (nothing can be pressed) until Python's router replaces it.

const ROUTE = /^#\/score\/link\/k1\.([A-Za-z0-9_-]+)$/;

function bytesOf(data) {
  const text = atob(data.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((data.length + 3) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  for (let k = 0; k < 8; k++) n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1;
  return n >>> 0;
});

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A reader of the body's varints and texts; throws past its end. */
function reader(bytes) {
  let at = 0;
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  const byte = () => {
    if (at >= bytes.length) throw new Error("ends early");
    return bytes[at++];
  };
  const uint = () => {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const part = byte();
      value += (part & 0x7f) * 2 ** shift;
      if (!(part & 0x80)) return value;
    }
    throw new Error("number too long");
  };
  const sint = () => {
    const value = uint();
    return value % 2 ? -(value + 1) / 2 : value / 2;
  };
  const text = () => {
    const size = uint();
    if (at + size > bytes.length) throw new Error("ends early");
    at += size;
    return utf8.decode(bytes.subarray(at - size, at));
  };
  return { byte, uint, sint, text, skip: (n) => { at += n; }, get done() { return at === bytes.length; } };
}

/** The players, each round's winner, and the carried view of a link's data; null if it does not read. */
export async function decodeLink(data) {
  const body = await inflate(bytesOf(data));
  if (body.length < 5) return null;
  const head = body.subarray(0, body.length - 4);
  const stamp = new DataView(body.buffer, body.byteOffset + body.length - 4).getUint32(0);
  if (crc32(head) !== stamp) return null;
  const r = reader(head);
  if (r.byte() !== 0) return null; // not a sheet (a library, "Move all my sheets")
  const flags = r.byte();
  r.uint(); // target
  const players = Array.from({ length: r.uint() }, () => r.text());
  if (flags & 0x80) r.uint(); // first dealer
  const winners = [];
  const roundCount = r.uint();
  for (let n = 0; n < roundCount; n++) {
    winners.push(r.uint());
    for (let seat = 0; seat < players.length; seat++) {
      const tag = r.uint();
      if (tag && tag % 2 === 0) r.skip((tag - 2) / 2); // tapped cards: one byte each
    }
  }
  const viewFlags = r.byte();
  const nextDealer = viewFlags & 2 ? r.uint() : null;
  const standings = Array.from({ length: r.uint() }, () => {
    const seats = Array.from({ length: r.uint() }, () => r.uint());
    const [rank, total, toTarget, marks] = [r.uint(), r.sint(), r.uint(), r.byte()];
    return { seats, rank, total, toTarget, leader: !!(marks & 1), winner: !!(marks & 2) };
  });
  const rounds = winners.map((winner) => ({ winner, dealer: r.uint(), gained: standings.map(() => r.sint()) }));
  if (!r.done) return null;
  return { players, finished: !!(viewFlags & 1), nextDealer, standings, rounds };
}

function make(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "i18n") node.dataset.i18n = value;
    else if (name === "args") node.dataset.i18nArgs = JSON.stringify(value);
    else node.setAttribute(name, value);
  }
  node.append(...children); // strings become text nodes: names show as typed
  return node;
}

/** The same markup as web/engine/app/score/pages_link.py's open_page, from the carried view. */
function picture(sheet) {
  const label = sheet.standings.map((s) => s.seats.map((seat) => sheet.players[seat]).join(" & "));
  const winner = sheet.standings.findIndex((s) => s.winner);
  let top = null;
  if (winner >= 0) top = make("p", { class: "sk-dealer-now" }, make("span", { i18n: "score.link.winner", args: { name: label[winner] } }));
  else if (sheet.nextDealer !== null) {
    top = make("p", { class: "sk-dealer-now" }, make("span", { i18n: "score.deals_now", args: { name: sheet.players[sheet.nextDealer] } }));
  }
  const standings = make("ol", { class: "sk-standings", id: "score-link-standings" }, ...sheet.standings.map((s, i) =>
    make("li", { class: "sk-standing" + (s.leader || s.winner ? " sk-is-leader" : "") },
      make("span", { class: "sk-rank" }, `${s.rank}.`),
      make("span", { class: "sk-who" }, make("span", { class: "sk-who-name" }, label[i])),
      make("span", { class: "sk-score-num" }, make("strong", { class: "sk-total" }, String(s.total))))));
  const rows = sheet.rounds.map((round, n) => make("tr", {},
    make("th", { scope: "row" }, String(n + 1)),
    make("td", {}, sheet.players[round.dealer]),
    make("td", {}, sheet.players[round.winner]),
    make("td", {}, round.gained.map((gain, i) => (gain ? `${label[i]} +${gain}` : "")).filter(Boolean).join(", ") || "–")));
  const table = rows.length ? make("div", { class: "sk-table-wrap" }, make("table", { class: "sk-rounds sk-link-rounds" },
    make("thead", {}, make("tr", {}, make("th", { scope: "col" }, "#"),
      ...["score.link.col_dealer", "score.link.col_out", "score.link.col_gain"].map((key) => make("th", { scope: "col", i18n: key })))),
    make("tbody", {}, ...rows))) : null;
  return make("section", { class: "score-page sk-open-page" },
    make("div", { class: "screen-head" }, make("a", { class: "back-link", href: "#/score", i18n: "score.back_list" })),
    make("h1", { i18n: "score.link.open_title" }),
    make("p", { class: "sk-link-players" }, sheet.players.join(", ")),
    make("div", { class: "sk-link-sheet" }, ...[top, make("h2", { i18n: "score.standings" }), standings,
      rows.length ? make("h2", { i18n: "score.rounds" }) : null, table].filter(Boolean)),
    make("div", { class: "sk-actions sk-link-keep" }, make("p", { class: "sk-hint", i18n: "score.link.loading" })));
}

let painting = 0;

async function paint() {
  const root = document.documentElement;
  const screen = document.getElementById("screen");
  const match = ROUTE.exec(location.hash);
  const old = screen?.querySelector(":scope > .link-prepaint");
  if (root.dataset.pyReady || !screen) return;
  const ticket = ++painting;
  let sheet = null;
  if (match) {
    try {
      sheet = await decodeLink(match[1]);
    } catch {
      sheet = null; // damaged or cut short: Python says which
    }
  }
  if (ticket !== painting || root.dataset.pyReady) return;
  if (!sheet) {
    if (old) {
      old.remove();
      screen.hidden = true;
      delete root.dataset.linkPrepaint;
    }
    return;
  }
  const box = make("div", { class: "link-prepaint", "aria-busy": "true" }, picture(sheet));
  box.inert = true;
  window.unoShell?.applyI18n(box);
  screen.replaceChildren(box);
  screen.hidden = false;
  document.getElementById("landing")?.setAttribute("hidden", "");
  root.dataset.linkPrepaint = "1";
  if (!performance.getEntriesByName("link-prepaint").length) performance.mark("link-prepaint"); // for bench/link.py
}

paint();
window.addEventListener("hashchange", paint);
window.addEventListener("uno:lang", () => {
  const box = document.querySelector("#screen > .link-prepaint");
  if (box) window.unoShell?.applyI18n(box);
});
