// AUC(real > transformed) for any term (SPEC §5; seed 000: surprise gate 0.511, fluency NLL 1.000). The
// term is a function from items to numbers where higher means "more like a real reply" (pass margins for
// gates, −NLL for fluency). Each item is paired with its own transform; the AUC is the unpaired
// Mann–Whitney one the seed reports, with DeLong's interval; pass counts are given for gates.
import { InputError } from "../core/errors.js";
import { auc, type AucResult } from "../stats/auc.js";
import { wilsonCi, type Proportion } from "../stats/proportion.js";
import { applyTransform, type TransformName } from "./transforms.js";

export interface ReplyItem {
  id: string;
  /** The audience-style prompt the reply follows (ends with the replier's tag, e.g. "\nSam:"). */
  context: string;
  reply: string;
}

/** A term under audit: one number per item (null + error on a failure), higher = more real-like. */
export interface AuditedTerm {
  name: string;
  /** What the number is ("−NLL nats/token", "gate margin"). */
  unit: string;
  score(items: readonly ReplyItem[]): Promise<{ value: number | null; pass?: boolean; error?: string }[]>;
}

export interface TransformAuditResult {
  term: string;
  unit: string;
  transform: TransformName;
  n: number;
  failed: number;
  auc: AucResult | null;
  /** For gates: how many real and transformed replies passed. */
  pass: { real: Proportion; transformed: Proportion } | null;
  examples: { real: string; transformed: string }[];
}

export async function runTransformAudit(term: AuditedTerm, items: readonly ReplyItem[], transform: TransformName, seed = 0): Promise<TransformAuditResult> {
  if (items.length < 2) throw new InputError("items", `the transform audit needs at least 2 replies, got ${items.length}`);
  const transformed = items.map((it) => ({ ...it, id: `${it.id}~${transform}`, reply: applyTransform(transform, it.reply, `${seed}/${it.id}`) }));
  const [real, fake] = await Promise.all([term.score(items), term.score(transformed)]);
  const ok = items.flatMap((_, i) => (real[i].value !== null && fake[i].value !== null ? [i] : []));
  const pos = ok.map((i) => real[i].value!);
  const neg = ok.map((i) => fake[i].value!);
  const gate = real.every((r) => r.pass !== undefined || r.value === null);
  return {
    term: term.name,
    unit: term.unit,
    transform,
    n: ok.length,
    failed: items.length - ok.length,
    auc: ok.length >= 2 ? auc(pos, neg) : null,
    pass:
      gate && ok.length > 0
        ? { real: wilsonCi(ok.filter((i) => real[i].pass).length, ok.length), transformed: wilsonCi(ok.filter((i) => fake[i].pass).length, ok.length) }
        : null,
    examples: ok.slice(0, 3).map((i) => ({ real: items[i].reply, transformed: transformed[i].reply })),
  };
}
