// A model client that remembers every answer for the length of a run (top log-probs, continuation
// log-probs, embeddings), so a study that scores the same contexts under several settings asks the
// model once per distinct request. The studies' own memo, not the response cache: nothing is written.
import { canonicalJson } from "../../src/core/hash.js";
import type { ModelClient } from "../../src/models/spec.js";

export function memoClient(inner: ModelClient): ModelClient {
  const store = new Map<string, Promise<unknown>>();
  const key = (k: unknown[]) => canonicalJson(k);
  return {
    ...inner,
    topLogprobs: (prompt, k, o) => {
      const id = key(["top", prompt, k]);
      if (!store.has(id)) store.set(id, inner.topLogprobs(prompt, k, o));
      return store.get(id) as ReturnType<ModelClient["topLogprobs"]>;
    },
    continuationLogprobs: async (pairs, o) => {
      const missing = pairs.filter((p) => !store.has(key(["cont", p.context, p.continuation])));
      if (missing.length > 0) {
        const answers = inner.continuationLogprobs(missing, o);
        missing.forEach((p, i) =>
          store.set(
            key(["cont", p.context, p.continuation]),
            answers.then((a) => a[i]),
          ),
        );
      }
      return Promise.all(pairs.map((p) => store.get(key(["cont", p.context, p.continuation])) as Promise<Awaited<ReturnType<ModelClient["continuationLogprobs"]>>[number]>));
    },
    embed: async (texts, o) => {
      const missing = [...new Set(texts.filter((t) => !store.has(key(["emb", t]))))];
      if (missing.length > 0) {
        const answers = inner.embed(missing, o);
        missing.forEach((t, i) =>
          store.set(
            key(["emb", t]),
            answers.then((a) => a[i]),
          ),
        );
      }
      return Promise.all(texts.map((t) => store.get(key(["emb", t])) as Promise<number[]>));
    },
  };
}
