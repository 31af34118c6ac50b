// Writes a bank file of slopscore replies, so whole-process runs of `foolsgold score --stack prose` can
// be timed (and compared across checkouts) on the same input. Default: the scoring bench's 2,000
// held-out replies; --creative: all 3,295 creative replies (4.28 M words, issue 20's figure).
//   npx tsx bench/prose-bank.ts /tmp/prose-bank.jsonl [--creative]
//   /usr/bin/time -f "%U %S %M" node bin/foolsgold.js score --stack prose --in /tmp/prose-bank.jsonl --out /tmp/scored.jsonl
import { writeFileSync } from "node:fs";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../test/helpers/shared-data.js";
import { loadModelProse, MINING_MODELS } from "./prose-data.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}
const out = process.argv[2];
if (!out || out.startsWith("--")) {
  console.error("usage: npx tsx bench/prose-bank.ts OUT.jsonl [--creative]");
  process.exit(2);
}
const mining = new Set(MINING_MODELS);
const all = loadModelProse(sharedPath("model_prose/slopscore_outputs.jsonl.gz"));
const rows = process.argv.includes("--creative") ? all.filter((r) => r.meta.kind === "creative") : all.filter((r) => !mining.has(r.meta.model ?? "")).slice(0, 2000);
writeFileSync(out, rows.map((r, i) => JSON.stringify({ id: `r${i}`, prompt: r.prompt, output: r.output })).join("\n") + "\n");
const words = rows.reduce((a, r) => a + (r.output.match(/\S+/g)?.length ?? 0), 0);
console.log(`wrote ${out}: ${rows.length} replies, ${words} words`);
