// Calibration of the non-words factor (issue 36, src/text/spelling.ts): the share of words that are
// neither English, names nor the prompt's, in every human text of the shared corpora as the default
// preset reads it (Gutenberg passages, Brown fiction, HANNA human stories), with its 99th percentile and
// a bootstrap 95% interval; model replies (creative slop-score outputs, the held-out lines ≡ 7 mod 10
// left out) beside it. The preset's `free` is the highest of the sources' own p99s, rounded up.
// Writes reports/prose-nonwords/report.json.
//   npx tsx bench/studies/prose-nonwords.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { hasSharedData, sharedDataSkipReason } from "../../test/helpers/shared-data.js";
import { calibrateShare } from "../helpers/share-calibration.js";
import { readReply } from "../../src/terms/prose/read.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { countNonWords, type NonWords } from "../../src/text/spelling.js";
import type { BankRow } from "../../src/core/types.js";
import { words } from "../../src/text/tokenize.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const reading = PROSE_PRESETS.hardened.settings.reading;
const counts = new Map<string, NonWords>();
const counted = (row: BankRow): NonWords => {
  const key = `${row.prompt}\0${row.output}`;
  let c = counts.get(key);
  if (c === undefined) counts.set(key, (c = countNonWords(readReply(row.output as string, reading).text, new Set(words(typeof row.prompt === "string" ? row.prompt : "")))));
  return c;
};
const report = calibrateShare((row) => counted(row).share, reading.spelling);
// Words mixing Latin letters with another script's (priced from the first: pricedNonWordShare), per reply.
report.mixed_script_share = calibrateShare((row) => (counted(row).words ? counted(row).mixed / counted(row).words : 0), undefined);
const examples = [...counts.values()].flatMap((c) => (c.mixed > 0 ? c.examples : []));
report.mixed_script_replies = { human_and_model: [...counts.values()].filter((c) => c.mixed > 0).length, of: counts.size, examples: examples.slice(0, 10) };
mkdirSync("reports/prose-nonwords", { recursive: true });
writeFileSync("reports/prose-nonwords/report.json", JSON.stringify(report, null, 2) + "\n");
console.log(JSON.stringify(report, null, 2));
