// The page's end of the links between phones: it carries the engine worker's peer messages to
// web/page/peer.mjs and web/page/scan.mjs and their events back, as JSON texts that never enter MicroPython.
// Loaded by web/page/engine-start.js at the worker's first {"op": "peer", ...} message.
//
// From the worker, {"op": "peer", "do": ...}:
//   offer {link}            a new link as host; answers peer-sdp {link, kind: "offer", sdp}
//   answer {link, sdp}      a new link as guest to that offer; answers peer-sdp {link, kind: "answer", sdp}
//   accept {link, sdp}      the guest's answer to the host's link
//   send {link, text}       one message on the link (dropped, and reported as closed, when it is not open)
//   close {link}            the link ends
//   scan {video}            the camera into <video id=video> until a code is read: peer-scanned {text} or
//                           {error}; stop-scan ends it
//   probe                   answers peer-support {webrtc, camera}
// To the worker: peer-sdp, peer-in {link, text}, peer-state {link, state}, peer-scanned, peer-support;
// peer-failed {link, error} when a browser call throws (a refused description, no WebRTC).

import * as peer from "./peer.mjs";

const links = new Map();
let stopScan = null;

export function start(post) {
  const answer = (message) => post(JSON.stringify(message));
  const watch = (id, link) => {
    links.set(id, link);
    link.onmessage = (text) => answer({ op: "peer-in", link: id, text });
    link.onstate = (state) => answer({ op: "peer-state", link: id, state });
  };
  const handlers = {
    async offer({ link: id }) {
      const { link, sdp } = await peer.offer();
      watch(id, link);
      answer({ op: "peer-sdp", link: id, kind: "offer", sdp });
    },
    async answer({ link: id, sdp: offerSdp }) {
      links.get(id)?.close();
      const { link, sdp } = await peer.answer(offerSdp);
      watch(id, link);
      answer({ op: "peer-sdp", link: id, kind: "answer", sdp });
    },
    async accept({ link: id, sdp }) {
      await links.get(id)?.accept(sdp);
    },
    send({ link: id, text }) {
      const link = links.get(id);
      if (!link?.send(text)) answer({ op: "peer-state", link: id, state: "closed" });
    },
    close({ link: id }) {
      links.get(id)?.close();
      links.delete(id);
    },
    async scan({ video }) {
      stopScan?.();
      const { scan } = await import("./scan.mjs");
      const element = document.getElementById(video);
      if (!element) return;
      stopScan = await scan(element, (text) => {
        stopScan = null;
        answer({ op: "peer-scanned", text });
        return true;
      });
    },
    "stop-scan"() {
      stopScan?.();
      stopScan = null;
    },
    async probe() {
      const { supported } = await import("./scan.mjs");
      answer({ op: "peer-support", webrtc: peer.supported(), camera: supported() });
    },
  };
  return async (message) => {
    const handler = handlers[message.do];
    if (!handler) return;
    try {
      await handler(message);
    } catch (err) {
      if (message.do === "scan") answer({ op: "peer-scanned", error: err?.name || String(err) });
      else answer({ op: "peer-failed", link: message.link ?? null, error: String(err?.message || err) });
    }
  };
}
