// MSW 3's `msw/node` relies on Promise.withResolvers, which Node 20 lacks (it arrived in Node 22).
// See ../shared/guides/browser-testing.md. Remove once the project requires Node 22.
if (typeof Promise.withResolvers !== 'function') {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value: function withResolvers<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

// MSW 3's `server.resetHandlers()` uses Set.prototype.intersection / difference (Node 22+; browsers
// have them). Without these, resetHandlers throws "currentHandlers.intersection is not a function"
// on Node 20. Minimal versions for Set arguments, which is all MSW passes.
for (const [name, keep] of [
  ['intersection', true],
  ['difference', false],
] as const) {
  if (!(name in Set.prototype)) {
    Object.defineProperty(Set.prototype, name, {
      configurable: true,
      writable: true,
      value: function <T>(this: Set<T>, other: { has(value: T): boolean }): Set<T> {
        const result = new Set<T>();
        for (const value of this) if (other.has(value) === keep) result.add(value);
        return result;
      },
    });
  }
}
