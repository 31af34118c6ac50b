// The "vrcli" stack (SPEC §8): scores bank rows whose `output` is a policy completion with a
// <think> block, against the gold punchline, through a fixed reference LM (model role "reference").
// Row contract: the joke's setup is `prompt` (a string, or chat messages whose last user message is
// the setup); the gold punchline is `meta.punchline` (accepted too: a top-level `label` or `answer`
// string, the shapes OpenRLHF and verl datasets carry).
import { z } from "zod";
import { InputError } from "../core/errors.js";
import { hashOf } from "../core/hash.js";
import type { BankRow, Score } from "../core/types.js";
import { scoreVrcli, vrcliMeta, vrcliOptions, type VrcliItem } from "../terms/vrcli/term.js";
import { VRCLI_TEMPLATE } from "../terms/vrcli/template.js";
import { instrumentModel } from "../models/spec.js";
import type { Instrument, ModelRoles, Scorer, StackDefinition } from "./types.js";

export const VRCLI_STACK_VERSION = "1";

/** Rows per reference batch: a GRPO group is usually ≤ 16 samples; this bounds memory, not correctness. */
const BATCH_ROWS = 64;

export function setupOf(row: BankRow): string | undefined {
  const prompt = row.prompt ?? (typeof row.input === "string" || Array.isArray(row.input) ? (row.input as BankRow["prompt"]) : undefined);
  if (typeof prompt === "string") return prompt;
  if (Array.isArray(prompt)) return [...prompt].reverse().find((m) => m.role === "user")?.content;
  return undefined;
}

export function goldPunchlineOf(row: BankRow): string | undefined {
  const candidates = [row.meta?.punchline, row.label, row.answer];
  return candidates.find((c): c is string => typeof c === "string" && c.trim() !== "");
}

export const vrcliStack: StackDefinition<z.infer<typeof vrcliOptions>, BankRow> = {
  name: "vrcli",
  description: vrcliMeta.description,
  rowKind: "bank",
  options: vrcliOptions,
  modelRoles: ["reference"],
  create(options, models: ModelRoles): Scorer<BankRow> {
    const reference = models.reference;
    if (!reference) throw new InputError("models.reference", 'the vrcli stack needs a model for role "reference" (the fixed reference LM)');
    const body = {
      stack: "vrcli",
      version: VRCLI_STACK_VERSION,
      options: { ...options, template: VRCLI_TEMPLATE },
      models: { reference: instrumentModel(reference.spec) },
    };
    const instrument: Instrument = { ...body, hash: hashOf(body) };
    return {
      instrument,
      rowKind: "bank",
      async scoreRows(rows, ctx = {}) {
        const scores: Score[] = new Array(rows.length);
        let done = 0;
        for (let start = 0; start < rows.length; start += BATCH_ROWS) {
          const chunk = rows.slice(start, start + BATCH_ROWS);
          const items: VrcliItem[] = [];
          const itemRow: number[] = [];
          chunk.forEach((row, i) => {
            const setup = setupOf(row);
            const punchline = goldPunchlineOf(row);
            const missing = setup === undefined ? "no setup: `prompt` must be the setup string or chat messages with a user turn" : punchline === undefined ? "no gold punchline: set meta.punchline (or label/answer)" : undefined;
            if (missing) {
              scores[start + i] = { value: null, terms: { vrcli: { value: null, error: missing } }, instrument: instrument.hash, error: `row ${row.id}: ${missing}` };
              return;
            }
            if (typeof row.output !== "string") {
              const problem = "`output` must be a string";
              scores[start + i] = { value: null, terms: { vrcli: { value: null, error: problem } }, instrument: instrument.hash, error: `row ${row.id}: ${problem}` };
              return;
            }
            items.push({ setup: setup as string, punchline: punchline as string, completion: row.output });
            itemRow.push(start + i);
          });
          const outcomes = await scoreVrcli(reference, items, { ...options, signal: ctx.signal });
          outcomes.forEach((outcome, k) => {
            const details = { ...outcome.details } as Record<string, unknown>;
            scores[itemRow[k]] = {
              value: outcome.value,
              terms: { vrcli: { value: outcome.value, details, ...(outcome.error ? { error: outcome.error } : {}) } },
              instrument: instrument.hash,
              ...(outcome.error ? { error: outcome.error } : {}),
            };
          });
          done += chunk.length;
          ctx.onProgress?.(done, rows.length);
        }
        return scores;
      },
    };
  },
};
