// Runs web/page/signal.mjs for the Python tests (tests/web_peer/js_signal.py): one JSON request a line on stdin,
// one JSON answer a line on stdout, until stdin ends. A description travels as JSON with its digest in hex.
//   {"op": "encode", "description": {...}}      -> {"ok": "<code>"}
//   {"op": "decode", "code": "...", "kind": null | "offer" | "answer"} -> {"ok": {...description}}
//   {"op": "fromSdp", "kind": "offer", "sdp": "..."} -> {"ok": {...description}}
//   {"op": "toSdp", "description": {...}}       -> {"ok": "<sdp>"}
// A SignalError answers {"error": "<its code>"}; anything else thrown ends the run (a bug, not a refusal).
import { createInterface } from "node:readline";
import { SignalError, decode, encode, fromSdp, toSdp } from "../../web/page/signal.mjs";

const hex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
const bytes = (text) => Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
const toJson = (d) => ({ ...d, digest: hex(d.digest) });
const fromJson = (d) => ({ ...d, digest: bytes(d.digest) });

const OPS = {
  encode: ({ description }) => encode(fromJson(description)),
  decode: ({ code, kind }) => toJson(decode(code, kind)),
  fromSdp: ({ kind, sdp }) => toJson(fromSdp(kind, sdp)),
  toSdp: ({ description }) => toSdp(fromJson(description)),
};

for await (const line of createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  let answer;
  try {
    answer = { ok: OPS[request.op](request) };
  } catch (error) {
    if (!(error instanceof SignalError)) throw error;
    answer = { error: error.code };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
