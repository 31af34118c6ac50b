// AUC(real > transformed) for any term (SPEC §5; seed 000: surprise gate 0.511, fluency NLL 1.000). The
// term is a function from items to numbers where higher means "more like a real reply" (pass margins for
// gates, −NLL for fluency). The AUC is the unpaired Mann–Whitney one the seed reports, with DeLong's
// interval; beside it, the paired share (each reply against its own transform), and pass counts for gates.
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
  /** Each reply against its own transform: share where the real one scores higher (ties ½), Wilson CI. */
  paired: { wins: number; ties: number; n: number; share: number; ci: [number, number] } | null;
  /** For gates: how many real and transformed replies passed. */
  pass: { real: Proportion; transformed: Proportion } | null;
  examples: { real: string; transformed: string }[];
}

function pairedWins(real: readonly number[], fake: readonly number[]): TransformAuditResult["paired"] {
  if (real.length === 0) return null;
  const wins = real.filter((r, i) => r > fake[i]).length;
  const ties = real.filter((r, i) => r === fake[i]).length;
  const share = (wins + ties / 2) / real.length;
  return { wins, ties, n: real.length, share, ci: wilsonCi(Math.round(wins + ties / 2), real.length).ci };
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
    paired: pairedWins(pos, neg),
    pass: gate && ok.length > 0 ? { real: wilsonCi(ok.filter((i) => real[i].pass).length, ok.length), transformed: wilsonCi(ok.filter((i) => fake[i].pass).length, ok.length) } : null,
    examples: ok.slice(0, 3).map((i) => ({ real: items[i].reply, transformed: transformed[i].reply })),
  };
}
