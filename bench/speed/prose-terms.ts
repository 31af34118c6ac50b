// Benchmark: the prose stack's terms after preparation (issue 20, the terms part). Every row of a bank
// is prepared once (the stack's `prepare`, not timed here: bench/speed/prose-score.ts covers reading), then
// each term's `measure` runs over all prepared rows the gates pass, as the stack runs it; the whole
// stack (`scoreRows`, which prepares again) is timed too, and what the composition itself costs
// (options, per-term entries, row errors) is the rest of each round: scoreRows − prepare − Σ terms. CPU seconds of this process
// (process.cpuUsage: user + system), not wall, so other load on the machine hits less.
// With `--baseline DIR` (a checkout of main built with `npm run build`) the same is done with DIR's
// dist/ in the same process, the two taking turns in every round, and every term's outcomes are
// compared (JSON) with the baseline's: the ratio is old CPU / new CPU per term.
//   npm run build && npx tsx bench/speed/prose-terms.ts [--in /tmp/prose-creative.jsonl] [--rows N] [--rounds 5] [--baseline /tmp/main-checkout] [--preset seed] [--terms-only]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { meanCi } from "../../src/stats/mean-ci.js";
import { arg } from "../helpers/args.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
interface Tree {
  label: string;
  terms: any[];
  options: any;
  inputs: Record<string, unknown>;
  prepare: (row: any) => unknown;
  scorer: { scoreRows(rows: any[]): Promise<any[]> };
  promptOf: (row: unknown) => unknown;
}

const input = arg("--in") ?? "/tmp/prose-creative.jsonl";
const rounds = Number(arg("--rounds") ?? 5);
const baselineDir = arg("--baseline");
const preset = arg("--preset");
/** Time the terms only, on rows prepared once (for quick A/B while working; no composition figure). */
const termsOnly = process.argv.includes("--terms-only");
const kept: unknown[][] = [];
const lines = readFileSync(input, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "");
const rows = lines.slice(0, Number(arg("--rows") ?? lines.length)).map((l) => JSON.parse(l));
const words = rows.reduce((a, r) => a + (typeof r.output === "string" ? (r.output.match(/\S+/g)?.length ?? 0) : 0), 0);

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

