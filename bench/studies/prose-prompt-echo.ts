// Calibration of the prompt-echo price (issue 36, src/terms/prose/prompt-echo.ts): the share of a reply's
// content words that are the prompt's own, as the default preset reads it, on every human story written
// to a prompt in the shared data (HANNA's 96 r/WritingPrompts stories; Gutenberg and Brown have no
// prompt), whole and in its first 60 words (a careful opening, which the degenerate texts are compared
// with), beside model replies to the slop-score prompts (creative, the held-out lines ≡ 7 mod 10 left out)
// and the prompt's own words shuffled. The preset's `free` sits above the highest human share.
//   npx tsx bench/studies/prose-prompt-echo.ts
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { loadHannaHuman, loadModelProse } from "../helpers/prose-data.js";
import { quantileCi } from "../helpers/share-calibration.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { compileProse, prepareProse } from "../../src/terms/prose/stack/prepare.js";
import { loadProseDictionary } from "../../src/terms/prose/stack/resources.js";
import { quantile } from "../../src/stats/quantile.js";
import { createRng } from "../../src/core/random.js";
import type { BankRow } from "../../src/core/types.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const compiled = compileProse(loadProseDictionary(undefined), "templates");
const reading = PROSE_PRESETS.hardened.settings.reading;
const shareOf = (row: BankRow): number => prepareProse(row, compiled, reading, "runs").promptEcho?.share ?? 0;
const opening = (row: BankRow): BankRow => ({ ...row, output: (row.output as string).split(/\s+/).slice(0, 60).join(" ") });
const shuffled = (row: BankRow): BankRow => ({
  ...row,
  output: `${createRng(`echo/${row.id}`)
    .shuffle((row.prompt as string).split(/\s+/))
    .join(" ")}.`,
});
const round = (x: number): number => Math.round(x * 1000) / 1000;
const summary = (shares: number[]) => {
  const p99 = quantileCi(shares, 0.99);
  return { n: shares.length, p50: round(quantile(shares, 0.5)), p90: round(quantile(shares, 0.9)), p99: round(p99.value), p99_ci95: p99.ci.map(round), max: round(Math.max(...shares)) };
};

const hanna = loadHannaHuman(sharedPath("human_prose/fiction_writingprompts_human_hanna.jsonl"));
const model = loadModelProse(sharedPath("model_prose/slopscore_outputs.jsonl.gz")).filter((r, i) => r.meta.kind === "creative" && i % 10 !== 7);
console.log(
  JSON.stringify(
    {
      hanna_human_whole: summary(hanna.map(shareOf)),
      hanna_human_first_60_words: summary(hanna.map((r) => shareOf(opening(r)))),
      model_creative_whole: summary(model.map(shareOf)),
      model_creative_first_60_words: summary(model.map((r) => shareOf(opening(r)))),
      prompt_words_shuffled: summary(model.slice(0, 300).map((r) => shareOf(shuffled(r)))),
      preset: reading.promptEcho ?? null,
    },
    null,
    2,
  ),
);
