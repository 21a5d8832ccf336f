// When the browser refuses IndexedDB (a third-party iframe with storage blocked, some
// private modes), PyScript never starts: it opens a database when it is imported.  This
// installs a small in-memory stand-in for exactly the calls PyScript makes, so an embedded
// game still runs (nothing PyScript stores needs to outlive the page here).
function probe() {
  return new Promise((resolve) => {
    try {
      const req = indexedDB.open("pyengine-probe");
      req.onsuccess = () => { try { req.result.close(); } catch { /* ignore */ } resolve(true); };
      req.onerror = () => resolve(false);
      req.onblocked = () => resolve(true);
      setTimeout(() => resolve(true), 1500);
    } catch {
      resolve(false);
    }
  });
}

/**
 * A request of the stand-in: its result, and the handlers PyScript sets.
 * @typedef {{result: unknown, error: null, onsuccess: ((ev: object) => void) | null, onerror: ((ev: object) => void) | null,
 *   onupgradeneeded?: ((ev: object) => void) | null}} MemoryRequest
 * @typedef {{oncomplete: ((ev: object) => void) | null}} MemoryTransaction
 */

/** @param {unknown} result @returns {MemoryRequest} */
function request(result) {
  /** @type {MemoryRequest} */
  const req = { result, error: null, onsuccess: null, onerror: null };
  setTimeout(() => req.onsuccess && req.onsuccess({ target: req, type: "success" }), 0);
  return req;
}

class MemoryStore {
  constructor() {
    /** @type {Map<IDBValidKey, unknown>} */
    this.map = new Map();
  }
  count() { return request(this.map.size); }
  clear() { this.map.clear(); return request(undefined); }
  /** @param {IDBValidKey} key */
  delete(key) { this.map.delete(key); return request(undefined); }
  /** @param {IDBValidKey} key */
  get(key) { return request(this.map.get(key)); }
  /** @param {IDBValidKey} key */
  getKey(key) { return request(this.map.has(key) ? key : undefined); }
  getAllKeys() { return request([...this.map.keys()]); }
  /** @param {unknown} value @param {IDBValidKey} key */
  put(value, key) { this.map.set(key, value); return request(key); }
}

class MemoryDatabase {
  /** @param {string} name */
  constructor(name) {
    this.name = name;
    /** @type {Map<string, MemoryStore>} */
    this.stores = new Map();
  }
  get objectStoreNames() { return { length: this.stores.size, contains: (/** @type {string} */ n) => this.stores.has(n) }; }
  /** @param {string} name */
  createObjectStore(name) { const s = new MemoryStore(); this.stores.set(name, s); return s; }
  /** @returns {MemoryTransaction & {objectStore: (name: string) => MemoryStore}} (one for every store named) */
  transaction() {
    const db = this;
    return { objectStore: (/** @type {string} */ n) => db.stores.get(n) || db.createObjectStore(n), oncomplete: null };
  }
  close() {}
}

/** @type {Map<string, MemoryDatabase>} */
const databases = new Map();
const memoryIndexedDB = {
  /** @param {string} name */
  open(name) {
    const fresh = !databases.has(name);
    if (fresh) databases.set(name, new MemoryDatabase(name));
    const db = databases.get(name);
    /** @type {MemoryRequest} */
    const req = { result: db, error: null, onsuccess: null, onerror: null, onupgradeneeded: null };
    setTimeout(() => {
      if (fresh && req.onupgradeneeded) {
        /** @type {MemoryTransaction} */
        const transaction = { oncomplete: null };
        req.onupgradeneeded({ target: { result: db, transaction }, type: "upgradeneeded" });
        setTimeout(() => transaction.oncomplete && transaction.oncomplete({ type: "complete" }), 0);
      }
      if (req.onsuccess) req.onsuccess({ target: req, type: "success" });
    }, 0);
    return req;
  },
  /** @param {string} name */
  deleteDatabase(name) { databases.delete(name); return request(undefined); },
};

/** The stand-in, whatever the browser allows (PyScript's Worker: nothing it stores is kept). */
export function useMemoryIndexedDB() {
  Object.defineProperty(globalThis, "indexedDB", { value: memoryIndexedDB, configurable: true });
}

export async function ensureIndexedDB() {
  if (typeof indexedDB !== "undefined" && (await probe())) return false;
  Object.defineProperty(globalThis, "indexedDB", { value: memoryIndexedDB, configurable: true });
  return true;
}
