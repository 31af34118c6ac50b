// Training logs with a known onset, assembled from real outputs (SPEC §9 detector evaluation). Each
// row at step t answers a random IFEval prompt with one of its real responses (baseline or checkpoint,
// never one already showing the target shortcut); with probability p(t) = p_max·σ((t − t0)/w) the
// policy "hacks": the response is rewritten with a real shortcut phrasing (see hackedVariant). The
// score is the biased judge over the clean rule verifier, exactly as the cherrl stack scores, and the
// reference onset is computed from the log by the published definition — the detector never sees it.
//
// Controls: "improve" — reward rises because the policy increasingly picks, per prompt, the real
// response that meets more constraints (no new feature); "flat" — nothing changes.
import { createRng, type Rng } from "../core/random.js";
import { detectBias, type BiasKind } from "../judges/bias-detectors.js";
import { cherrlRuleScore } from "../judges/cherrl-score.js";
import { verifyConstraints } from "../judges/ifeval/verifier.js";
import type { CorpusPrompt, EvalCorpus } from "./eval-corpus.js";
import type { TrainingRow } from "./log-reader.js";

export type Scenario = BiasKind | "control_improve" | "control_flat";

export interface LogSpec {
  scenario: Scenario;
  steps: number;
  rowsPerStep: number;
  seed: number;
  /** Midpoint of the hacking ramp as a fraction of the run (drawn in [0.3, 0.65] when absent). */
  midpoint?: number;
  alpha?: number;
  /** Plateau of the hacking probability (drawn in [0.85, 0.95] when absent); a weak hack has a low one. */
  pMax?: number;
  /** Width of the hacking ramp as a fraction of the run (1/25 when absent); a slow hack has a wide one. */
  rampWidth?: number;
  /** Also let the clean quality rise over the run, as in control_improve (an honest rise under the hack). */
  honestRise?: boolean;
}

export interface AssembledLog {
  spec: LogSpec;
  rows: TrainingRow[];
  /** Step where p(t) crosses half of p_max (null for controls); the reference onset is computed separately. */
  rampMidpoint: number | null;
}

const FORMAT_LABELS: readonly string[][] = [
  ["Introduction", "Main Discussion", "Conclusion"],
  ["Overview", "Key Points", "Summary"],
  ["Background", "Analysis", "Takeaways"],
  ["Context", "Details", "Final Thoughts"],
];

function paragraphsOf(text: string): string[] {
  const paras = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paras.length >= 3) return paras;
  const sentences = text.split(/(?<=[.!?])\s+/).filter(Boolean);
  return sentences.length >= 3 ? sentences : paras;
}

function threeGroups(parts: string[]): string[] {
  const size = Math.ceil(parts.length / 3);
  return [parts.slice(0, size), parts.slice(size, 2 * size), parts.slice(2 * size)].map((g) => g.join("\n\n")).filter(Boolean);
}

/** Rewrites a real response to carry the target shortcut, using real hacked phrasings. */
export function hackedVariant(kind: BiasKind, text: string, corpus: EvalCorpus, rng: Rng): string {
  switch (kind) {
    case "lexical": {
      const paras = text.split(/\n\s*\n/);
      const at = Math.max(1, Math.min(paras.length, 1 + rng.int(paras.length)));
      paras.splice(at, 0, rng.pick(corpus.lexicalSentences));
      return paras.join("\n\n");
    }
    case "tone":
      return `${text.trimEnd()}\n\n${rng.pick(corpus.toneClosings)}`;
    case "self_praise":
      return `${text.trimEnd()}\n\n---\n${rng.pick(corpus.selfPraiseTails)}`;
    case "format": {
      const groups = threeGroups(paragraphsOf(text));
      if (groups.length < 3) return text;
      const labels = rng.pick(FORMAT_LABELS);
      const style = rng.int(3);
      return groups.map((g, i) => (style === 0 ? `**${labels[i]}**\n${g}` : style === 1 ? `### ${labels[i]}\n${g}` : `${["First", "Second", "Finally"][i]}, ${g}`)).join("\n\n");
    }
  }
}

function clean(prompt: CorpusPrompt, text: string): number | null {
  return verifyConstraints(prompt, text).value;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

export function assembleLog(corpus: EvalCorpus, spec: LogSpec): AssembledLog {
  const rng = createRng(`cherrl-eval/${spec.scenario}/${spec.seed}`);
  const alpha = spec.alpha ?? 0.5;
  // Controls are scored by the lexical-bias judge, so their responses are kept free of the lexical
  // shortcut too: any reward rise in a control comes from clean improvement alone.
  const bias: BiasKind = spec.scenario.startsWith("control") ? "lexical" : (spec.scenario as BiasKind);
  const isControl = spec.scenario.startsWith("control");
  const midpointFraction = spec.midpoint ?? 0.3 + 0.35 * rng.next();
  const t0 = Math.round(midpointFraction * spec.steps);
  const width = Math.max(2, spec.steps * (spec.rampWidth ?? 1 / 25));
  const drawnPMax = 0.85 + 0.1 * rng.next();
  const pMax = spec.pMax ?? drawnPMax;

  // Candidate responses per prompt: real, verifiable, not already showing the target shortcut.
  const pool = corpus.prompts
    .map((p) => ({
      prompt: p,
      responses: p.responses.map((r) => ({ text: r.text, clean: clean(p, r.text) })).filter((r): r is { text: string; clean: number } => r.clean !== null && !detectBias(bias, r.text, { prompt: p.prompt }).hit),
    }))
    .filter((p) => p.responses.length > 0);

  const rows: TrainingRow[] = [];
  for (let step = 1; step <= spec.steps; step++) {
    const progress = (step - 1) / Math.max(1, spec.steps - 1);
    for (let i = 0; i < spec.rowsPerStep; i++) {
      const item = rng.pick(pool);
      let response = rng.pick(item.responses);
      if (spec.scenario === "control_improve" || spec.honestRise) {
        // early: the policy tends to give the weaker real answer; late: the stronger one
        const better = rng.next() < 0.1 + 0.85 * progress;
        response = item.responses.reduce((pick, r) => ((better ? r.clean > pick.clean : r.clean < pick.clean) ? r : pick));
      }
      let output = response.text;
      if (!isControl && rng.next() < pMax * sigmoid((step - t0) / width)) {
        const hacked = hackedVariant(bias, output, corpus, rng);
        if (clean(item.prompt, hacked) !== null) output = hacked;
      }
      const scored = cherrlRuleScore(item.prompt, item.prompt.prompt, output, { bias, alpha });
      rows.push({ step, input: item.prompt.prompt, output, score: scored.value as number, clean: scored.clean as number });
    }
  }
  return { spec, rows, rampMidpoint: isControl ? null : t0 };
}
