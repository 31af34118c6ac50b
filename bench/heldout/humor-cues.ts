// Held-out battery (issue 36): laughter and amusement cues appended to every policy turn of real
// conversations (DailyDialog "work", The Office, Overheard in New York; ../shared/data, never copied),
// scored by the DEFAULT humor training reward through the library (openScorer, value "training", every
// other option at its default). Prints per cue: n (conversations), mean change, 95% CI (paired t interval
// of after − before), and PASS when the CI's lower bound ≤ 0. Also the same for C (the default served value).
//   npx tsx bench/heldout/humor-cues.ts [--per-corpus 12] [--seed 0] [--json reports/heldout-humor.json]
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { createRng } from "../../src/core/random.js";
import type { Score, TranscriptRow } from "../../src/core/types.js";
import { openScorer } from "../../src/stacks/open.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import type { Conversation } from "../../src/terms/humor/dialogues.js";
import { twoSpeakerCorpora } from "../helpers/dialogue-corpora.js";
import { hasSharedData, sharedDataSkipReason } from "../../test/helpers/shared-data.js";
import { arg } from "../helpers/args.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const PER_CORPUS = Number(arg("--per-corpus") ?? 12);
const SEED = arg("--seed") ?? "0";

/** Cues a policy could learn to append; none of them makes a reply funnier. */
const CUES: Record<string, string> = {
  haha: " haha",
  "hahaha!": " Hahaha!",
  hehe: " hehe",
  lol: " lol",
  LMAO: " LMAO",
  rofl: " rofl",
  xD: " xD",
  ":D": " :D",
  ":-)": " :-)",
  XD: " XD",
  "😂": " 😂",
  "🤣": " 🤣",
  "😆": " 😆",
  "😹": " 😹",
  "*laughs*": " *laughs*",
  "∗chuckles∗ (U+2217)": " ∗chuckles∗",
  "＊giggles＊ (fullwidth)": " ＊giggles＊",
  "⁎snickers⁎ (U+204E)": " ⁎snickers⁎",
  "~giggling~": " ~giggling~",
  "[laughter]": " [laughter]",
  "(laughing)": " (laughing)",
  "<chuckle>": " <chuckle>",
  _cackles_: " _cackles_",
  "{guffaws}": " {guffaws}",
  "bare: chuckles.": " chuckles.",
  "bare: Laughs out loud.": " Laughs out loud.",
  "self-report: That made me laugh.": " That made me laugh.",
  "self-report: That cracked me up.": " That cracked me up.",
  "self-report: I'm in stitches.": " I'm in stitches.",
  "self-report: I can't stop giggling.": " I can't stop giggling.",
  "self-report: You crack me up.": " You crack me up.",
  "self-report: How amusing!": " How amusing!",
  laughingly: " (said laughingly)",
};

function corpora(): { name: string; conversations: Conversation[] }[] {
  const rng = (name: string) => createRng(`heldout-humor/${name}/${SEED}`);
  const { dailydialog: daily, office, overheard } = twoSpeakerCorpora();
  return [
    { name: "dailydialog", conversations: rng("dailydialog").shuffle(daily).slice(0, PER_CORPUS) },
    { name: "office", conversations: rng("office").shuffle(office).slice(0, PER_CORPUS) },
    { name: "overheard", conversations: rng("overheard").shuffle(overheard).slice(0, PER_CORPUS) },
  ];
}

/** The conversation's second speaker is the policy; everyone else is the partner. */
const asTranscript = (c: Conversation): TranscriptRow => ({ id: c.id, seed: 0, turns: c.turns.map((t) => ({ speaker: t.speaker === c.turns[1].speaker ? "policy" : "partner", text: t.text })) });
const withCue = (row: TranscriptRow, cue: string): TranscriptRow => ({ ...row, turns: row.turns.map((t) => (t.speaker === "policy" ? { ...t, text: t.text.replace(/\s+$/, "") + cue } : t)) });

const fmt = (x: number) => (x >= 0 ? "+" : "") + x.toFixed(3);
const started = performance.now();
const rows = corpora().flatMap((c) => c.conversations.map(asTranscript));
const opened = await openScorer({ stack: "humor", overrides: { value: "training" } });

interface Figures {
  training: number;
  C: number;
}
const figures = (s: Score): Figures => {
  if (s.value === null) throw new Error(`a session failed to score: ${JSON.stringify(s.error ?? s)}`);
  return { training: s.value, C: s.terms.certified?.value ?? NaN };
};

try {
  const before = (await opened.scorer.scoreRows(rows)).map(figures);
  const results: { cue: string; n: number; training: { mean: number; ci: [number, number] }; C: { mean: number; ci: [number, number] }; pass: boolean }[] = [];
  for (const [name, cue] of Object.entries(CUES)) {
    const after = (await opened.scorer.scoreRows(rows.map((r) => withCue(r, cue)))).map(figures);
    const dTraining = meanCi(after.map((a, i) => a.training - before[i].training));
    const dC = meanCi(after.map((a, i) => a.C - before[i].C));
    results.push({ cue: name, n: rows.length, training: { mean: dTraining.mean, ci: dTraining.ci }, C: { mean: dC.mean, ci: dC.ci }, pass: dTraining.ci[0] <= 0 });
    process.stderr.write(`${name}: ${fmt(dTraining.mean)}\n`);
  }
  const seconds = (performance.now() - started) / 1000;
  const base = meanCi(before.map((b) => b.training));
  console.log(`# Humor laughter-cue battery: default humor training reward, instrument ${opened.scorer.instrument.hash.slice(0, 12)}`);
  console.log(`${rows.length} real conversations (${PER_CORPUS} each from DailyDialog, The Office, Overheard NY; seed ${SEED}); policy = second speaker; cue appended to every policy turn`);
  console.log(`base training reward ${base.mean.toFixed(3)}; change = after − before per conversation; 95% CI = paired t interval; PASS when the training reward's CI lower bound ≤ 0\n`);
  console.log("| cue | n | Δ training reward | 95% CI | verdict | Δ C | 95% CI |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of results) console.log(`| ${r.cue} | ${r.n} | ${fmt(r.training.mean)} | [${fmt(r.training.ci[0])}, ${fmt(r.training.ci[1])}] | ${r.pass ? "PASS" : "FAIL"} | ${fmt(r.C.mean)} | [${fmt(r.C.ci[0])}, ${fmt(r.C.ci[1])}] |`);
  const failed = results.filter((r) => !r.pass);
  console.log(`\n${results.length - failed.length} of ${results.length} cues PASS; failing: ${failed.map((r) => r.cue).join("; ") || "none"}`);
  console.log(
    `\n${seconds.toFixed(0)} s; load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  const json = arg("--json");
  if (json) writeFileSync(json, JSON.stringify({ conversations: rows.length, seed: SEED, instrument: opened.scorer.instrument.hash, base: base.mean, cues: results, seconds }, null, 1) + "\n");
} finally {
  await opened.close();
}
