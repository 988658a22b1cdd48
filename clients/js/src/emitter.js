// A minimal event emitter that works the same in browsers and Node (no EventTarget quirks).
// `on` returns the function that unsubscribes, which is what UI code wants to keep.

export class Emitter {
  constructor() {
    this._handlers = new Map();
  }

  on(event, fn) {
    if (!this._handlers.has(event)) this._handlers.set(event, new Set());
    this._handlers.get(event).add(fn);
    return () => this.off(event, fn);
  }

  off(event, fn) {
    this._handlers.get(event)?.delete(fn);
  }

  emit(event, payload) {
    for (const fn of [...(this._handlers.get(event) ?? [])]) {
      try {
        fn(payload);
      } catch (err) {
        // one broken listener must not stop the frames of the others
        console.error(`longhall: a '${event}' listener failed`, err);
      }
    }
  }
}
