// The calibration shape the prose default's share factors use (non-words, casing, padding: issue 36): a
// per-reply share measured on every human text of the shared corpora as the default reads it
// (Gutenberg passages, Brown fiction, HANNA human stories), per source and pooled, with the 99th
// percentile and a percentile-bootstrap 95% interval, and on model replies (creative slop-score
// outputs, the held-out lines ≡ 7 mod 10 left out) beside it. A preset's `free` is the highest of the
// sources' own p99s, rounded up. Callers check hasSharedData first.
import { sharedPath } from "../../test/helpers/shared-data.js";
import { loadBrown, loadGutenberg, loadHannaHuman, loadModelProse } from "./prose-data.js";
import { quantile } from "../../src/stats/quantile.js";
import type { BankRow } from "../../src/core/types.js";

/** The p-th quantile with a percentile-bootstrap 95% interval (1,000 resamples, fixed seed). */
export function quantileCi(values: number[], p: number): { value: number; ci: [number, number] } {
  let seed = 36;
  const random = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const boot: number[] = [];
  for (let b = 0; b < 1000; b++)
    boot.push(
      quantile(
        values.map(() => values[Math.floor(random() * values.length)]),
        p,
      ),
    );
  return { value: quantile(values, p), ci: [quantile(boot, 0.025), quantile(boot, 0.975)] };
}

const round = (x: number): number => Math.round(x * 10000) / 10000;

/** The share's distribution per human source, pooled and on model replies; `preset` is the factor's current setting. */
export function calibrateShare(shareOf: (row: BankRow) => number, preset: { free: number } | undefined): Record<string, unknown> {
  const human = {
    gutenberg: loadGutenberg(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz")),
    brown: loadBrown(sharedPath("human_prose/fiction_brown_1961.jsonl")),
    hanna: loadHannaHuman(sharedPath("human_prose/fiction_writingprompts_human_hanna.jsonl")),
  };
  const model = loadModelProse(sharedPath("model_prose/slopscore_outputs.jsonl.gz")).filter((r, i) => r.meta.kind === "creative" && i % 10 !== 7);
  const report: Record<string, unknown> = {};
  const pooled: number[] = [];
  for (const [name, rows] of Object.entries(human)) {
    const shares = rows.map(shareOf);
    pooled.push(...shares);
    const p99 = quantileCi(shares, 0.99);
    report[name] = { n: shares.length, p50: round(quantile(shares, 0.5)), p99: round(p99.value), p99_ci95: p99.ci.map(round), max: round(Math.max(...shares)) };
  }
  const p99 = quantileCi(pooled, 0.99);
  report.human_pooled = { n: pooled.length, p50: round(quantile(pooled, 0.5)), p99: round(p99.value), p99_ci95: p99.ci.map(round), ...(preset ? { above_free: pooled.filter((s) => s > preset.free).length } : {}) };
  const modelShares = model.map(shareOf);
  report.model_creative = { n: modelShares.length, p50: round(quantile(modelShares, 0.5)), p99: round(quantile(modelShares, 0.99)) };
  report.preset = preset ?? null;
  return report;
}
