// Calibration of the padding cost (issue 36, src/terms/prose/padding.ts): the share of a reply's words
// that narrate nothing — discourse leads and tails on sentences, lines wholly in brackets — in every
// human text of the shared corpora as the default preset reads it (Gutenberg passages, Brown fiction,
// HANNA human stories), per source and pooled, with the pooled 99th percentile and a bootstrap 95%
// interval; model replies (creative slop-score outputs, the held-out lines ≡ 7 mod 10 left out) beside it.
// The preset's padding cost is free up to the highest of the sources' own p99s, rounded up.
//   npx tsx bench/studies/prose-padding.ts
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { loadBrown, loadGutenberg, loadHannaHuman, loadModelProse } from "../helpers/prose-data.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { compileProse, paddingOf, prepareProse } from "../../src/terms/prose/stack/prepare.js";
import { loadProseDictionary } from "../../src/terms/prose/stack/resources.js";
import { quantile } from "../../src/stats/quantile.js";
import type { BankRow } from "../../src/core/types.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const compiled = compileProse(loadProseDictionary(undefined), "templates");
const reading = PROSE_PRESETS.hardened.settings.reading;
const shareOf = (row: BankRow): number => {
  const p = prepareProse(row, compiled, reading, "runs");
  return p.scan.n > 0 ? paddingOf(p).words / p.scan.n : 0;
};

/** The p-th quantile with a percentile-bootstrap 95% interval (1,000 resamples, fixed seed). */
function quantileCi(values: number[], p: number): { value: number; ci: [number, number] } {
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
  report[name] = { n: shares.length, p50: round(quantile(shares, 0.5)), p99: round(quantile(shares, 0.99)), max: round(Math.max(...shares)) };
}
const p99 = quantileCi(pooled, 0.99);
report.human_pooled = { n: pooled.length, p50: round(quantile(pooled, 0.5)), p99: round(p99.value), p99_ci95: p99.ci.map(round), above_free: pooled.filter((s) => s > reading.padding!.free).length };
const modelShares = model.map(shareOf);
report.model_creative = { n: modelShares.length, p50: round(quantile(modelShares, 0.5)), p99: round(quantile(modelShares, 0.99)) };
report.preset = reading.padding;
console.log(JSON.stringify(report, null, 2));
