// Scanning a QR code with the phone's camera, inside the app (a connection code of web/page/peer.mjs, or any
// code the caller accepts). Loaded only when the camera opens. The browser's BarcodeDetector where it
// reads QR codes; else npm jsqr in a worker (web/scan-worker.js), fed one downscaled frame at a time.
//
//   const stop = await scan(video, (text) => accept(text));   // accept returns true to stop scanning
//   stop();                                                   // the camera goes off
// Throws (a DOMException from getUserMedia) when there is no camera or the person refuses it.

const FRAME_EDGE = 640; // the longer side of a frame given to jsqr: enough for a version 5-10 code
const EVERY_MS = 120;

export function supported() {
  return Boolean(navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
}

async function detector() {
  if (!("BarcodeDetector" in self)) return null;
  try {
    const formats = await self.BarcodeDetector.getSupportedFormats();
    return formats.includes("qr_code") ? new self.BarcodeDetector({ formats: ["qr_code"] }) : null;
  } catch {
    return null;
  }
}

function workerReader() {
  const worker = new Worker(new URL("./scan-worker.js", import.meta.url));
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  let asked = 0;
  const waiting = new Map();
  worker.onmessage = ({ data }) => {
    waiting.get(data.id)?.(data.text);
    waiting.delete(data.id);
  };
  return {
    read(video) {
      const scale = Math.min(1, FRAME_EDGE / Math.max(video.videoWidth, video.videoHeight));
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      const id = ++asked;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, width: frame.width, height: frame.height, data: frame.data.buffer }, [
          frame.data.buffer,
        ]);
      });
    },
    close: () => worker.terminate(),
  };
}

export async function scan(video, accept) {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: "environment", width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: false,
  });
  video.srcObject = stream;
  video.setAttribute("playsinline", "");
  video.muted = true;
  await video.play();
  const native = await detector();
  const reader = native
    ? { read: async (v) => (await native.detect(v))[0]?.rawValue ?? null, close() {} }
    : workerReader();
  let running = true;
  const stop = () => {
    running = false;
    reader.close();
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  (async () => {
    while (running) {
      if (video.readyState >= 2 && video.videoWidth) {
        const text = await reader.read(video).catch(() => null);
        if (running && text && accept(text)) {
          stop();
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
  })();
  return stop;
}
