// The page's side of the AI Worker (web/ai-worker.js): starts it on demand and sends bot
// decisions and long tasks (the page ignores an answer that comes too late).
export class AiClient {
  constructor(wheel) {
    this.wheel = wheel;
    this.worker = null;
    this.status = "idle"; // idle | starting | ready | failed
    this.error = null;
    this.pending = new Map();
    this.nextId = 1;
    this.readyPromise = null;
  }

  start() {
    if (this.readyPromise) return this.readyPromise;
    this.status = "starting";
    this.readyPromise = new Promise((resolve, reject) => {
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

  fail(error, reject) {
    this.status = "failed";
    this.error = error;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
    if (reject) reject(error);
  }

  async request(message) {
    await this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  choose(job) { return this.request({ type: "choose", job }); }
  task(name, args) { return this.request({ type: "task", name, args }); }
}
