// Calibration of the casing factor (issue 36, src/text/casing.ts): the share of words that do not open a
// sentence yet start with a capital, in every human text of the shared corpora as the default preset
// reads it (Gutenberg passages, Brown fiction, HANNA human stories), with its 99th percentile and a
// bootstrap 95% interval; model replies (creative slop-score outputs, the held-out lines ≡ 7 mod 10 left
// out) beside it. The preset's `free` is the highest of the sources' own p99s, rounded up.
// Writes reports/prose-casing/report.json.
//   npx tsx bench/studies/prose-casing.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { loadBrown, loadGutenberg, loadHannaHuman, loadModelProse } from "../helpers/prose-data.js";
import { readReply } from "../../src/terms/prose/read.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { countCapitalized } from "../../src/text/casing.js";
import { quantile } from "../../src/stats/quantile.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const reading = PROSE_PRESETS.hardened.settings.reading;
const shareOf = (output: string): number => countCapitalized(readReply(output, reading).text).share;

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
  const shares = rows.map((r) => shareOf(r.output as string));
  pooled.push(...shares);
  const p99 = quantileCi(shares, 0.99);
  report[name] = { n: shares.length, p50: round(quantile(shares, 0.5)), p99: round(p99.value), p99_ci95: p99.ci.map(round), max: round(Math.max(...shares)) };
}
const p99 = quantileCi(pooled, 0.99);
const casing = reading.casing;
report.human_pooled = { n: pooled.length, p50: round(quantile(pooled, 0.5)), p99: round(p99.value), p99_ci95: p99.ci.map(round), ...(casing ? { above_free: pooled.filter((s) => s > casing.free).length } : {}) };
const modelShares = model.map((r) => shareOf(r.output as string));
report.model_creative = { n: modelShares.length, p50: round(quantile(modelShares, 0.5)), p99: round(quantile(modelShares, 0.99)) };
report.preset = casing ?? null;
mkdirSync("reports/prose-casing", { recursive: true });
writeFileSync("reports/prose-casing/report.json", JSON.stringify(report, null, 2) + "\n");
console.log(JSON.stringify(report, null, 2));
