// When the browser refuses IndexedDB (a third-party iframe with storage blocked, some
// private modes), PyScript never starts: it opens a database when it is imported.  This
// installs a small in-memory stand-in for exactly the calls PyScript makes, so an embedded
// game still runs (nothing PyScript stores needs to outlive the page here).
function probe() {
  return new Promise((resolve) => {
    try {
      const req = indexedDB.open("pyengine-probe");
      req.onsuccess = () => { try { req.result.close(); } catch (e) { /* ignore */ } resolve(true); };
      req.onerror = () => resolve(false);
      req.onblocked = () => resolve(true);
      setTimeout(() => resolve(true), 1500);
    } catch (e) {
      resolve(false);
    }
  });
}

function request(result) {
  const req = { result, error: null, onsuccess: null, onerror: null };
  setTimeout(() => req.onsuccess && req.onsuccess({ target: req, type: "success" }), 0);
  return req;
}

class MemoryStore {
  constructor() { this.map = new Map(); }
  count() { return request(this.map.size); }
  clear() { this.map.clear(); return request(undefined); }
  delete(key) { this.map.delete(key); return request(undefined); }
  get(key) { return request(this.map.get(key)); }
  getKey(key) { return request(this.map.has(key) ? key : undefined); }
  getAllKeys() { return request([...this.map.keys()]); }
  put(value, key) { this.map.set(key, value); return request(key); }
}

class MemoryDatabase {
  constructor(name) { this.name = name; this.stores = new Map(); }
  get objectStoreNames() { return { length: this.stores.size, contains: (n) => this.stores.has(n) }; }
  createObjectStore(name) { const s = new MemoryStore(); this.stores.set(name, s); return s; }
  transaction(name) {
    const db = this;
    return { objectStore: (n) => db.stores.get(n) || db.createObjectStore(n), oncomplete: null };
  }
  close() {}
}

const databases = new Map();
const memoryIndexedDB = {
  open(name) {
    const fresh = !databases.has(name);
    if (fresh) databases.set(name, new MemoryDatabase(name));
    const db = databases.get(name);
    const req = { result: db, error: null, onsuccess: null, onerror: null, onupgradeneeded: null };
    setTimeout(() => {
      if (fresh && req.onupgradeneeded) {
        const transaction = { oncomplete: null };
        req.onupgradeneeded({ target: { result: db, transaction }, type: "upgradeneeded" });
        setTimeout(() => transaction.oncomplete && transaction.oncomplete({ type: "complete" }), 0);
      }
      if (req.onsuccess) req.onsuccess({ target: req, type: "success" });
    }, 0);
    return req;
  },
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
