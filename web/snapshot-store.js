// The start-up snapshot's store (issue 7): a dedicated worker that owns its IndexedDB record.
// The engine worker (web/app-worker.mjs) starts it first thing, and it reads the stored image at once,
// beside the worker's own start (Pyodide's runtime downloads and compiles meanwhile).
//
// Requests (postMessage({id, op, ...})), each answered with {id, ...} or {id, error}:
//   read:     {found: false} | {found: true, meta, bytes}: the bytes moved, not copied, as soon as they
//             are read; a copy is hashed meanwhile (SHA-256 of 31 MB: 40-70 ms here, measured, that the
//             page's start does not wait for: Pyodide compiles its runtime first)
//   checksum: {sha256} of the bytes the last read found ("" without WebCrypto)
//   put:      {record} stored as the one record, with the SHA-256 of its data
//   drop:     the record deleted

const DB = "uno-snapshot";
const STORE = "snapshots";
const RECORD = "current";

const settled = (req) => new Promise((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});

function openDb() {
  const req = indexedDB.open(DB, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE);
  return settled(req);
}

async function withStore(mode, use) {
  const db = await openDb();
  try {
    const tx = db.transaction(STORE, mode);
    const result = settled(use(tx.objectStore(STORE)));
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      // the failed request holds the reason; tx.error is still null when its error event fires
      tx.onerror = (event) => reject(tx.error || event.target?.error || new Error("transaction failed"));
      tx.onabort = (event) => reject(tx.error || event.target?.error || new Error("aborted"));
    });
    return result;
  } finally {
    db.close();
  }
}

/** The SHA-256 of `data` (a Blob or an ArrayBuffer) in hex, or "" without WebCrypto. */
async function sha256(data) {
  if (!self.crypto?.subtle) return "";
  const bytes = data instanceof Blob ? await data.arrayBuffer() : data;
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Started now, before anyone asks: the page's other start-up work runs meanwhile.
const stored = withStore("readonly", (store) => store.get(RECORD)).then(async (record) => {
  if (!record) return { record: null };
  // an ArrayBuffer since issue 19 (WebKit refuses Blobs in ephemeral sessions); older records hold a Blob
  return { record, bytes: record.data instanceof Blob ? await record.data.arrayBuffer() : record.data };
});
stored.catch(() => {}); // reported when asked

let settleChecksum;
const readChecksum = new Promise((resolve) => { settleChecksum = resolve; }); // SHA-256 of what `read` found

const ops = {
  async read(id) {
    const { record, bytes } = await stored;
    if (!record) return postMessage({ id, found: false });
    const { data, ...meta } = record;
    const copy = bytes.slice(0); // 20-30 ms, measured; the bytes themselves move to the page now
    postMessage({ id, found: true, meta, bytes }, [bytes]);
    settleChecksum(sha256(copy));
  },
  async checksum(id) {
    postMessage({ id, sha256: await readChecksum });
  },
  async put(id, { record }) {
    const stamped = { ...record, sha256: await sha256(record.data), made: new Date().toISOString() };
    await withStore("readwrite", (store) => store.put(stamped, RECORD));
    postMessage({ id });
  },
  async drop(id) {
    await withStore("readwrite", (store) => store.delete(RECORD));
    postMessage({ id });
  },
};

self.onmessage = async ({ data: { id, op, ...args } }) => {
  try {
    if (!(op in ops)) throw new Error(`unknown request ${op}`);
    await ops[op](id, args);
  } catch (err) {
    postMessage({ id, error: String(err) });
  }
};
