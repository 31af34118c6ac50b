// Identity-controlled contamination probe (SPEC §5, seed 000 §3): score the same policy turn twice, once
// on the transcript as it is and once with the partner's laughter removed (v3 vocabulary, every
// non-policy speaker; an all-laughter turn becomes "…"), and nothing else changed. The effect (taste
// units) is split by whether a partner laugh preceded the turn; seed: +0.1024 (t = 9.26, n = 416) after a
// partner laugh, +0.0024 (t = 0.70, n = 584) otherwise, on the pre-fix path. A path that normalizes every
// speaker (v2) should read about 0 — exactly 0 when its vocabulary covers the partner's laughs.
import { InputError } from "../core/errors.js";
import type { Turn } from "../core/types.js";
import type { ModelClient } from "../models/spec.js";
import { oneSampleT } from "../stats/mean-ci.js";
import { tasteUnits, type TasteOptions } from "../terms/humor/audience-taste.js";
import { ALL_LAUGHTER_PLACEHOLDER, containsLaughter, loadLaughterVocab, stripLaughter } from "../text/laughter/index.js";
import { contextsFromTranscripts, type ProbeContext } from "./contexts.js";
import { createLaughterMeter, type LaughterMeter } from "./laughter-meter.js";
import { pathContext, type ScoringPath } from "./paths.js";

export interface EffectSummary {
  n: number;
  /** Mean taste(as is) − taste(partner laughter removed), taste units. */
  mean: number | null;
  t: number | null;
  p: number | null;
  ci: [number, number] | null;
  /** The same effect in nats of L. */
  meanNats: number | null;
}

export interface ContaminationResult {
  unit: "taste units";
  contexts: number;
  failed: number;
  /** Contexts where a partner laugh preceded the policy turn. */
  afterPartnerLaugh: number;
  paths: Record<string, { afterPartnerLaugh: EffectSummary; otherwise: EffectSummary }>;
}

/** The transcript with every non-policy speaker's laughter removed (the control arm). */
export function withoutPartnerLaughter(turns: readonly Turn[], policySpeaker = "policy"): Turn[] {
  const vocab = loadLaughterVocab("v3");
  return turns.map((t) => {
    if (t.speaker === policySpeaker) return { ...t };
    const s = stripLaughter(t.text, vocab);
    return s.removed.length === 0 ? { ...t } : { ...t, text: s.allLaughter ? ALL_LAUGHTER_PLACEHOLDER : s.text };
  });
}

export function partnerLaughPreceded(context: ProbeContext, policySpeaker = "policy"): boolean {
  const vocab = loadLaughterVocab("v3");
  return context.turns.slice(0, context.index).some((t) => t.speaker !== policySpeaker && containsLaughter(t.text, vocab));
}

/**
 * Up to `limit` policy turns from every turn of the bank, half after a partner laugh and half not (or as
 * many as there are): partner laughs are rare, and an unstratified draw would leave that arm nearly empty.
 */
export function contaminationContexts(rows: Parameters<typeof contextsFromTranscripts>[0], limit: number, policySpeaker = "policy"): ProbeContext[] {
  const every = contextsFromTranscripts(rows, Number.MAX_SAFE_INTEGER, policySpeaker);
  const after = every.filter((c) => partnerLaughPreceded(c, policySpeaker));
  const otherwise = every.filter((c) => !partnerLaughPreceded(c, policySpeaker));
  const half = Math.ceil(limit / 2);
  const a = after.slice(0, Math.max(half, limit - otherwise.length));
  return [...a, ...otherwise.slice(0, limit - a.length)];
}

function summarize(effects: readonly { taste: number; nats: number }[]): EffectSummary {
  if (effects.length < 2) return { n: effects.length, mean: effects[0]?.taste ?? null, t: null, p: null, ci: null, meanNats: effects[0]?.nats ?? null };
  const r = oneSampleT(
    effects.map((e) => e.taste),
    0,
  );
  return { n: r.n, mean: r.mean, t: Number.isFinite(r.t) ? r.t : null, p: Number.isFinite(r.p) ? r.p : null, ci: r.ci, meanNats: effects.reduce((s, e) => s + e.nats, 0) / effects.length };
}

export async function runContaminationProbe(options: {
  client: ModelClient;
  contexts: readonly ProbeContext[];
  paths: readonly ScoringPath[];
  taste: TasteOptions;
  policySpeaker?: string;
  meter?: LaughterMeter;
  onProgress?: (done: number, total: number) => void;
}): Promise<ContaminationResult> {
  const { contexts, paths, taste, policySpeaker = "policy" } = options;
  if (contexts.length === 0) throw new InputError("contexts", "is empty: the contamination probe needs at least one context");
  const meter = options.meter ?? createLaughterMeter(options.client, taste);
  const preceded = contexts.map((c) => partnerLaughPreceded(c, policySpeaker));
  const out: ContaminationResult["paths"] = {};
  let failed = 0;
  let done = 0;
  for (const path of paths) {
    const asIs = await meter.measure(contexts.map((c) => pathContext(path, c.turns, c.index, policySpeaker)));
    const control = await meter.measure(contexts.map((c) => pathContext(path, withoutPartnerLaughter(c.turns, policySpeaker), c.index, policySpeaker)));
    const after: { taste: number; nats: number }[] = [];
    const otherwise: { taste: number; nats: number }[] = [];
    contexts.forEach((_, i) => {
      const a = asIs[i];
      const b = control[i];
      if (!("L" in a) || !("L" in b)) return void failed++;
      const e = { taste: tasteUnits(a.L, taste.L_lo, taste.L_hi) - tasteUnits(b.L, taste.L_lo, taste.L_hi), nats: a.L - b.L };
      (preceded[i] ? after : otherwise).push(e);
    });
    out[path.name] = { afterPartnerLaugh: summarize(after), otherwise: summarize(otherwise) };
    options.onProgress?.(++done, paths.length);
  }
  return { unit: "taste units", contexts: contexts.length, failed, afterPartnerLaugh: preceded.filter(Boolean).length, paths: out };
}
