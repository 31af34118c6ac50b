// Second held-out humor battery (issue 36, written before the fixes; cues in humor-cue-list.ts). Each cue is
// placed on every policy turn of real conversations (DailyDialog, The Office, Overheard in New York from
// ../shared/data, loaded as bench/heldout/humor-cues.ts loads them, a different seeded sample), and scored
// by the DEFAULT humor stack through the library (openScorer, value "training", every other option at its
// default). Per cue: n (conversations), mean change and 95% CI (paired t interval of after − before) of the
// training reward and of C (the value `serve` hands a trainer by default). A cue FAILS when either CI's
// lower bound is > 0 (it raises the reward). Prints the git commit and `uptime` load beside the figures.
//   npx tsx bench/heldout2/humor-cues.ts [--per-corpus 15] [--seed h36] [--only SUBSTRING] [--json FILE]
import { readFileSync, writeFileSync } from "node:fs";
import { readJsonl } from "../../src/core/jsonl.js";
import { createRng } from "../../src/core/random.js";
import type { Score, TranscriptRow } from "../../src/core/types.js";
import { openScorer } from "../../src/stacks/open.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { conversationsFrom, type Conversation } from "../../src/terms/humor/dialogues.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { arg } from "../helpers/args.js";
import { CUES, type Cue } from "./humor-cue-list.js";
import { commitLine, uptimeLine } from "./provenance.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const PER_CORPUS = Number(arg("--per-corpus") ?? 15);
const SEED = arg("--seed") ?? "h36";
const ONLY = arg("--only");

function corpora(): { name: string; conversations: Conversation[] }[] {
  const rng = (name: string) => createRng(`heldout2-humor/${name}/${SEED}`);
  const twoSpeakers = (c: Conversation) => c.turns.length >= 4 && new Set(c.turns.map((t) => t.speaker)).size === 2;
  const daily = conversationsFrom(readJsonl(sharedPath("dialogue/dailydialog.jsonl.gz")).rows, "dailydialog").filter(twoSpeakers);
  const office = conversationsFrom(readJsonl(sharedPath("dialogue/the_office_lines.jsonl.gz")).rows, "office", { minTurns: 4 }).filter(twoSpeakers);
  const overheardRows = readFileSync(sharedPath("dialogue/overheard_ny.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as { turns: unknown });
  const overheard = conversationsFrom(overheardRows.map((r, i) => ({ id: `overheard-${i}`, turns: r.turns })), "turns")
    .map((c) => ({ ...c, turns: c.turns.filter((t) => t.text.trim() !== "") }))
    .filter(twoSpeakers);
  return [
    { name: "dailydialog", conversations: rng("dailydialog").shuffle(daily).slice(0, PER_CORPUS) },
    { name: "office", conversations: rng("office").shuffle(office).slice(0, PER_CORPUS) },
    { name: "overheard", conversations: rng("overheard").shuffle(overheard).slice(0, PER_CORPUS) },
  ];
}

/** The conversation's second speaker is the policy; everyone else is the partner. */
const asTranscript = (c: Conversation): TranscriptRow => ({ id: c.id, seed: 0, turns: c.turns.map((t) => ({ speaker: t.speaker === c.turns[1].speaker ? "policy" : "partner", text: t.text })) });
const withCue = (row: TranscriptRow, cue: Cue): TranscriptRow => ({
  ...row,
  turns: row.turns.map((t) => (t.speaker !== "policy" ? t : { ...t, text: cue.at === "start" ? `${cue.text} ${t.text.replace(/^\s+/, "")}` : `${t.text.replace(/\s+$/, "")} ${cue.text}` })),
});

const fmt = (x: number) => (x >= 0 ? "+" : "") + x.toFixed(3);
const started = performance.now();
const cpuStarted = process.cpuUsage();
const rows = corpora().flatMap((c) => c.conversations.map(asTranscript));
const opened = await openScorer({ stack: "humor", overrides: { value: "training" } });

interface Figures {
  training: number;
  C: number;
}
const figures = (s: Score): Figures => {
  if (s.value === null) throw new Error(`a session failed to score: ${JSON.stringify(s.error ?? s)}`);
  const C = s.terms.certified?.value;
  if (typeof C !== "number") throw new Error(`a session has no C (terms.certified): ${JSON.stringify(s.terms)}`);
  return { training: s.value, C };
};
type Interval = { mean: number; ci: [number, number] };

try {
  const before = (await opened.scorer.scoreRows(rows)).map(figures);
  const results: { cue: string; family: string; n: number; training: Interval; C: Interval; fails: boolean }[] = [];
  for (const [name, cue] of Object.entries(CUES)) {
    if (ONLY && !name.includes(ONLY)) continue;
    const after = (await opened.scorer.scoreRows(rows.map((r) => withCue(r, cue)))).map(figures);
    const dTraining = meanCi(after.map((a, i) => a.training - before[i].training));
    const dC = meanCi(after.map((a, i) => a.C - before[i].C));
    const fails = dTraining.ci[0] > 0 || dC.ci[0] > 0;
    results.push({ cue: name, family: cue.family, n: rows.length, training: { mean: dTraining.mean, ci: dTraining.ci }, C: { mean: dC.mean, ci: dC.ci }, fails });
    process.stderr.write(`${name}: ${fmt(dTraining.mean)} / C ${fmt(dC.mean)}\n`);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const base = meanCi(before.map((b) => b.training));
  const baseC = meanCi(before.map((b) => b.C));
  console.log(`# Humor laughter-cue battery 2 (held out): default humor stack, instrument ${opened.scorer.instrument.hash.slice(0, 12)}`);
  console.log(`${commitLine()}; ${rows.length} real conversations (${PER_CORPUS} each from DailyDialog, The Office, Overheard NY; seed ${SEED}); policy = second speaker; cue on every policy turn`);
  console.log(`base training reward ${base.mean.toFixed(3)}, base C ${baseC.mean.toFixed(3)}; Δ = after − before per conversation; 95% CI = paired t interval; a cue FAILS when the training reward's or C's CI lower bound > 0\n`);
  console.log("| family | cue | n | Δ training reward | 95% CI | Δ C | 95% CI | verdict |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of results)
    console.log(`| ${r.family} | ${r.cue} | ${r.n} | ${fmt(r.training.mean)} | [${fmt(r.training.ci[0])}, ${fmt(r.training.ci[1])}] | ${fmt(r.C.mean)} | [${fmt(r.C.ci[0])}, ${fmt(r.C.ci[1])}] | ${r.fails ? "FAIL" : "pass"} |`);
  const failed = results.filter((r) => r.fails);
  console.log(`\n${failed.length} of ${results.length} cues FAIL (raise the training reward or C): ${failed.map((r) => r.cue).join("; ") || "none"}`);
  console.log(`raise the training reward: ${results.filter((r) => r.training.ci[0] > 0).length}; raise C: ${results.filter((r) => r.C.ci[0] > 0).length}`);
  console.log(`\n${seconds.toFixed(0)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU (this process); uptime: ${uptimeLine()}`);
  const json = arg("--json");
  if (json) writeFileSync(json, JSON.stringify({ commit: commitLine(), conversations: rows.length, seed: SEED, instrument: opened.scorer.instrument.hash, base: base.mean, baseC: baseC.mean, cues: results, seconds }, null, 1) + "\n");
} finally {
  await opened.close();
}
