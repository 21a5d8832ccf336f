// The page's side of the AI Worker (web/ai-worker.js): starts it on demand and sends bot
// decisions and long tasks (the page ignores an answer that comes too late).
export class AiClient {
  /** @param {string} wheel the engine's wheel (the build's content-hashed path) */
  constructor(wheel) {
    this.wheel = wheel;
    /** @type {Worker | null} */
    this.worker = null;
    /** @type {"idle" | "starting" | "ready" | "failed"} */
    this.status = "idle";
    /** @type {unknown} */
    this.error = null;
    /** @type {Map<number, {resolve: (result: any) => void, reject: (error: unknown) => void}>} */
    this.pending = new Map();
    this.nextId = 1;
    /** @type {Promise<void> | null} */
    this.readyPromise = null;
  }

  /** Start the Worker (once); resolves when it is ready. */
  start() {
    if (this.readyPromise) return this.readyPromise;
    this.status = "starting";
    this.readyPromise = new Promise((/** @type {() => void} */ resolve, reject) => {
      let worker;
      try {
        worker = new Worker(new URL("./ai-worker.js", import.meta.url), { type: "module" });
      } catch (e) {
        this.fail(e, reject);
        return;
      }
      this.worker = worker;
      worker.onmessage = (ev) => {
        const msg = ev.data || {};
        if (msg.type === "ready") {
          this.status = "ready";
          if (globalThis.pyengineBoot) globalThis.pyengineBoot.worker = msg.boot; // how the Worker started
          resolve();
        }
        else if (msg.type === "failed") this.fail(new Error(msg.error), reject);
        else if (msg.type === "answer") {
          const p = this.pending.get(msg.id);
          if (p) { this.pending.delete(msg.id); p.resolve(msg.result); }
        }
      };
      worker.onerror = (ev) => { ev.preventDefault(); this.fail(new Error(ev.message || "the AI worker failed"), reject); };
      worker.postMessage({ type: "init", wheel: this.wheel });
    });
    this.readyPromise.catch(() => {});
    return this.readyPromise;
  }

  /** @param {unknown} error @param {((error: unknown) => void) | null} [reject] */
  fail(error, reject) {
    this.status = "failed";
    this.error = error;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
    if (reject) reject(error);
  }

  /** @param {object} message @returns {Promise<any>} the Worker's answer */
  async request(message) {
    await this.start();
    const id = this.nextId++;
    const worker = this.worker;
    if (!worker) throw this.error; // (a failed start rejects first)
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  }

  /** A bot's decision (pyengine.app.worker.choose). @param {unknown} job @returns {Promise<BotChoice>} */
  choose(job) { return this.request({ type: "choose", job }); }
  /** A long task (pyengine.app.worker.task). @param {string} name @param {Record<string, unknown>} args @returns {Promise<unknown>} */
  task(name, args) { return this.request({ type: "task", name, args }); }
}
