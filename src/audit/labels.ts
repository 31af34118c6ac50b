// Adjudicator labels for candidate validation (seed 000 §3: the surprise gate "failed the program's
// adjudicator-agreement check"): JSONL rows {turns, speaker?, a, b, label}, two replies to the same
// conversation and which one the adjudicator found funnier. The candidate term scores both replies
// from their text; agreement is the share of decided pairs it orders as the adjudicator.
import { z } from "zod";
import { InputError } from "../core/errors.js";
import type { AuditedTerm } from "./transform-audit.js";
import type { PairwiseLabel } from "./candidate-validation.js";
import type { GateItem } from "./audited-terms.js";
import { itemOf } from "./replies.js";

const labelRow = z
  .object({
    id: z.string().optional(),
    /** The conversation before the two replies. */
    turns: z.array(z.object({ speaker: z.string().min(1), text: z.string() }).loose()).min(1),
    /** Who speaks the replies (default "policy"). */
    speaker: z.string().min(1).default("policy"),
    a: z.string().min(1),
    b: z.string().min(1),
    label: z.enum(["a", "b", "tie"]),
  })
  .loose();

export interface LabelledPair {
  id: string;
  a: GateItem;
  b: GateItem;
  label: PairwiseLabel["label"];
}

export function parseLabels(rows: readonly unknown[], where: string): LabelledPair[] {
  if (rows.length === 0) throw new InputError(where, "holds no labelled pairs");
  return rows.map((raw, i) => {
    const parsed = labelRow.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new InputError(`${where} line ${i + 1}: ${issue.path.join(".") || "(root)"}`, issue.message);
    }
    const r = parsed.data;
    const id = r.id ?? `pair${i + 1}`;
    return { id, a: itemOf(`${id}/a`, r.turns, r.a, r.speaker), b: itemOf(`${id}/b`, r.turns, r.b, r.speaker), label: r.label };
  });
}

/** Scores both replies of every pair with the candidate; a failed score is an error, never a 0. */
export async function scoreLabels(term: AuditedTerm, pairs: readonly LabelledPair[]): Promise<PairwiseLabel[]> {
  const scores = await term.score(pairs.flatMap((p) => [p.a, p.b]));
  return pairs.map((p, i) => {
    const [a, b] = [scores[2 * i], scores[2 * i + 1]];
    for (const [side, s] of [
      ["a", a],
      ["b", b],
    ] as const) {
      if (s.value === null) throw new InputError(`labels ${p.id}.${side}`, `the candidate ${term.name} could not score this reply (${s.error ?? "no value"})`);
    }
    return { a: a.value!, b: b.value!, label: p.label };
  });
}
