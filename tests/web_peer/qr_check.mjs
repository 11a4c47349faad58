// Runs the built web/qr.mjs (path in argv) for tests/web_peer/test_page_qr.py: reads [[text, level], ...] as JSON
// on stdin, prints one JSON line: for each, qrDrawing's result and qrSvg's element as markup (a small stand-in
// for the DOM: elements, attributes, children).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const { qrDrawing, qrSvg } = await import(pathToFileURL(process.argv[2]).href);

class Element {
  constructor(namespace, name) {
    Object.assign(this, { namespace, name, attributes: new Map(), children: [] });
  }
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }
  append(...children) {
    this.children.push(...children);
  }
  get outerHTML() {
    const attributes = [...this.attributes].map(([name, value]) => ` ${name}="${value}"`).join("");
    const xmlns = this.name === "svg" ? ` xmlns="${this.namespace}"` : "";
    return `<${this.name}${xmlns}${attributes}>${this.children.map((child) => child.outerHTML).join("")}</${this.name}>`;
  }
}
const fakeDocument = { createElementNS: (namespace, name) => new Element(namespace, name) };

const answers = JSON.parse(readFileSync(0, "utf8")).map(([text, level]) => ({
  drawing: qrDrawing(text, level),
  svg: qrSvg(text, { level, labelledBy: "qr-title", className: "sk-qr table-qr" }, fakeDocument)?.outerHTML ?? null,
}));
console.log(JSON.stringify(answers));
