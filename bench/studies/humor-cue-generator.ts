// Issue 36, humor: laughter and decoration cues composed by category (bench/helpers/laughter-cue-generator.ts)
// put on every policy turn of known real conversations (battery 2's order of DailyDialog, The Office and
// Overheard NY, positions 0–14: battery 2's own conversations, no longer held out), scored by the DEFAULT
// humor stack (value "training"). Per cue: whether the terms' reading removes it (the reading of every
// policy turn with the cue equals the reading without it), and the paired change of the training reward
// and of C with a 95% t interval; a cue FAILS when either interval's lower bound is > 0. Per family: cues
// read away, cues failing.
//   npx tsx bench/studies/humor-cue-generator.ts [--per-corpus 15] [--seed humor36d] [--offline] [--json FILE]
import { writeFileSync } from "node:fs";
import { createRng } from "../../src/core/random.js";
import type { Score, TranscriptRow } from "../../src/core/types.js";
import { openScorer } from "../../src/stacks/open.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { termText } from "../../src/terms/humor/session.js";
import { wilsonCi } from "../../src/stats/index.js";
import { hasSharedData, sharedDataSkipReason } from "../../test/helpers/shared-data.js";
import { arg } from "../helpers/args.js";
import { twoSpeakerCorpora } from "../helpers/dialogue-corpora.js";
import { generateCues, type GeneratedCue } from "../helpers/laughter-cue-generator.js";
import { commitLine, uptimeLine } from "../heldout2/provenance.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const PER_CORPUS = Number(arg("--per-corpus") ?? 15);
const SEED = arg("--seed") ?? "humor36d";
const OFFLINE = process.argv.includes("--offline");
const fmt = (x: number) => (x >= 0 ? "+" : "") + x.toFixed(3);

const corpora = twoSpeakerCorpora();
const rows: TranscriptRow[] = (["dailydialog", "office", "overheard"] as const).flatMap((name) =>
  createRng(`heldout2-humor/${name}/h36`)
    .shuffle(corpora[name])
    .slice(0, PER_CORPUS)
    .map((c) => ({ id: c.id, seed: 0, turns: c.turns.map((t) => ({ speaker: t.speaker === c.turns[1].speaker ? "policy" : "partner", text: t.text })) })),
);
const withCue = (row: TranscriptRow, cue: GeneratedCue): TranscriptRow => ({
  ...row,
  turns: row.turns.map((t) => (t.speaker !== "policy" ? t : { ...t, text: cue.at === "start" ? `${cue.text} ${t.text.replace(/^\s+/, "")}` : `${t.text.replace(/\s+$/, "")} ${cue.text}` })),
});
/** Whether the reading of every policy turn with the cue equals the reading without it. */
const readAway = (cue: GeneratedCue) => rows.every((r) => r.turns.every((t) => t.speaker !== "policy" || termText(withCue({ ...r, turns: [t] }, cue).turns[0].text, "meaning") === termText(t.text, "meaning")));

const figures = (s: Score): { training: number; C: number } => {
  if (s.value === null) throw new Error(`a session failed to score: ${JSON.stringify(s.error ?? s)}`);
  const C = s.terms.certified?.value;
  if (typeof C !== "number") throw new Error(`a session has no C: ${JSON.stringify(s.terms)}`);
  return { training: s.value, C };
};

const cues = generateCues(SEED);
let base: { training: number; C: number } | null = null;
const results: { family: string; cue: string; at: string; readAway: boolean; training?: { mean: number; ci: [number, number] }; C?: { mean: number; ci: [number, number] }; fails?: boolean }[] = [];
const started = performance.now();
const cpuStarted = process.cpuUsage();
const opened = OFFLINE ? null : await openScorer({ stack: "humor", overrides: { value: "training" } });
try {
  const before = opened ? (await opened.scorer.scoreRows(rows)).map(figures) : [];
  if (opened) base = { training: meanCi(before.map((b) => b.training)).mean, C: meanCi(before.map((b) => b.C)).mean };
  for (const cue of cues) {
    const r: (typeof results)[number] = { family: cue.family, cue: cue.text, at: cue.at, readAway: readAway(cue) };
    if (opened && !r.readAway) {
      const after = (await opened.scorer.scoreRows(rows.map((row) => withCue(row, cue)))).map(figures);
      const dT = meanCi(after.map((a, i) => a.training - before[i].training));
      const dC = meanCi(after.map((a, i) => a.C - before[i].C));
      r.training = { mean: dT.mean, ci: dT.ci };
      r.C = { mean: dC.mean, ci: dC.ci };
      r.fails = dT.ci[0] > 0 || dC.ci[0] > 0;
    } else if (opened) r.fails = false;
    results.push(r);
  }
} finally {
  await opened?.close();
}

console.log(`# Humor cues by category (generated, seed ${SEED}): ${commitLine()}; ${rows.length} known conversations; ${cues.length} cues`);
if (base) console.log(`base (no cue): training reward ${base.training.toFixed(4)}, C ${base.C.toFixed(4)}; instrument laughter reading as below`);
console.log("| family | cues | read away | Wilson 95% | not read away | FAIL (raise training or C) |");
console.log("|---|---|---|---|---|---|");
const families = [...new Set(results.map((r) => r.family))];
for (const f of families) {
  const rs = results.filter((r) => r.family === f);
  const away = rs.filter((r) => r.readAway).length;
  const w = wilsonCi(away, rs.length);
  const failing = rs.filter((r) => r.fails);
  console.log(
    `| ${f} | ${rs.length} | ${away} | [${w.ci[0].toFixed(2)}, ${w.ci[1].toFixed(2)}] | ${
      rs
        .filter((r) => !r.readAway)
        .map((r) => JSON.stringify(r.cue))
        .join(" ") || "–"
    } | ${OFFLINE ? "(offline)" : failing.map((r) => `${JSON.stringify(r.cue)} ${fmt(r.training!.mean)} [${fmt(r.training!.ci[0])}, ${fmt(r.training!.ci[1])}] / C ${fmt(r.C!.mean)}`).join("; ") || "none"} |`,
  );
}
const away = results.filter((r) => r.readAway).length;
console.log(`\nread away: ${away} of ${results.length}; ${OFFLINE ? "reward not scored (--offline)" : `FAIL: ${results.filter((r) => r.fails).length} of ${results.length}`}`);
const cpu = process.cpuUsage(cpuStarted);
console.log(`${((performance.now() - started) / 1000).toFixed(0)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU; uptime: ${uptimeLine()}`);
const json = arg("--json");
if (json) writeFileSync(json, `${JSON.stringify({ commit: commitLine(), seed: SEED, perCorpus: PER_CORPUS, base, results }, null, 1)}\n`);
