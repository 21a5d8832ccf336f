// PyScript opens an IndexedDB database as it is imported (on the page, for `pyscript.fs`'s
// directory handles; in its Worker, for a package cache), and never starts where the browser
// refuses IndexedDB (a third-party iframe with storage blocked, some private modes).  We use
// neither, so PyScript gets a small in-memory stand-in for exactly the calls it makes: in the
// Worker for good, on the page only while PyScript's module is evaluated.  The page opens no
// real database for PyScript at all: a new visitor's first database takes the browser about
// 0.2 s to create, and that was on the way to the engine's start.
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

/**
 * Run `load` (the page's import of PyScript) with the stand-in as `indexedDB`, then give the page
 * back the browser's own.
 * @template T
 * @param {() => Promise<T>} load
 * @returns {Promise<T>}
 */
export async function withMemoryIndexedDB(load) {
  const own = Object.getOwnPropertyDescriptor(globalThis, "indexedDB");
  useMemoryIndexedDB();
  try {
    return await load();
  } finally {
    if (own) Object.defineProperty(globalThis, "indexedDB", own);
    else delete (/** @type {{indexedDB?: unknown}} */ (globalThis)).indexedDB;
  }
}
