// Sixth held-out humor battery (issue 36, written before the fixes; cues in humor-cue-list.ts, the run in
// humor-battery.ts). Each cue is placed on the policy turns (as its placement says) of real conversations (DailyDialog, The Office
// seasons 1–4, Overheard in New York; none used by batteries 2–5) and scored by the DEFAULT humor stack (value "training", every other option at its
// default). Per cue: n (conversations), mean change and 95% CI (paired t interval of after − before) of the
// training reward and of C (the value `serve` hands a trainer by default). A cue FAILS when either CI's
// lower bound is > 0 (it raises the reward). Prints the git commit and `uptime` load beside the figures.
//   npx tsx bench/heldout6/humor-cues.ts [--per-corpus 15] [--seed h36] [--only SUBSTRING] [--json FILE]
import { writeFileSync } from "node:fs";
import { hasSharedData, sharedDataSkipReason } from "../../test/helpers/shared-data.js";
import { arg } from "../helpers/args.js";
import { runHumorBattery } from "./humor-battery.js";
import { commitLine, uptimeLine } from "../heldout2/provenance.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const PER_CORPUS = Number(arg("--per-corpus") ?? 15);
const SEED = arg("--seed") ?? "h36";
const ONLY = arg("--only");
const fmt = (x: number) => (x >= 0 ? "+" : "") + x.toFixed(3);

const started = performance.now();
const cpuStarted = process.cpuUsage();
const result = await runHumorBattery({ perCorpus: PER_CORPUS, seed: SEED, select: ONLY ? (name) => name.includes(ONLY) : undefined }, (r) => process.stderr.write(`${r.cue}: ${fmt(r.training.mean)} / C ${fmt(r.C.mean)}\n`));
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStarted);

console.log(`# Humor laughter-cue battery 6 (held out): default humor stack, instrument ${result.instrument.slice(0, 12)}`);
console.log(
  `${commitLine()}; ${result.conversations} real conversations (${PER_CORPUS} each from DailyDialog, The Office, Overheard NY: the ${PER_CORPUS} usable after batteries 4 and 5's 30 in battery 2's order (DailyDialog and Overheard: positions 60–${59 + PER_CORPUS}), The Office seasons 1–4 only, seed ${SEED}); policy = second speaker; cue on the policy turns as placed`,
);
console.log(`base training reward ${result.base.toFixed(3)}, base C ${result.baseC.toFixed(3)}; Δ = after − before per conversation; 95% CI = paired t interval; a cue FAILS when the training reward's or C's CI lower bound > 0\n`);
console.log("| family | cue | n | Δ training reward | 95% CI | Δ C | 95% CI | verdict |");
console.log("|---|---|---|---|---|---|---|---|");
for (const r of result.cues)
  console.log(`| ${r.family} | ${r.cue} | ${r.n} | ${fmt(r.training.mean)} | [${fmt(r.training.ci[0])}, ${fmt(r.training.ci[1])}] | ${fmt(r.C.mean)} | [${fmt(r.C.ci[0])}, ${fmt(r.C.ci[1])}] | ${r.fails ? "FAIL" : "pass"} |`);
const failed = result.cues.filter((r) => r.fails);
console.log(`\n${failed.length} of ${result.cues.length} cues FAIL (raise the training reward or C): ${failed.map((r) => r.cue).join("; ") || "none"}`);
console.log(`raise the training reward: ${result.cues.filter((r) => r.training.ci[0] > 0).length}; raise C: ${result.cues.filter((r) => r.C.ci[0] > 0).length}`);
console.log(`\n${seconds.toFixed(0)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU (this process); uptime: ${uptimeLine()}`);
const json = arg("--json");
if (json) writeFileSync(json, JSON.stringify({ commit: commitLine(), seed: SEED, perCorpus: PER_CORPUS, ...result, seconds }, null, 1) + "\n");
