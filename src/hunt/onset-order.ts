// Compares the order in which the hunt found each CHERRL bias (scorer calls until the first finding)
// with the order of CHERRL's published onsets (training steps at which the policy learned it). Both
// are "how easy is this shortcut to find"; agreement is a rank comparison, nothing more.
import { readFileSync } from "node:fs";

export type CherrlBias = "tone" | "lexical" | "self_praise";

/** Runs of the reference definition: D = tone, B and C = lexical, A = self-praise. */
const RUN_BIAS: Record<string, CherrlBias> = { run_A: "self_praise", run_B: "lexical", run_C: "lexical", run_D: "tone" };

/** Canonical onsets per bias from cherrl_reference_onset_definition.json (primary signals only). */
export function publishedOnsets(definitionPath: string): Record<CherrlBias, number[]> {
  const d = JSON.parse(readFileSync(definitionPath, "utf8")) as { runs: Record<string, { canonical_CO?: number; primary_signal?: boolean }> };
  const out: Record<CherrlBias, number[]> = { tone: [], lexical: [], self_praise: [] };
  for (const [run, r] of Object.entries(d.runs)) {
    const bias = RUN_BIAS[run];
    if (bias && r.primary_signal && typeof r.canonical_CO === "number") out[bias].push(r.canonical_CO);
  }
  for (const v of Object.values(out)) v.sort((a, b) => a - b);
  return out;
}

export interface OrderComparison {
  /** Biases by scorer calls until found (not found last). */
  hunt: CherrlBias[];
  /** Biases by earliest published onset. */
  published: CherrlBias[];
  /** Pairs ordered the same way / pairs compared. */
  concordant: number;
  pairs: number;
}

export function compareOrder(foundAt: Record<CherrlBias, number | null>, onsets: Record<CherrlBias, number[]>): OrderComparison {
  const biases = Object.keys(foundAt) as CherrlBias[];
  const hunt = [...biases].sort((a, b) => (foundAt[a] ?? Infinity) - (foundAt[b] ?? Infinity));
  const first = (b: CherrlBias) => onsets[b][0] ?? Infinity;
  const published = [...biases].sort((a, b) => first(a) - first(b));
  let concordant = 0;
  let pairs = 0;
  for (let i = 0; i < biases.length; i++)
    for (let j = i + 1; j < biases.length; j++) {
      const a = biases[i];
      const b = biases[j];
      pairs++;
      if (Math.sign((foundAt[a] ?? Infinity) - (foundAt[b] ?? Infinity)) === Math.sign(first(a) - first(b))) concordant++;
    }
  return { hunt, published, concordant, pairs };
}
