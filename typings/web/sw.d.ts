// What web/sw.js uses of a service worker's global scope.  The "webworker" library would give it
// all, but it cannot be loaded beside "dom" in one program; these are its declarations, cut to
// what the worker uses.
interface SwExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SwFetchEvent extends SwExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface SwGlobalScope {
  readonly location: Location;
  readonly registration: { readonly active: object | null };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: SwExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: SwFetchEvent) => void): void;
}
