// The one way src/terms, src/text and src/onset keep data at module level (issue 34): immutable data read
// once — a shipped table, a lazily required module, a pattern compiled on first use — made by `once`
// on first use and never changed after. Anything that changes with use (a memo, a cache, scratch
// buffers, a numbering) belongs to an engine object a scorer or a run owns (test/stacks/module-state.test.ts).

/** `make()` on the first call, the same value on every call after; `make` must not depend on anything that changes. */
export function once<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}
