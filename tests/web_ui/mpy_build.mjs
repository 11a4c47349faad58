// Builds trees with web/page/ui/dom.py inside MicroPython (the npm build the page is to run on its main
// thread), on a tiny fake DOM, and prints each one as HTML: tests/web_ui/test_dom.py compares them with
// what CPython's app.tree.to_html makes of the same trees. Then
// web/page/ui/host.py (with a stand-in for PyScript's ffi) draws the first tree into #screen and answers a
// click on a [data-act] element with an intent message, then draws the second drawing as its changes from
// the first (app.diff), and again with its new elements as HTML text (app.diff.as_html). Input (stdin):
// {"trees": [...], "changes": [...], "html_changes": [...], "html": "..."}.
import { readdirSync, readFileSync } from "node:fs";

const [micropythonModule, uiDir] = process.argv.slice(2);
const { loadMicroPython } = await import(micropythonModule);
const out = [];
const mp = await loadMicroPython({ stdout: (line) => out.push(line), stderr: (line) => out.push(line) });

class Node {
  replaceWith(node) { const c = this.parentNode.children; c[c.indexOf(this)] = node; node.parentNode = this.parentNode; }
  remove() { const c = this.parentNode.children; c.splice(c.indexOf(this), 1); this.parentNode = null; }
}
class Text extends Node {
  constructor(text) { super(); this.text = String(text); }
  get data() { return this.text; }
  set data(text) { this.text = String(text); }
  html() { return escape(this.text); }
}
class Raw extends Node { // parsed HTML (a template's content, insertAdjacentHTML): kept as its text
  constructor(text) { super(); this.raw = String(text); }
  html() { return this.raw; }
}
class Element extends Node {
  constructor(tag, ns = "http://www.w3.org/1999/xhtml") {
    super(); this.tag = tag; this.attrs = []; this.children = []; this.listeners = {}; this.namespaceURI = ns;
  }
  get childNodes() { return this.children; }
  get lastChild() { return this.children.at(-1) ?? null; }
  removeAttribute(name) { this.attrs = this.attrs.filter((pair) => pair[0] !== name); }
  addEventListener(name, handler) { this.listeners[name] = handler; }
  contains(node) { return node === this || this.children.some((c) => c instanceof Element && c.contains(node)); }
  replaceChildren(...nodes) { this.children = []; this.append(...nodes); }
  querySelectorAll() { return []; }
  querySelector() { return null; }
  getAttribute(name) { return this.attrs.find((pair) => pair[0] === name)?.[1] ?? null; }
  closest(selector) { return this.getAttribute("data-act") !== null ? this : null; }
  get tagName() { return this.tag.toUpperCase(); }
  setAttribute(name, value) {
    const found = this.attrs.find((pair) => pair[0] === name);
    if (found) found[1] = String(value); else this.attrs.push([name, String(value)]);
  }
  set textContent(text) { this.children = []; this.append(new Text(text)); }
  set innerHTML(text) { this.children = []; this.raw = String(text); } // kept as text: no parser here
  get content() { return new Raw(this.raw ?? ""); } // a <template>'s
  insertAdjacentHTML(where, text) {
    if (where === "beforeend") this.append(new Raw(text));
    else if (where === "afterbegin") this.prepend(new Raw(text));
    else throw new Error(where);
  }
  append(...nodes) { for (const node of nodes) { node.parentNode = this; this.children.push(node); } }
  prepend(...nodes) { for (const node of nodes) node.parentNode = this; this.children.unshift(...nodes); }
  html() {
    const attrs = this.attrs.map(([name, value]) => ` ${name}="${escape(value, true)}"`).join("");
    const inner = VOID.has(this.tag) ? "" : (this.raw ?? "") + this.children.map((c) => c.html()).join("") + `</${this.tag}>`;
    return `<${this.tag}${attrs}>${inner}`;
  }
}
const VOID = new Set(["input", "br", "img", "meta", "link", "hr", "col"]);
function escape(text, quote = false) {
  let s = text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  return quote ? s.replaceAll('"', "&quot;").replaceAll("'", "&#x27;") : s;
}
const screen = new Element("section");
screen.setAttribute("id", "screen");
globalThis.fakeWindow = {
  get self() { return globalThis.fakeWindow; },
  addEventListener() {},
  location: { hash: "" },
  JSON,
  Date,
  document: {
    activeElement: null,
    getElementById: (id) => (id === "screen" ? screen : null),
    addEventListener() {},
    createElement: (tag) => new Element(tag),
    createElementNS: (ns, tag) => new Element(tag, ns),
    createTextNode: (text) => new Text(text),
  },
  unoShell: {
    lang: "en",
    t: (key, args) => key + (args ? "|" + Object.keys(args).sort().map((k) => `${k}=${args[k]}`).join(",") : ""),
  },
};

