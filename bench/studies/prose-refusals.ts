// The refusal gate on real text (issue 36): false positives on every human text in the shared data
// (goal 0) and true positives on the real refusals found in the shared model outputs, for the three
// refusal rules (seed "start", the former hardened "anywhere", the hardened default "declines"). A text
// is gated as a refusal when it is shorter than the gate's refusalMaxWords and the rule fires, as in
// src/terms/prose/gates.ts.
// The refusals were collected by reading every model output under 150 words whose first 300 characters
// hold sorry / can't / cannot / unable / won't / decline / as an AI / language model (14 outputs), and
// keeping those that decline the request (listed in REFUSALS).
// Writes reports/prose-refusals/report.json (counts and the ids of hits; no corpus text).
//   npx tsx bench/studies/prose-refusals.ts
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { DEFAULT_GATE_OPTIONS, isRefusal } from "../../src/terms/prose/gates.js";
import { wilsonCi } from "../../src/stats/proportion.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

/** JSON lines of a file, skipping the lines that are not JSON (some published files hold a few). */
function lines(rel: string): Record<string, unknown>[] {
  const raw = readFileSync(sharedPath(rel));
  const text = (rel.endsWith(".gz") ? gunzipSync(raw) : raw).toString("utf8");
  const out: Record<string, unknown>[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // as published: a few spliced or truncated records
    }
  }
  return out;
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");
/** Every human text, one reply each: a paragraph, a passage, a story, a dialogue turn, a line, a joke. */
const HUMAN: Record<string, string[]> = {
  gutenberg_paragraphs: lines("human_prose/gutenberg_paragraphs.jsonl.gz").map((r) => str(r.text)),
  brown_fiction_paragraphs: lines("human_prose/fiction_brown_1961.jsonl").flatMap((r) => str(r.text).split(/\n\s*\n/)),
  hanna_human_stories: lines("human_prose/fiction_writingprompts_human_hanna.jsonl").map((r) => str(r.text)),
  dailydialog_turns: lines("dialogue/dailydialog.jsonl.gz").flatMap((r) => (Array.isArray(r.turns) ? r.turns.map(str) : [])),
  the_office_lines: lines("dialogue/the_office_lines.jsonl.gz").map((r) => str(r.text)),
  overheard_ny: lines("dialogue/overheard_ny.jsonl").map((r) => (Array.isArray(r.turns) ? r.turns.map((t) => (typeof t === "string" ? t : str((t as { text?: string }).text))).join("\n") : str(r.text))),
  jokes: [...lines("jokes/jokes_reddit_qa.jsonl"), ...lines("jokes/jokes_reddit_dadjokes.jsonl"), ...lines("jokes/jokes_clean_setup_punchline.jsonl")].map((r) => `${str(r.setup)} ${str(r.punchline)}`.trim()),
  jokes_oneliners: lines("jokes/jokes_oneliners_npm.jsonl").map((r) => str(r.text ?? r.body)),
  rjokes: lines("jokes/jokes_rjokes_scored.jsonl.gz").map((r) => str(r.text)),
  fortunes: lines("jokes/fortunes_en.jsonl.gz").map((r) => str(r.text)),
};

/** The refusals found in the shared model outputs (file → 0-based line numbers). */
const REFUSALS: Record<string, number[]> = {
  "model_prose/slopscore_outputs.jsonl.gz": [5397, 5398, 5399, 5400, 5527],
  "hacking_runs/ifeval_responses_gpt4_baseline.jsonl.gz": [338],
};

const words = (s: string): number => s.split(/\s+/).filter(Boolean).length;
const gated = (text: string, mode: "start" | "anywhere" | "declines"): boolean => words(text) < DEFAULT_GATE_OPTIONS.refusalMaxWords && isRefusal(text, mode);
const MODES = ["start", "anywhere", "declines"] as const;

const report: Record<string, unknown> = {};
const falsePositives: Record<string, Record<string, number>> = {};
let total = 0;
for (const [name, texts] of Object.entries(HUMAN)) {
  const kept = texts.filter((t) => t.trim());
  total += kept.length;
  falsePositives[name] = { n: kept.length, ...Object.fromEntries(MODES.map((m) => [m, kept.filter((t) => gated(t, m)).length])) };
}
report.false_positives = { by_source: falsePositives, n_texts: total, ...Object.fromEntries(MODES.map((m) => [m, Object.values(falsePositives).reduce((a, s) => a + s[m], 0)])) };
const refusals = Object.entries(REFUSALS).flatMap(([file, at]) => {
  const rows = lines(file);
  return at.map((i) => str(rows[i].text ?? rows[i].response));
});
report.true_positives = Object.fromEntries(
  MODES.map((m) => {
    const hits = refusals.filter((t) => gated(t, m)).length;
    return [m, { hits, n: refusals.length, wilson95: wilsonCi(hits, refusals.length).ci.map((x) => Math.round(x * 1000) / 1000) }];
  }),
);
for (const m of MODES) {
  const fp = report.false_positives as Record<string, number>;
  (report as Record<string, unknown>)[`fp_rate_${m}`] = { fp: fp[m], n: total, wilson95: wilsonCi(fp[m], total).ci.map((x) => Math.round(x * 1e6) / 1e6) };
}
mkdirSync("reports/prose-refusals", { recursive: true });
writeFileSync("reports/prose-refusals/report.json", JSON.stringify(report, null, 2) + "\n");
console.log(JSON.stringify(report, null, 2));