async function openTree(root: string, label: string): Promise<Tree> {
  const dist = (p: string) => import(pathToFileURL(resolve(root, "dist", p)).href);
  const prose = await dist("stacks/prose.js");
  const prep = await dist("terms/prose/stack/prepare.js");
  const { loadDictionary } = await dist("mining/dictionary.js");
  const { promptOf } = await dist("stacks/prompt.js");
  const options = prose.proseOptions.parse(preset ? { preset } : {});
  const dictionary = loadDictionary(prose.DEFAULT_DICTIONARY_PATH);
  const compiled = prep.compileProse(dictionary, options.openers.mode);
  const scorer = await prose.proseStack.create(options, {});
  return {
    label,
    terms: [...prose.PROSE_STACK_TERMS],
    options,
    inputs: { dictionary, phraseRates: null, phrase_rates: undefined },
    prepare: (row) => prep.prepareProse(row, compiled, options.reading, options.gates.script),
    scorer,
    promptOf,
  };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (x: number, d = 3): number => Math.round(x * 10 ** d) / 10 ** d;

interface Timing {
  terms: Map<string, number>;
  /** Σ terms of each timed round, in order (paired with the baseline's round by round). */
  termRounds: number[];
  prepare: number;
  stack: number;
  /** Per round: scoreRows − prepare − Σ terms of that round (what the composition adds). */
  composition: number[];
}

/** One pass of everything over the bank; the best (least) CPU per piece is kept across rounds. */
async function pass(t: Tree, best: Timing, outcomes: Map<string, string> | null, k: number): Promise<void> {
  best.termRounds.push(0);
  let c0 = cpu();
  let prepared: unknown[];
  let prepareSpent = 0;
  if (termsOnly && kept[k]) {
    // Shallow copies: the same scans, but nothing a term memoizes per prepared row carries over.
    prepared = kept[k].map((p) => ({ ...(p as object) }));
  } else {
    prepared = rows.map((r) => t.prepare(r));
    prepareSpent = cpu() - c0;
    best.prepare = Math.min(best.prepare, prepareSpent);
    kept[k] = prepared;
  }
  const prompts = rows.map(t.promptOf);
  let live = rows.map((_, i) => i);
  let termsSpent = 0;
  for (const term of t.terms) {
    const ctx = { options: t.options, models: {}, inputs: t.inputs, prepared: live.map((i) => prepared[i]), prompts: live.map((i) => prompts[i]) };
    const batch = live.map((i) => rows[i]);
    c0 = cpu();
    const out = await term.measure(batch, ctx);
    const spent = cpu() - c0;
    termsSpent += spent;
    const name = term.meta.name as string;
    best.terms.set(name, Math.min(best.terms.get(name) ?? Infinity, spent));
    best.termRounds[best.termRounds.length - 1] += spent;
    outcomes?.set(name, JSON.stringify(out));
    if (term.meta.kind === "gate") live = live.filter((_, k) => out[k].value !== 0);
  }
  if (termsOnly && !outcomes) return;
  c0 = cpu();
  const scores = await t.scorer.scoreRows(rows);
  const stackSpent = cpu() - c0;
  best.stack = Math.min(best.stack, stackSpent);
  best.composition.push(stackSpent - prepareSpent - termsSpent);
  outcomes?.set("scores", JSON.stringify(scores));
}

const trees = [await openTree(resolve(import.meta.dirname, "../.."), "this tree")];
if (baselineDir) trees.push(await openTree(baselineDir, `baseline ${baselineDir}`));
const timings: Timing[] = trees.map(() => ({ terms: new Map(), termRounds: [], prepare: Infinity, stack: Infinity, composition: [] }));
const outcomes = trees.map(() => new Map<string, string>());
const load = [loadavg()[0]];
// Warm-up (JIT, word tables, lemmas) and the outcomes compared; then the timed rounds, taking turns.
for (const [k, t] of trees.entries()) await pass(t, { terms: new Map(), termRounds: [], prepare: Infinity, stack: Infinity, composition: [] }, outcomes[k], k);
for (let r = 0; r < rounds; r++) {
  for (const [k, t] of trees.entries()) await pass(t, timings[k], null, k);
  load.push(loadavg()[0]);
}

const report = trees.map((t, k) => {
  const tm = timings[k];
  const termSum = [...tm.terms.values()].reduce((a, b) => a + b, 0);
  const composition = termsOnly ? 0 : median(tm.composition);
  const part = termSum + Math.max(0, composition);
  return {
    tree: t.label,
    terms_cpu_s: Object.fromEntries([...tm.terms].map(([name, s]) => [name, round(s)])),
    terms_total_cpu_s: round(termSum),
    terms_total_cpu_s_per_round: tm.termRounds.map((x) => round(x)),
    composition_cpu_s: termsOnly ? null : { median: round(composition), rounds: tm.composition.map((x) => round(x)), note: "the difference of larger figures (scoreRows prepares again): within their noise on a loaded machine" },
    prepare_cpu_s: round(tm.prepare),
    stack_cpu_s: termsOnly ? null : round(tm.stack),
    terms_and_composition_words_per_cpu_s: Math.round(words / part),
    stack_words_per_cpu_s: termsOnly ? null : Math.round(words / tm.stack),
  };
});
const out: Record<string, unknown> = {
  input: { file: input, rows: rows.length, words, preset: preset ?? "hardened (default)" },
  rounds,
  statistic: "best (least CPU) of the rounds, per piece; each piece timed over the whole bank",
  load_avg_1m: { min: round(Math.min(...load), 2), max: round(Math.max(...load), 2) },
  units: "CPU seconds (user + system of this process); words = whitespace-separated tokens of `output`",
  report,
};
if (baselineDir) {
  const [now, old] = timings;
  const nowPart = [...now.terms.values()].reduce((a, b) => a + b, 0);
  const oldPart = [...old.terms.values()].reduce((a, b) => a + b, 0);
  out.ratio_old_over_new_cpu = {
    ...Object.fromEntries([...now.terms].map(([name, s]) => [name, round((old.terms.get(name) ?? NaN) / s, 2)])),
    terms_total: round(oldPart / nowPart, 2),
    ...(termsOnly ? {} : { stack: round(old.stack / now.stack, 2) }),
  };
  // Per round, the baseline's Σ terms over this tree's (they ran back to back): a 95% t interval over the rounds.
  const paired = now.termRounds.map((x, r) => old.termRounds[r] / x);
  if (paired.length >= 2) {
    const ci = meanCi(paired);
    out.terms_total_ratio_by_round = { n: ci.n, mean: round(ci.mean, 2), ci95: ci.ci.map((x) => round(x, 2)), rounds: paired.map((x) => round(x, 2)), note: "baseline CPU / this tree's, round by round" };
  }
  out.identical_outcomes = Object.fromEntries([...outcomes[0]].map(([name, json]) => [name, json === outcomes[1].get(name)]));
}
console.log(JSON.stringify(out, null, 2));
