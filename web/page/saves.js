// Durable saves: the one place the app's saves touch IndexedDB. Raw reads and writes, plus the one rule
// the scripts that run before Python need: which copy of a save wins (`winner`). What to keep, migrate or
// mirror is decided in Python (web/engine/app/storage/opening.py), whose `winner` is this same rule.
//
// Chromium commits localStorage to disk on a timer (a killed browser loses the last seconds of writes);
// a completed IndexedDB transaction survives (docs/decisions.md). So a save counts only once `write()`
// has resolved.
//
// Database `uno-saves`, object store `saves`: key -> {v: 1, at: ms, data: "<JSON text>"}, plus a
// `meta` record. Plain values only (strings, objects): WebKit refuses Blobs in ephemeral sessions.
//
// window.unoSaves:
//   read():  Promise<{records: {key: record}} | {error: "..."}>, started at once when this script runs
//   write(puts, deletes): Promise, resolved when the transaction has completed, rejected with a message
//   put(key, text): one save, stored as a record made now, same promise
//   getMany(keys): Promise<{key: record | null}> (what another tab has just saved)
//   winner(record, local, stamp, migrating): [source, value], see below
//   startValue(key, records, migrating): {source, value, local}, `winner` on this page's localStorage

const DB = "uno-saves";
const STORE = "saves";
const VERSION = 1; // of the record format {v, at, data}
const FALLBACK_STAMPS_KEY = "uno.saves.fallback"; // localStorage: {key: ms} of saves written while falling back
const OPEN_TIMEOUT_MS = 5000; // an open that never settles (blocked, or a browser bug) counts as unavailable

let connection = null;

function openDb() {
  if (connection) return connection;
  connection = new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined" || !indexedDB) {
      reject(new Error("IndexedDB is not available"));
      return;
    }
    const timer = setTimeout(() => reject(new Error("IndexedDB did not open in time")), OPEN_TIMEOUT_MS);
    let req;
    try {
      req = indexedDB.open(DB, 1);
    } catch (err) {
      clearTimeout(timer);
      reject(err);
      return;
    }
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onblocked = () => console.warn("uno saves: the database is blocked by another tab");
    req.onerror = () => { clearTimeout(timer); reject(req.error || new Error("IndexedDB open failed")); };
    req.onsuccess = () => {
      clearTimeout(timer);
      const db = req.result;
      db.onversionchange = () => { db.close(); connection = null; }; // let a newer version upgrade
      db.onclose = () => { connection = null; };
      resolve(db);
    };
  });
  connection.catch(() => { connection = null; });
  return connection;
}

function describe(err) {
  return err ? `${err.name || "Error"}: ${err.message || err}` : "unknown error";
}

async function transact(mode, use) {
  const db = await openDb();
  const tx = mode === "readwrite"
    ? db.transaction(STORE, mode, { durability: "strict" }) // flushed to disk before `complete`
    : db.transaction(STORE, mode);
  const result = use(tx.objectStore(STORE));
  await new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("transaction aborted"));
  });
  return result;
}

async function readAll() {
  const records = {};
  await transact("readonly", (store) => {
    const req = store.openCursor();
    req.onsuccess = () => {
      const cursor = req.result;
      if (!cursor) return;
      records[String(cursor.key)] = cursor.value;
      cursor.continue();
    };
  });
  return records;
}

async function write(puts, deletes = []) {
  try {
    await transact("readwrite", (store) => {
      for (const [key, record] of Object.entries(puts || {})) store.put(record, key);
      for (const key of deletes || []) store.delete(key);
    });
  } catch (err) {
    throw new Error(describe(err));
  }
}

/** {key: record or null} for each of `keys`, in one transaction (another tab's saves, see BroadcastChannel). */
async function getMany(keys) {
  const requests = {};
  await transact("readonly", (store) => { for (const key of keys) requests[key] = store.get(key); });
  return Object.fromEntries(Object.entries(requests).map(([key, req]) => [key, req.result ?? null]));
}

/** [data, at] of a stored record, or null when it is not one this version can read. */
function readRecord(value) {
  if (!value || typeof value !== "object" || value.v !== VERSION) return null;
  return typeof value.data === "string" && Number.isInteger(value.at) ? [value.data, value.at] : null;
}

/**
 * Which copy of one save to start from: the IndexedDB `record` wins over the `local` (localStorage) copy,
 * except a save or removal made while falling back (`stamp`, ms) after the record was written; a local
 * value with no record counts only while `migrating` (else it is a stale mirror).
 * Returns [source, value]: "fallback" | "deleted" | "record" | "migrate" | "none", and the text or null.
 */
function winner(record, local, stamp, migrating) {
  const readable = readRecord(record ?? null);
  const stamped = Number.isInteger(stamp);
  if (local !== null && stamped && (readable === null || stamp > readable[1])) return ["fallback", local];
  if (local === null && stamped && readable !== null && stamp > readable[1]) return ["deleted", null];
  if (readable !== null) return ["record", readable[0]];
  if (local !== null && migrating) return ["migrate", local];
  return ["none", null];
}

function localItem(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // blocked: reads as empty
  }
}

function fallbackStamp(key) {
  try {
    const stamps = JSON.parse(localItem(FALLBACK_STAMPS_KEY) || "{}");
    return stamps && typeof stamps === "object" ? stamps[key] ?? null : null;
  } catch {
    return null;
  }
}

/** `winner` for `key` between `records` (from read()) and this page's localStorage. */
function startValue(key, records, migrating) {
  const local = localItem(key);
  const [source, value] = winner(records[key], local, fallbackStamp(key), migrating);
  return { source, value, local };
}

const reading = readAll().then((records) => ({ records }), (err) => ({ error: describe(err) }));

globalThis.unoSaves = {
  read: () => reading,
  write,
  put: (key, data) => write({ [key]: { v: VERSION, at: Date.now(), data } }),
  getMany,
  winner,
  startValue,
  migrated: (records) => records.meta?.migrated === true, // older localStorage saves moved in already
  FALLBACK_STAMPS_KEY,
};
