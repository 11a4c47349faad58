// The link between phones at one table: one WebRTC data channel per guest, no server. Runs on the page
// (a worker has no RTCPeerConnection). The session descriptions travel as short codes made in Python
// (app.peer.signal: QR code or pasted text); this module only holds the connection and moves JSON texts.
//
//   host:  const {link, sdp} = await offer();   ...code to the guest...   await link.accept(answerSdp)
//   guest: const {link, sdp} = await answer(offerSdp);   ...code back to the host...
//   both:  link.onmessage = (text) => ...;  link.onstate = (state) => ...;  link.send(text);  link.close()
// state: "connecting" | "open" | "closed" (the channel closed or the connection failed).

const CONFIG = { iceServers: [] }; // same Wi-Fi or a phone's hotspot: host candidates only, no internet
const CHANNEL = { negotiated: true, id: 0, ordered: true }; // both ends open it: no extra round trip
const GATHER_MS = 4000; // a browser that never reports the end of gathering: use what it found by then

export function supported() {
  return typeof RTCPeerConnection === "function";
}

class Link {
  constructor() {
    this.pc = new RTCPeerConnection(CONFIG);
    this.channel = this.pc.createDataChannel("uno", CHANNEL);
    this.state = "connecting";
    this.onmessage = () => {};
    this.onstate = () => {};
    this.channel.onopen = () => this.#set("open");
    this.channel.onclose = () => this.#set("closed");
    this.channel.onmessage = ({ data }) => this.onmessage(String(data));
    this.pc.onconnectionstatechange = () => {
      if (this.pc.connectionState === "failed" || this.pc.connectionState === "closed") this.#set("closed");
    };
  }

  #set(state) {
    if (this.state === state || this.state === "closed") return;
    this.state = state;
    this.onstate(state);
  }

  async describe() {
    await gathered(this.pc);
    return this.pc.localDescription.sdp;
  }

  async accept(sdp) {
    await this.pc.setRemoteDescription({ type: "answer", sdp });
  }

  send(text) {
    if (this.channel.readyState !== "open") return false;
    this.channel.send(String(text));
    return true;
  }

  close() {
    this.#set("closed");
    this.channel.close();
    this.pc.close();
  }
}

function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

export async function offer() {
  const link = new Link();
  await link.pc.setLocalDescription(await link.pc.createOffer());
  return { link, sdp: await link.describe() };
}

export async function answer(offerSdp) {
  const link = new Link();
  await link.pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
  await link.pc.setLocalDescription(await link.pc.createAnswer());
  return { link, sdp: await link.describe() };
}
