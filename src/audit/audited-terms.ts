// The humor candidates as audited terms: the surprise gate (rejected in seed 000) and its fluency
// safeguard, each scoring a reply after its context on real models. Failures stay failures.
import { errorMessage } from "../core/errors.js";
import type { Turn } from "../core/types.js";
import type { ModelClient } from "../models/spec.js";
import { fluency, fluencyOptions } from "../terms/humor/fluency.js";
import { surpriseGate, surpriseOptions } from "../terms/humor/surprise-gate.js";
import type { AuditedTerm, ReplyItem } from "./transform-audit.js";

export interface GateItem extends ReplyItem {
  /** The turns before the reply (the gate predicts continuations of them). */
  turns: Turn[];
  speaker: string;
}

/** Gate margin = min(d_ordinary − min_distance, d_ordinary − d_twist): ≥ 0 exactly when the gate passes. */
export function surpriseTerm(generator: ModelClient, embedder: ModelClient, options = surpriseOptions.parse({}), concurrency = 4): AuditedTerm {
  return {
    name: "surprise_gate",
    unit: "gate margin (embedding distance)",
    async score(items) {
      const out: { value: number | null; pass?: boolean; error?: string }[] = new Array(items.length);
      let next = 0;
      const worker = async () => {
        while (next < items.length) {
          const i = next++;
          const item = items[i] as GateItem;
          try {
            const d = await surpriseGate(generator, embedder, item.turns, item.reply, item.speaker, options);
            out[i] = { value: Math.min(d.dOrdinary - options.min_distance, d.dOrdinary - d.dTwist), pass: d.pass };
          } catch (err) {
            out[i] = { value: null, error: errorMessage(err) };
          }
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      return out;
    },
  };
}

/** −mean NLL per token (higher = more fluent), pass = NLL ≤ max_nll. */
export function fluencyTerm(client: ModelClient, options = fluencyOptions.parse({})): AuditedTerm {
  return {
    name: "fluency",
    unit: "−NLL (nats/token)",
    async score(items) {
      return Promise.all(
        items.map(async (it) => {
          try {
            const [r] = await fluency(client, [{ context: it.context, reply: it.reply }], options);
            return { value: -r.nll, pass: r.pass };
          } catch (err) {
            return { value: null, error: errorMessage(err) };
          }
        }),
      );
    },
  };
}
