// The QR decoder for browsers without BarcodeDetector (iPhones, desktop Chromium on Linux): npm jsqr,
// served from our origin, in a worker so that decoding a camera frame never holds the page.
// In: {id, width, height, data: ArrayBuffer of RGBA}. Out: {id, text: string | null}.
importScripts("__JSQR__");

self.onmessage = ({ data: { id, width, height, data } }) => {
  let text = null;
  try {
    const found = self.jsQR(new Uint8ClampedArray(data), width, height, { inversionAttempts: "attemptBoth" });
    text = found ? found.data : null;
  } catch {
    text = null; // a frame it cannot read is a frame without a code
  }
  self.postMessage({ id, text });
};
