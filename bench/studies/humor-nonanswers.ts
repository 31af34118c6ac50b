// Issue 36, humor: (1) do laughter cues raise the default reward on real conversations, and (2) do real
// replies beat generic non-answers and same-length swaps (C AUC) on conversations not used for tuning?
// The split: the relevance reference is calibrated on DailyDialog "work" dialogues 1–600
// (scripts/calibrate-humor-relevance.ts) and humor-C-3 was chosen on The Office seasons 1–4 and
// DailyDialog 301–600 (bench/studies/humor-swaps-split.ts); the evaluation reads The Office seasons 5–9
// and Overheard in New York, which neither step read. Scored by the humor stack on the embedded
// models (USE-lite, the n-gram audience in exact mode), hardened default and seed profile. Each model
// request is made once per run (a memo shared by the profiles and the cue variants).
// Writes reports/humor-nonanswers/report.json (figures only; no corpus text).
//   npx tsx bench/studies/humor-nonanswers.ts [conversations=60] [seed=36]
import { mkdirSync, writeFileSync } from "node:fs";
import { readJsonl } from "../../src/core/jsonl.js";
import { createRng } from "../../src/core/random.js";
import type { TranscriptRow } from "../../src/core/types.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { scoreAll } from "../helpers/humor-figures.js";
import { memoClient } from "../helpers/memo-client.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";
import type { HumorOptions } from "../../src/stacks/humor.js";
import { mean, pairedT } from "../../src/stats/index.js";
import { conversationsFrom, type Conversation } from "../../src/terms/humor/dialogues.js";
import { compareTwins } from "../../src/terms/humor/twin-comparison.js";
import { asTranscript, genericTwin, sameLengthSwappedTwin } from "../../src/terms/humor/twins.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}
const size = Number(process.argv[2] ?? 60);
const seed = Number(process.argv[3] ?? 36);
const cueSize = Number(process.argv[4] ?? 30);
const OUT_DIR = "reports/humor-nonanswers";
const PROFILES: Record<string, HumorOptions> = { hardened: {}, seed: { profile: "seed" } };
/** The cues, each appended to every policy turn. */
const CUES = [" xD", " :D", " 😹", " 😀", " (chuckles)", " [laughter]", " ∗chuckles∗", " ~giggling~", " chuckles.", " That made me laugh."];

function corpora(): Record<string, { conversations: Conversation[]; note: string }> {
  const daily = conversationsFrom(readJsonl(sharedPath("dialogue/dailydialog.jsonl.gz")).rows, "dailydialog", { topic: "work" }).filter((c) => c.turns.length >= 4);
  const officeRows = (readJsonl(sharedPath("dialogue/the_office_lines.jsonl.gz")).rows as { season: number }[]).filter((r) => r.season >= 5);
  const office = conversationsFrom(officeRows, "office", { minTurns: 6 });
  const overheard = conversationsFrom(readJsonl(sharedPath("dialogue/overheard_ny.jsonl")).rows, "turns").filter((c) => c.turns.length >= 2 && new Set(c.turns.map((t) => t.speaker)).size >= 2);
  const sample = (name: string, cs: Conversation[]) =>
    createRng(`humor-nonanswers/${name}/${seed}`)
      .shuffle([...cs])
      .slice(0, size);
  return {
    // Work dialogues 601+ : the relevance reference used the first 600.
    dailydialog: { conversations: sample("dailydialog", daily.slice(600)), note: `${size} DailyDialog "work" dialogues with ≥ 4 turns, seeded sample from those after the 600 used for calibration (tuning corpus)` },
    office: { conversations: sample("office", office), note: `${size} of ${office.length} two-speaker exchanges of ≥ 6 lines from The Office seasons 5–9 (seeded sample; seasons 1–4 were the calibration split)` },
    overheard: { conversations: sample("overheard", overheard), note: `${size} of ${overheard.length} Overheard in New York exchanges with ≥ 2 turns and 2 speakers (seeded sample; not used for tuning)` },
  };
}

const withCue = (row: TranscriptRow, cue: string): TranscriptRow => ({ ...row, id: `${row.id}:cue`, turns: row.turns.map((t) => (t.speaker === "policy" ? { ...t, text: t.text + cue } : { ...t })) });
const f4 = (x: number) => (x >= 0 ? "+" : "") + x.toFixed(4);