mp.FS.mkdirTree("/lib/ui");
for (const name of readdirSync(uiDir).filter((file) => /\.m?py$/.test(file))) { // the build's .mpy files
  mp.FS.writeFile(`/lib/ui/${name}`, readFileSync(`${uiDir}/${name}`));
}
mp.FS.mkdirTree("/lib/shared"); // what both sides import (compile_ui writes it beside ui/)
for (const name of readdirSync(`${uiDir}/../shared`).filter((file) => /\.mpy$/.test(file))) {
  mp.FS.writeFile(`/lib/shared/${name}`, readFileSync(`${uiDir}/../shared/${name}`));
}
globalThis.input = readFileSync(0, "utf8");
mp.runPython(`
import json, sys
sys.path.append("/lib")
import js
from ui import dom
given = json.loads(js.input)
trees = given["trees"]
for tree in trees:
    print("HTML " + dom.build(js.fakeWindow, tree).html())
from ui import host
sent = []
page = host.Host(js.fakeWindow, sent.append)
page.receive({"op": "draw", "root": "screen", "html": given["html"], "attrs": {"class": "x"}, "lang": "en"})
print("WHOLE " + js.fakeWindow.document.getElementById("screen").html())
js.fakeWindow.document.getElementById("screen").raw = ""
page.receive({"op": "draw", "root": "screen", "changes": [["+", [], [trees[0]]]]})
print("DRAWN " + js.fakeWindow.document.getElementById("screen").html())
`);
const drawn = screen.children[0];
const clickable = (function find(node) {
  if (!(node instanceof Element)) return null;
  if (node.getAttribute("data-act") !== null) return node;
  for (const child of node.children) { const found = find(child); if (found) return found; }
  return null;
})(screen);
if (clickable) {
  screen.listeners.click({ type: "click", target: clickable });
  mp.runPython(`print("SENT " + json.dumps(sent))`);
}
// then the same root drawn again as its changes (app.diff): the elements stay, the page is the new drawing
mp.runPython(`
page.receive({"op": "draw", "root": "screen", "changes": given["changes"]})
print("MORPHED " + js.fakeWindow.document.getElementById("screen").html())
`);
console.log(`KEPT ${screen.children[0] === drawn}`);
// and once more with the new elements as HTML text (app.diff.as_html): the same page
mp.runPython(`
screen = js.fakeWindow.document.getElementById("screen")
screen.replaceChildren()
page.receive({"op": "draw", "root": "screen", "changes": [["+", [], [trees[0]]]]})
page.receive({"op": "draw", "root": "screen", "changes": given["html_changes"], "lang": "en"})
print("MORPHED_HTML " + screen.html())
for case in given.get("cases", []):  # more drawings and their changes, from an empty #screen each
    screen.replaceChildren()
    page.receive({"op": "draw", "root": "screen", "changes": [["+", [], [case["old"]]]]})
    page.receive({"op": "draw", "root": "screen", "changes": case["changes"], "lang": "en"})
    print("CASE " + screen.html())
`);
console.log(out.join("\n"));
