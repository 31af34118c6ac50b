// Calibration of the casing factor (issue 36, src/text/casing.ts): the share of words that do not open a
// sentence yet start with a capital, in every human text of the shared corpora as the default preset
// reads it (Gutenberg passages, Brown fiction, HANNA human stories), with its 99th percentile and a
// bootstrap 95% interval; model replies (creative slop-score outputs, the held-out lines ≡ 7 mod 10 left
// out) beside it. The preset's `free` is the highest of the sources' own p99s, rounded up.
// Writes reports/prose-casing/report.json.
//   npx tsx bench/studies/prose-casing.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { hasSharedData, sharedDataSkipReason } from "../../test/helpers/shared-data.js";
import { calibrateShare } from "../helpers/share-calibration.js";
import { readReply } from "../../src/terms/prose/read.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { countCapitalized } from "../../src/text/casing.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const reading = PROSE_PRESETS.hardened.settings.reading;
const report = calibrateShare((row) => countCapitalized(readReply(row.output as string, reading).text).share, reading.casing);
mkdirSync("reports/prose-casing", { recursive: true });
writeFileSync("reports/prose-casing/report.json", JSON.stringify(report, null, 2) + "\n");
console.log(JSON.stringify(report, null, 2));
