// Calibration of the padding cost (issue 36, src/terms/prose/padding.ts): the share of a reply's words
// that narrate nothing — discourse leads and tails on sentences, lines wholly in brackets — in every
// human text of the shared corpora as the default preset reads it (Gutenberg passages, Brown fiction,
// HANNA human stories), per source and pooled, with the pooled 99th percentile and a bootstrap 95%
// interval; model replies (creative slop-score outputs, the held-out lines ≡ 7 mod 10 left out) beside it.
// The preset's padding cost is free up to the highest of the sources' own p99s, rounded up.
//   npx tsx bench/studies/prose-padding.ts
import { hasSharedData, sharedDataSkipReason } from "../../test/helpers/shared-data.js";
import { calibrateShare } from "../helpers/share-calibration.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { compileProse, paddingOf, prepareProse } from "../../src/terms/prose/stack/prepare.js";
import { loadProseDictionary } from "../../src/terms/prose/stack/resources.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const compiled = compileProse(loadProseDictionary(undefined), "templates");
const reading = PROSE_PRESETS.hardened.settings.reading;
const report = calibrateShare((row) => {
  const p = prepareProse(row, compiled, reading, "runs");
  return p.scan.n > 0 ? paddingOf(p).words / p.scan.n : 0;
}, reading.padding);
console.log(JSON.stringify(report, null, 2));
