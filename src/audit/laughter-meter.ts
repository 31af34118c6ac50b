// L (nats) for audience contexts through the taste term's own code (laughterMass), memoized by the exact
// context string. Why memoize: on the v2 path a closed bait is stripped, so the audience sees the very
// same prompt as without it; scoring that prompt again would only measure server noise, which the noise
// probe measures on its own. A failed call is kept as an error for that context, never a number.
import { errorMessage } from "../core/errors.js";
import type { ModelClient } from "../models/spec.js";
import { laughterMass, type TasteOptions } from "../terms/humor/audience-taste.js";

export type Measured = { L: number } | { error: string };

export interface LaughterMeter {
  /** L for each context, in order; identical contexts are sent once. */
  measure(contexts: readonly string[]): Promise<Measured[]>;
  /** Distinct contexts sent to the model so far. */
  readonly distinct: number;
}

/** `batch` contexts are issued together (each is one request per laughter opener). */
export function createLaughterMeter(client: ModelClient, taste: TasteOptions, batch = 8): LaughterMeter {
  const memo = new Map<string, Promise<Measured>>();
  const one = (context: string): Promise<Measured> => {
    let hit = memo.get(context);
    if (!hit) {
      hit = laughterMass(client, [context], taste).then(
        ([m]) => ({ L: m.L }),
        (err: unknown) => ({ error: errorMessage(err) }),
      );
      memo.set(context, hit);
    }
    return hit;
  };
  return {
    async measure(contexts) {
      const out: Measured[] = [];
      for (let i = 0; i < contexts.length; i += batch) out.push(...(await Promise.all(contexts.slice(i, i + batch).map(one))));
      return out;
    },
    get distinct() {
      return memo.size;
    },
  };
}
