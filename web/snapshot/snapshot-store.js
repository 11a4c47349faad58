// The start-up snapshot's store: a dedicated worker that owns the stored image. The engine worker
// (web/engine/app-worker.mjs) starts it first thing, and it reads the stored image at once, beside the worker's own
// start (Pyodide's runtime downloads meanwhile, but compiles only once it has the image: the read is on the
// return visit's critical path).
//
// Where: two files in the origin private file system (OPFS), read and written through a synchronous access
// handle (workers only): uno-snapshot.bin (the image) and uno-snapshot.json (its meta, written last: no meta,
// no snapshot): the fastest read of the 31 MB image (docs/decisions.md). Where OPFS is missing or fails
// (older browsers, some private modes), the record lives in IndexedDB (`uno-snapshot`).
//
// Requests (postMessage({id, op, ...})), each answered with {id, ...} or {id, error}:
//   read:     {found: false} | {found: true, meta, bytes, sha256}: the bytes moved, not copied, with the SHA-256
//             of what was read ("" without WebCrypto), so unchecked bytes never reach Pyodide (one read)
//   put:      {record} ({data, ...meta}) stored as the one record, with the SHA-256 of its data
//   drop:     the record deleted (both places)

const DB = "uno-snapshot";
const STORE = "snapshots";
const RECORD = "current";
const IMAGE_FILE = "uno-snapshot.bin";
const META_FILE = "uno-snapshot.json";

// ---------------------------------------------------------------- IndexedDB (the fallback)
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

async function readIndexedDb() {
  if (typeof indexedDB === "undefined") return null;
  const record = await withStore("readonly", (store) => store.get(RECORD));
  if (!record) return null;
  const { data, ...meta } = record;
  // an ArrayBuffer now (WebKit refuses Blobs in ephemeral sessions); older records hold a Blob
  const bytes = data instanceof Blob ? await data.arrayBuffer() : data;
  return { meta, bytes };
}

const dropIndexedDb = () => (typeof indexedDB === "undefined" ? null : withStore("readwrite", (store) => store.delete(RECORD)));

// ---------------------------------------------------------------- OPFS
const opfsRoot = () => (navigator.storage?.getDirectory && self.FileSystemSyncAccessHandle
  ? navigator.storage.getDirectory() : Promise.reject(new Error("no OPFS")));

/** A synchronous access handle on `name` (read-only where the browser can share one: another tab may be
 *  reading the same image). A lock held elsewhere is waited for, up to about a second. */
async function openHandle(dir, name, write) {
  const file = await dir.getFileHandle(name, { create: write });
  for (let tries = 0; ; tries++) {
    try {
      return await file.createSyncAccessHandle(write ? {} : { mode: "read-only" });
    } catch (err) {
      if (err?.name !== "NoModificationAllowedError" || tries >= 20) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function readAll(handle) {
  const bytes = new Uint8Array(handle.getSize());
  const read = handle.read(bytes, { at: 0 });
  if (read !== bytes.length) throw new Error(`short read: ${read} of ${bytes.length} bytes`);
  return bytes.buffer;
}

/** The OPFS record, or null when OPFS is missing or holds none (an unreadable one rejects: it is dropped). */
async function readOpfs() {
  let dir;
  try {
    dir = await opfsRoot();
  } catch {
    return null; // no OPFS here (or refused, as in some private modes)
  }
  let metaHandle;
  try {
    metaHandle = await openHandle(dir, META_FILE, false);
  } catch (err) {
    if (err?.name === "NotFoundError") return null; // none stored here (maybe in IndexedDB)
    throw err;
  }
  let meta;
  try {
    meta = JSON.parse(new TextDecoder().decode(readAll(metaHandle)));
  } finally {
    metaHandle.close();
  }
  const image = await openHandle(dir, IMAGE_FILE, false);
  try {
    return { meta, bytes: readAll(image) };
  } finally {
    image.close();
  }
}

function writeFile(handle, bytes) {
  try {
    handle.truncate(0);
    const written = handle.write(bytes, { at: 0 });
    if (written !== bytes.byteLength) throw new Error(`short write: ${written} of ${bytes.byteLength} bytes`);
    handle.flush();
  } finally {
    handle.close();
  }
}

async function removeOpfs(dir, name) {
  try {
    await dir.removeEntry(name);
  } catch (err) {
    if (err?.name !== "NotFoundError") throw err;
  }
}

async function putOpfs(record) {
  const dir = await opfsRoot();
  const { data, ...meta } = record;
  await removeOpfs(dir, META_FILE); // no meta while the image is written: a half-written one is never read
  writeFile(await openHandle(dir, IMAGE_FILE, true), new Uint8Array(data));
  writeFile(await openHandle(dir, META_FILE, true), new TextEncoder().encode(JSON.stringify(meta)));
}

async function dropOpfs() {
  let dir;
  try {
    dir = await opfsRoot();
  } catch {
    return; // no OPFS: nothing stored there
  }
  await removeOpfs(dir, META_FILE);
  await removeOpfs(dir, IMAGE_FILE);
}

// ---------------------------------------------------------------- requests
/** The SHA-256 of `data` (a Blob or an ArrayBuffer) in hex, or "" without WebCrypto. */
async function sha256(data) {
  if (!self.crypto?.subtle) return "";
  const bytes = data instanceof Blob ? await data.arrayBuffer() : data;
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Started now, before anyone asks: the page's other start-up work runs meanwhile. OPFS first; IndexedDB when
// OPFS is missing or holds nothing.
const stored = readOpfs().then((found) => found || readIndexedDb());
stored.catch(() => {}); // reported when asked

const ops = {
  async read(id) {
    const found = await stored;
    if (!found) return postMessage({ id, found: false });
    const { meta, bytes } = found;
    postMessage({ id, found: true, meta, bytes, sha256: await sha256(bytes) }, [bytes]);
  },
  async put(id, { record }) {
    const stamped = { ...record, sha256: await sha256(record.data), made: new Date().toISOString() };
    try {
      await putOpfs(stamped);
      await dropIndexedDb()?.catch(() => {}); // an older record there would only take room
    } catch {
      await dropOpfs().catch(() => {});
      await withStore("readwrite", (store) => store.put(stamped, RECORD));
    }
    postMessage({ id });
  },
  async drop(id) {
    const dropped = await Promise.allSettled([dropOpfs(), dropIndexedDb()]);
    const failed = dropped.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
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
