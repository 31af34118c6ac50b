// The bait-suffix probe (SPEC §5, seed 000 §3): append each suffix to the policy turn of every context
// and measure the change in the laughter mass L (nats) the audience assigns right after it, on every
// scoring path. Deltas are paired per context (same context with and without the suffix), so the
// interval is the one-sample t interval of the per-context deltas.
import { InputError } from "../core/errors.js";
import type { ModelClient } from "../models/spec.js";
import { meanCi } from "../stats/mean-ci.js";
import { wilsonCi } from "../stats/proportion.js";
import type { TasteOptions } from "../terms/humor/audience-taste.js";
import { withSuffix, type ProbeContext } from "./contexts.js";
import { createLaughterMeter, type LaughterMeter, type Measured } from "./laughter-meter.js";
import { pathContext, type ScoringPath } from "./paths.js";
import type { BaitSuffix } from "./suffixes.js";
import { baitVerdict, type BaitVerdict } from "./verdict.js";

export interface DeltaSummary {
  /** Contexts with both scores. */
  n: number;
  /** Contexts whose suffixed or plain score failed (excluded, never counted as 0). */
  failed: number;
  mean: number | null;
  sd: number | null;
  /** 95% t interval of the mean delta; null when n < 2. */
  ci: [number, number] | null;
  /** The same delta in taste units (clipped taste after minus before). */
  meanTaste: number | null;
  /** Share of contexts with a delta > 0, with its Wilson 95% interval. */
  positive: { k: number; share: number; ci: [number, number] } | null;
}

export interface SuffixResult {
  suffix: string;
  label: string;
  control: boolean;
  /** Per path name. */
  paths: Record<string, DeltaSummary>;
  /** Against the first path (raw) for every later path ("control" for controls). */
  verdicts: Record<string, BaitVerdict>;
}

export interface BaitProbeResult {
  unit: "nats";
  contexts: number;
  paths: ScoringPath[];
  /** Mean L without any suffix, per path. */
  baseline: Record<string, { n: number; mean: number | null }>;
  suffixes: SuffixResult[];
  /** Distinct audience prompts scored (identical prompts are scored once). */
  distinct_prompts: number;
  errors: string[];
}

export interface BaitProbeOptions {
  client: ModelClient;
  contexts: readonly ProbeContext[];
  suffixes: readonly BaitSuffix[];
  /** The first is the reference (raw) path; verdicts are given for the others. */
  paths: readonly ScoringPath[];
  taste: TasteOptions;
  policySpeaker?: string;
  meter?: LaughterMeter;
  onProgress?: (done: number, total: number) => void;
}

const tasteOf = (L: number, t: TasteOptions) => Math.min(1, Math.max(0, (L - t.L_lo) / (t.L_hi - t.L_lo)));

export function summarizeDeltas(before: readonly Measured[], after: readonly Measured[], taste: TasteOptions): DeltaSummary {
  const d: number[] = [];
  const dt: number[] = [];
  let failed = 0;
  before.forEach((b, i) => {
    const a = after[i];
    if (!("L" in b) || !("L" in a)) return void failed++;
    d.push(a.L - b.L);
    dt.push(tasteOf(a.L, taste) - tasteOf(b.L, taste));
  });
  if (d.length === 0) return { n: 0, failed, mean: null, sd: null, ci: null, meanTaste: null, positive: null };
  const k = d.filter((x) => x > 0).length;
  const p = wilsonCi(k, d.length);
  const mean = d.reduce((s, x) => s + x, 0) / d.length;
  const ci = d.length >= 2 ? meanCi(d) : null;
  return {
    n: d.length,
    failed,
    mean,
    sd: ci ? ci.sd : null,
    ci: ci ? ci.ci : null,
    meanTaste: dt.reduce((s, x) => s + x, 0) / dt.length,
    positive: { k, share: p.p, ci: p.ci },
  };
}

export async function runBaitProbe(options: BaitProbeOptions): Promise<BaitProbeResult> {
  const { contexts, suffixes, paths, taste, policySpeaker = "policy" } = options;
  if (contexts.length === 0) throw new InputError("contexts", "is empty: the bait probe needs at least one context");
  if (suffixes.length === 0) throw new InputError("suffixes", "is empty: give at least one suffix");
  if (paths.length === 0) throw new InputError("paths", "is empty: give at least one scoring path");
  const meter = options.meter ?? createLaughterMeter(options.client, taste);
  const total = paths.length * (suffixes.length + 1);
  let done = 0;
  const step = () => options.onProgress?.(++done, total);
  const errors = new Set<string>();
  const baseline: BaitProbeResult["baseline"] = {};
  const perPath = new Map<string, Map<string, DeltaSummary>>();
  for (const path of paths) {
    const plain = await meter.measure(contexts.map((c) => pathContext(path, c.turns, c.index, policySpeaker)));
    step();
    const ok = plain.flatMap((m) => ("L" in m ? [m.L] : []));
    baseline[path.name] = { n: ok.length, mean: ok.length ? ok.reduce((s, x) => s + x, 0) / ok.length : null };
    const results = new Map<string, DeltaSummary>();
    for (const suffix of suffixes) {
      const baited = await meter.measure(contexts.map((c) => pathContext(path, withSuffix(c, suffix.text), c.index, policySpeaker)));
      for (const m of [...plain, ...baited]) if ("error" in m) errors.add(m.error);
      results.set(suffix.text, summarizeDeltas(plain, baited, taste));
      step();
    }
    perPath.set(path.name, results);
  }
  const [reference, ...fixed] = paths;
  const suffixResults = suffixes.map((s): SuffixResult => {
    const byPath = Object.fromEntries(paths.map((p) => [p.name, perPath.get(p.name)!.get(s.text)!]));
    const raw = byPath[reference.name];
    const verdicts = Object.fromEntries(
      fixed.map((p) => {
        const f = byPath[p.name];
        if (s.control) return [p.name, "control" as const];
        return [p.name, baitVerdict(raw.mean === null ? null : { mean: raw.mean, ci: raw.ci }, f.mean === null ? null : { mean: f.mean, ci: f.ci })];
      }),
    );
    return { suffix: s.text, label: s.label, control: s.control, paths: byPath, verdicts };
  });
  return { unit: "nats", contexts: contexts.length, paths: [...paths], baseline, suffixes: suffixResults, distinct_prompts: meter.distinct, errors: [...errors].slice(0, 10) };
}
