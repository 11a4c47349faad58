// A QR code drawn on the page as SVG (a connection code of web/page/signal.mjs, a link): npm lean-qr makes the
// modules (the shortest mix of its modes: a base32 code in alphanumeric mode), this draws the dark ones as one path
// on a white square with a quiet zone. SVG attributes only, no `style` (the Content-Security-Policy refuses it),
// crisp edges, and no width or height: CSS sizes it (the viewBox counts modules).
//
//   box.replaceChildren(qrSvg(code, { level: "M", labelledBy: "join-code-title", className: "sk-qr table-qr" }));
//
// tools/build.py writes it as web/qr.mjs, importing our copy of lean-qr from runtime/lean-qr-<version>/.
import { correction, generate } from "__LEAN_QR__";

export const QUIET = 4; // modules of white border a scanner needs around the code
const SVG = "http://www.w3.org/2000/svg";
const LEVELS = ["L", "M", "Q", "H"];
const FIRST_VERSION_MODULES = 21; // a version 1 code is 21 modules wide; each version adds 4

/** The QR code of `text` at error correction `level` ("L", "M", "Q" or "H", exactly that level): its version,
 * its width in modules (quiet zone left out) and an SVG path of its dark modules (quiet zone counted in).
 * Null when the text does not fit one code. */
export function qrDrawing(text, level = "M") {
  if (!LEVELS.includes(level)) throw new RangeError(`QR error correction level ${level}`);
  let code;
  try {
    code = generate(text, { minCorrectionLevel: correction[level], maxCorrectionLevel: correction[level] });
  } catch (error) {
    if (error.code === 4) return null; // lean-qr: too long for a version 40 code
    throw error;
  }
  const version = (code.size - FIRST_VERSION_MODULES) / 4 + 1;
  return { version, modules: code.size, path: darkPath(code) };
}

/** One rectangle per run of dark modules in a row: "M x y h width v1 h-width z". */
function darkPath(code) {
  const parts = [];
  for (let y = 0; y < code.size; y += 1) {
    for (let x = 0; x < code.size; ) {
      if (!code.get(x, y)) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < code.size && code.get(x, y)) x += 1;
      parts.push(`M${start + QUIET} ${y + QUIET}h${x - start}v1h-${x - start}z`);
    }
  }
  return parts.join("");
}

/** An <svg> of `text`'s QR code, black on white, named by the element `labelledBy` (or null: too long). */
export function qrSvg(text, { level = "M", labelledBy = "", className = "sk-qr" } = {}, doc = document) {
  const drawing = qrDrawing(text, level);
  if (!drawing) return null;
  const side = drawing.modules + 2 * QUIET;
  const svg = svgElement(doc, "svg", {
    viewBox: `0 0 ${side} ${side}`,
    class: className,
    role: "img",
    focusable: "false",
    "shape-rendering": "crispEdges",
    "data-version": drawing.version,
  });
  if (labelledBy) svg.setAttribute("aria-labelledby", labelledBy);
  svg.append(
    svgElement(doc, "rect", { width: side, height: side, fill: "#fff" }),
    svgElement(doc, "path", { d: drawing.path, fill: "#000" }),
  );
  return svg;
}

function svgElement(doc, name, attributes) {
  const element = doc.createElementNS(SVG, name);
  for (const [attribute, value] of Object.entries(attributes)) element.setAttribute(attribute, String(value));
  return element;
}
