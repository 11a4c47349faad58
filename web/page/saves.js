// Durable saves: the one place the app's saves touch IndexedDB. Raw reads and writes, plus the one rule
// the scripts that run before Python need: which copy of a save wins (`winner`). What to keep, migrate or
// mirror is decided in Python (web/engine/app/storage/opening.py), whose `winner` is this same rule.
//
// Chromium commits localStorage to disk on a timer (a killed browser loses the last seconds of writes);
// a completed IndexedDB transaction survives (docs/decisions.md). So a save counts only once `write()`
// has resolved.
//
// A page that goes (a reload, a closed tab) cuts the transactions it has not finished. So on `pagehide` and
// when the page is hidden, what is not confirmed yet (the writes in flight, the values held back: `hold`) is
// copied synchronously where the start already looks: localStorage with the fallback stamps, each stamped
// with its record's time, so that `winner` takes it when it is newer than IndexedDB's copy. Once a later
// write of the same key has completed, the copy is taken back.
//
// Database `uno-saves`, object store `saves`: key -> {v: 1, at: ms, data: "<JSON text>"}, plus a
// `meta` record. Plain values only (strings, objects): WebKit refuses Blobs in ephemeral sessions.
//
// window.unoSaves:
//   read():  Promise<{records: {key: record}} | {error: "..."}>, started at once when this script runs
//   write(puts, deletes): Promise, resolved when the transaction has completed, rejected with a message
//   put(key, text): one save, stored as a record made now, same promise
//   hold(puts): {key: record} the page shows and the app writes later (a typed total): copied if the page goes
//   keepUnsaved(): the copy itself (called on pagehide and when hidden)
//   getMany(keys): Promise<{key: record | null}> (what another tab has just saved)
//   winner(record, local, stamp, migrating): [source, value], see below
//   startValue(key, records, migrating): {source, value, local}, `winner` on this page's localStorage

const DB = "uno-saves";
const STORE = "saves";
const VERSION = 1; // of the record format {v, at, data}
const FALLBACK_STAMPS_KEY = "uno.saves.fallback"; // localStorage: {key: ms} of saves written while falling back
const OPEN_TIMEOUT_MS = 5000; // an open that never settles (blocked, or a browser bug) counts as unavailable
// The saves whose start takes the newer of IndexedDB's and localStorage's copies (`winner`): the app's
// (`owned` in web/engine/app/storage/core.py) and the shell's language; not the typing journal's records.
const COPIED = /^uno\.(score|play)\.|^uno\.lang$/;

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
  // Commit now, not once the requests' answers have come back to this thread: a page that goes right after a
  // save (a reload under a slow CPU) otherwise cut the transaction (docs/decisions.md).
  if (mode === "readwrite" && typeof tx.commit === "function") tx.commit();
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

// What is not confirmed yet, in the order it came: a later completed write of a key settles what came before.
let order = 0; // the number of the last write
const unsaved = new Map(); // write number -> {puts, deletes, at}, until its transaction has settled
const held = new Map(); // key -> {record, after}: held after write number `after`
const copied = new Map(); // key -> the order of what keepUnsaved() copied to localStorage (a hold: after + 0.5)

async function write(puts, deletes = []) {
  const number = ++order;
  unsaved.set(number, { puts: puts || {}, deletes: deletes || [], at: Date.now() });
  try {
    await transact("readwrite", (store) => {
      for (const [key, record] of Object.entries(puts || {})) store.put(record, key);
      for (const key of deletes || []) store.delete(key);
    });
  } catch (err) {
    throw new Error(describe(err)); // the app falls back to localStorage itself (core.Saves)
  } finally {
    unsaved.delete(number);
  }
  settled(number, [...Object.keys(puts || {}), ...(deletes || [])]);
}

/** Write `number`, holding `keys`, is on disk: the holds and copies of those keys that came before it are done. */
function settled(number, keys) {
  const done = [];
  for (const key of keys) {
    if (held.has(key) && held.get(key).after < number) held.delete(key);
    if (copied.has(key) && copied.get(key) <= number) {
      copied.delete(key);
      done.push(key);
    }
  }
  if (!done.length) return;
  try {
    const stamps = fallbackStamps();
    for (const key of done) {
      delete stamps[key];
      localStorage.removeItem(key); // a mirrored key (a picture, the language) is mirrored again by its writer
    }
    storeStamps(stamps);
  } catch (err) {
    console.warn(`uno saves: could not take back the copy of ${done}: ${describe(err)}`);
  }
}

function hold(puts) {
  for (const [key, record] of Object.entries(puts || {})) held.set(key, { record, after: order });
}

/** The newest unconfirmed value of each copied key: {key: [order, text or null (deleted), stamp]}. */
function unconfirmed() {
  const newest = {};
  for (const [number, { puts, deletes, at }] of unsaved) {
    for (const [key, record] of Object.entries(puts)) {
      const readable = readRecord(record);
      if (readable && COPIED.test(key)) newest[key] = [number, readable[0], readable[1]];
    }
    for (const key of deletes) if (COPIED.test(key)) newest[key] = [number, null, at];
  }
  for (const [key, { record, after }] of held) {
    const readable = readRecord(record);
    if (readable && COPIED.test(key) && !(newest[key]?.[0] > after)) newest[key] = [after + 0.5, ...readable];
  }
  return newest;
}

/** Copy what is not confirmed to localStorage with its stamps, synchronously (the page may be going). */
function keepUnsaved() {
  const newest = Object.entries(unconfirmed());
  if (!newest.length) return;
  try {
    const stamps = fallbackStamps();
    for (const [key, [place, text, stamp]] of newest) {
      if (stamps[key] > stamp && !copied.has(key)) continue; // a newer fallback save of the app's own
      if (text === null) localStorage.removeItem(key);
      else localStorage.setItem(key, text);
      stamps[key] = stamp;
      copied.set(key, place);
    }
    storeStamps(stamps);
  } catch (err) {
    console.error(`uno saves: could not keep the unsaved copy: ${describe(err)}`); // full or blocked
  }
}

/** {key: ms} of the saves kept in localStorage as the fallback copy (unreadable: none). */
function fallbackStamps() {
  try {
    const stamps = JSON.parse(localItem(FALLBACK_STAMPS_KEY) || "{}");
    return stamps && typeof stamps === "object" && !Array.isArray(stamps) ? stamps : {};
  } catch {
    return {};
  }
}

function storeStamps(stamps) {
  if (Object.keys(stamps).length) localStorage.setItem(FALLBACK_STAMPS_KEY, JSON.stringify(stamps));
  else localStorage.removeItem(FALLBACK_STAMPS_KEY);
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
  return fallbackStamps()[key] ?? null;
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
  hold,
  keepUnsaved,
  getMany,
  winner,
  startValue,
  migrated: (records) => records.meta?.migrated === true, // older localStorage saves moved in already
  FALLBACK_STAMPS_KEY,
};

if (typeof addEventListener === "function" && typeof document !== "undefined") {
  addEventListener("pagehide", keepUnsaved);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keepUnsaved();
  });
}
