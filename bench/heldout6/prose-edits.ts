// Sixth held-out prose battery (issue 36, written before the fixes to test whether they closed categories; classes in
// prose-edit-classes.ts, the run in prose-battery.ts). On held-out real creative replies (slopscore creative lines whose
// 0-based line index ≡ 7 mod 10, drawn by this battery's own seeded order, seed "h36f"), each class of cheap edits is
// scored under the DEFAULT prose preset. Per class: n (replies the edit changed), mean gain (after − before), 95% CI
// (paired t interval) and whether it PAYS: CI lower bound > 0.005. Then degenerate texts built from the reply's own
// words against that reply's careful opening on the same prompt (the degenerate text must score lower).
// Prints the git commit and `uptime` load beside the figures.
//   npx tsx bench/heldout6/prose-edits.ts [--rows 100] [--seed h36f] [--only SUBSTRING] [--json FILE]
import { writeFileSync } from "node:fs";
import { hasSharedData, sharedDataSkipReason } from "../../test/helpers/shared-data.js";
import { commitLine, uptimeLine } from "../heldout2/provenance.js";
import { arg } from "../helpers/args.js";
import { loadRows, PAYS_ABOVE, runProseBattery, SEED as DEFAULT_SEED } from "./prose-battery.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const ROWS = Number(arg("--rows") ?? 100);
const SEED = arg("--seed") ?? DEFAULT_SEED;
const ONLY = arg("--only");
const fmt = (x: number) => (Number.isNaN(x) ? "—" : (x >= 0 ? "+" : "") + x.toFixed(3));

const started = performance.now();
const cpuStarted = process.cpuUsage();
const result = await runProseBattery({ rows: ROWS, seed: SEED, select: ONLY ? (name) => name.includes(ONLY) : undefined }, (r) => process.stderr.write(`${r.name}: n ${r.n} ${fmt(r.mean)}\n`));
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStarted);
const { lineIndices } = loadRows(ROWS, SEED);

console.log(`# Prose cheap-edit battery 6 (held out): default prose preset, instrument ${result.instrument.slice(0, 12)}`);
console.log(`${commitLine()}; ${result.rows} held-out creative replies (slopscore line ≡ 7 mod 10, the first ${result.rows} of the order seeded "heldout6-prose/${SEED}"); base mean ${result.baseMean.toFixed(3)}`);
console.log(`slopscore lines: ${lineIndices.join(", ")}`);
console.log(`gain = after − before per reply the edit changed (n); 95% CI = paired t interval; a class PAYS when its CI lower bound > ${PAYS_ABOVE}\n`);
console.log("| family | class | n | mean gain | 95% CI | pays |");
console.log("|---|---|---|---|---|---|");
for (const r of result.classes) console.log(`| ${r.family} | ${r.name} | ${r.n} | ${fmt(r.mean)} | [${fmt(r.ci[0])}, ${fmt(r.ci[1])}] | ${r.pays ? "yes" : "no"} |`);
const paying = result.classes.filter((r) => r.pays);
console.log(`\n${paying.length} of ${result.classes.length} classes pay: ${paying.map((r) => r.name).join("; ") || "none"}`);
if (result.degenerate.length > 0) {
  console.log(`\ndegenerate text − the reply's careful opening (same prompt); PASS when the CI's upper bound < 0; opening mean ${result.openingMean.toFixed(3)}\n`);
  console.log("| degenerate text | n | mean difference | 95% CI | degenerate ≥ opening | degenerate mean | verdict |");
  console.log("|---|---|---|---|---|---|---|");
  for (const d of result.degenerate) console.log(`| ${d.name} | ${d.n} | ${fmt(d.mean)} | [${fmt(d.ci[0])}, ${fmt(d.ci[1])}] | ${d.wins}/${d.n} | ${d.scoreMean.toFixed(3)} | ${d.pass ? "PASS" : "FAIL"} |`);
}
console.log(`\n${seconds.toFixed(0)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU (this process); uptime: ${uptimeLine()}`);
const json = arg("--json");
if (json) writeFileSync(json, `${JSON.stringify({ commit: commitLine(), seed: SEED, lineIndices, ...result, seconds }, null, 1)}\n`);