const started = performance.now();
const server = await startEmbeddedServer();
const models = { audience: memoClient(createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" })), embedder: memoClient(createOpenAIClient({ baseUrl: server.baseUrl, model: "use-lite-512" })) };
const report: Record<string, unknown> = {};
try {
  const sets = corpora();
  for (const [name, corpus] of Object.entries(sets)) {
    const real = corpus.conversations.map((c) => asTranscript(c, c.turns[1].speaker));
    const twins = { generic: real.map((r) => genericTwin(r, seed)!), "same-length": real.map((_, i) => sameLengthSwappedTwin(real, i, seed)) };
    const results: Record<string, unknown> = {};
    console.log(`\n## ${name}: ${corpus.note}; policy turns ${real.reduce((s, r) => s + r.turns.filter((t) => t.speaker === "policy").length, 0)}`);
    console.log("| profile | twin | n | C real / twin | Δ C [95% CI] | AUC C [95% CI] | reward real / twin | Δ reward [95% CI] | AUC reward |");
    console.log("|---|---|---|---|---|---|---|---|---|");
    for (const [profile, options] of Object.entries(PROFILES)) {
      const t0 = performance.now();
      const realFigures = await scoreAll(real, options, models);
      results[profile] = {};
      for (const [kind, rows] of Object.entries(twins)) {
        const cmp = compareTwins(realFigures, await scoreAll(rows, options, models));
        (results[profile] as Record<string, unknown>)[kind] = cmp;
        const c = cmp.scores.C;
        const r = cmp.scores.trainingReward;
        console.log(
          `| ${profile} | ${kind} | ${cmp.n} | ${c.real.toFixed(3)} / ${c.twin.toFixed(3)} | ${f4(c.delta)} [${f4(c.ci[0])}, ${f4(c.ci[1])}] | ${c.auc.toFixed(3)} [${c.aucCi[0].toFixed(3)}, ${c.aucCi[1].toFixed(3)}] | ${r.real.toFixed(4)} / ${r.twin.toFixed(4)} | ${f4(r.delta)} [${f4(r.ci[0])}, ${f4(r.ci[1])}] | ${r.auc.toFixed(3)} |`,
        );
      }
      console.error(`${name} / ${profile}: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    if (name === "dailydialog") {
      // Cues: the hardened default's training reward and C with the cue on every policy turn, minus without.
      const base = real.slice(0, cueSize);
      const baseFigures = await scoreAll(base, {}, models);
      const cues: Record<string, unknown> = {};
      console.log(`\n### laughter cues on every policy turn, hardened default, n = ${base.length} DailyDialog conversations (paired Δ = with cue − without, 95% t interval)`);
      console.log("| cue | Δ training reward [95% CI] | max Δ reward | Δ C [95% CI] | max Δ C |");
      console.log("|---|---|---|---|---|");
      for (const cue of CUES) {
        const cued = await scoreAll(
          base.map((r) => withCue(r, cue)),
          {},
          models,
        );
        const dr = pairedT(
          cued.map((f) => f.trainingReward),
          baseFigures.map((f) => f.trainingReward),
        );
        const dc = pairedT(
          cued.map((f) => f.C),
          baseFigures.map((f) => f.C),
        );
        const maxR = Math.max(...cued.map((f, i) => f.trainingReward - baseFigures[i].trainingReward));
        const maxC = Math.max(...cued.map((f, i) => f.C - baseFigures[i].C));
        cues[cue] = { n: base.length, reward: { delta: dr.meanDiff, ci: dr.ci95, max: maxR }, C: { delta: dc.meanDiff, ci: dc.ci95, max: maxC } };
        const ci = (p: typeof dr) => (p.sd === 0 ? `[${f4(p.ci95[0])}, ${f4(p.ci95[1])}] (every pair equal)` : `[${f4(p.ci95[0])}, ${f4(p.ci95[1])}]`);
        console.log(`| ${JSON.stringify(cue)} | ${f4(dr.meanDiff)} ${ci(dr)} | ${f4(maxR)} | ${f4(dc.meanDiff)} ${ci(dc)} | ${f4(maxC)} |`);
      }
      results.cues = { base_mean_reward: mean(baseFigures.map((f) => f.trainingReward)), base_mean_C: mean(baseFigures.map((f) => f.C)), cues };
    }
    report[name] = { note: corpus.note, n: real.length, results };
  }
} finally {
  await server.close();
}
const seconds = (performance.now() - started) / 1000;
mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(`${OUT_DIR}/report.json`, JSON.stringify({ command: `npx tsx bench/studies/humor-nonanswers.ts ${size} ${seed} ${cueSize}`, seed, seconds, profiles: PROFILES, corpora: report }, null, 1) + "\n");
console.log(
  `\n${seconds.toFixed(0)} s; load ${(await import("node:os"))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}; wrote ${OUT_DIR}/report.json`,
);
