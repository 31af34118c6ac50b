// Benchmark: reading and preparing prose replies (issue 20, the part before the terms): the thinking
// split, `readReply` (markup, unhide, marks, look-alikes), the scan, `languageStats`, and the whole
// `prepareProse` that every prose term reads. CPU seconds of this process (user + system), best of
// ROUNDS interleaved rounds after a warm-up, so load that comes and goes hits every configuration alike.
// With --baseline DIR (another checkout's root, e.g. main exported with `git archive main | tar -x -C DIR`
// and node_modules linked), the same pieces of that checkout run in this process, taking turns with
// this one, and the bench checks that both prepare every row the same (text, notProse, scan, language).
// With --cold K, each checkout also prepares the whole bank once in each of K fresh processes (taking
// turns): what a `score` process pays, first sight of every word form and the JIT's warm-up included,
// CPU of the whole child process (its GC threads too) during that one pass.
//   npx tsx bench/speed/prose-read.ts [--in BANK.jsonl] [--rows N] [--rounds R] [--baseline DIR] [--cold K]
// Without --in: the 3,295 creative replies of ../shared/data/model_prose/slopscore_outputs (4.28 M words).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { BankRow } from "../../src/core/types.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { arg } from "../helpers/args.js";
import { loadModelProse } from "../helpers/prose-data.js";

/** What the bench calls in a checkout: the same exports on both sides. */
interface Pipeline {
  label: string;
  splitThinking: (output: string, thinking: boolean | undefined) => { reply: string };
  readReply: (reply: string, reading: unknown) => { text: string; notProse: number };
  prepareProse: (row: BankRow, compiled: unknown, reading: unknown, script: "runs" | "characters") => Prepared;
  scanText: (text: string, lexicon: unknown, buffers: unknown) => unknown;
  createBuffers: () => unknown;
  languageStats: (text: string, scan: unknown, lexicon: unknown, prompt: string, promptWords: () => Set<string>, script: "runs" | "characters") => unknown;
  words: (s: string) => string[];
  promptText: (row: BankRow) => string;
  compiled: { lexicon: { surfaces: string[] } };
  reading: unknown;
  script: "runs" | "characters";
}

interface Prepared {
  text: string;
  notProse: number;
  scan: { n: number; surface: Int32Array; flags: Int32Array; sentence: Int32Array; start: Int32Array; sentences: number };
  lang: unknown;
}

async function pipeline(root: string, label: string): Promise<Pipeline> {
  const load = (p: string) => import(pathToFileURL(join(root, p)).href);
  const [prepare, read, thinking, scan, language, tokenize, dictionary, prose, presets] = await Promise.all([
    load("src/terms/prose/stack/prepare.ts"),
    load("src/terms/prose/read.ts"),
    load("src/terms/prose/thinking-block.ts"),
    load("src/text/scan.ts"),
    load("src/terms/prose/language.ts"),
    load("src/text/tokenize.ts"),
    load("src/mining/dictionary.ts"),
    load("src/stacks/prose.ts"),
    load("src/terms/prose/presets.ts"),
  ]);
  const options = presets.PROSE_PRESETS.hardened.settings;
  const compiled = prepare.compileProse(dictionary.loadDictionary(prose.DEFAULT_DICTIONARY_PATH), options.openers.mode);
  return {
    label,
    splitThinking: thinking.splitThinking,
    readReply: read.readReply,
    prepareProse: prepare.prepareProse,
    scanText: scan.scanText,
    createBuffers: scan.createBuffers,
    languageStats: language.languageStats,
    words: tokenize.words,
    promptText: prepare.promptText,
    compiled,
    reading: options.reading,
    script: options.gates.script,
  };
}

if (!arg("--in") && !hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}
const input = arg("--in");
const rows: BankRow[] = (
  input
    ? readFileSync(input, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as BankRow)
    : loadModelProse(sharedPath("model_prose/slopscore_outputs.jsonl.gz")).filter((r) => r.meta.kind === "creative")
).slice(0, Number(arg("--rows") ?? Infinity));
const words = rows.reduce((a, r) => a + (typeof r.output === "string" ? (r.output.match(/\S+/g)?.length ?? 0) : 0), 0);
const ROUNDS = Number(arg("--rounds") ?? 5);

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

// A child of --cold: one prepare pass over the bank by the checkout at --cold-child, from fresh modules.
const coldRoot = arg("--cold-child");
if (coldRoot !== undefined) {
  const p = await pipeline(resolve(coldRoot), "cold");
  const c0 = cpu();
  let n = 0;
  for (const r of rows) n += p.prepareProse(r, p.compiled, p.reading, p.script).scan.n;
  console.log(JSON.stringify({ cpu_s: cpu() - c0, words_scanned: n }));
  process.exit(0);
}

const here = resolve(import.meta.dirname, "../..");
const baselineDir = arg("--baseline");
const pipes = [await pipeline(here, "this checkout"), ...(baselineDir ? [await pipeline(resolve(baselineDir), `baseline ${baselineDir}`)] : [])];

/** The timed pieces of one checkout; each runs over every row. */
function pieces(p: Pipeline): { name: string; run: () => void }[] {
  const replies = rows.map((r) => p.splitThinking(r.output as string, r.thinking).reply);
  const texts = replies.map((r) => p.readReply(r, p.reading).text);
  const buffers = p.createBuffers();
  const scans = texts.map((t) => structuredClone(p.scanText(t, p.compiled.lexicon, buffers)));
  const prompts = rows.map((r) => p.promptText(r));
  let sink = 0;
  return [
    { name: "splitThinking", run: () => rows.forEach((r) => (sink += p.splitThinking(r.output as string, r.thinking).reply.length)) },
    { name: "readReply", run: () => replies.forEach((r) => (sink += p.readReply(r, p.reading).text.length)) },
    { name: "scanText", run: () => texts.forEach((t) => (sink += (p.scanText(t, p.compiled.lexicon, buffers) as { n: number }).n)) },
    {
      name: "languageStats",
      run: () =>
        texts.forEach((t, i) => {
          let pw: Set<string> | undefined;
          const prompt = prompts[i];
          sink += (p.languageStats(t, scans[i], p.compiled.lexicon, prompt, () => (pw ??= new Set(p.words(prompt))), p.script) as { words: number }).words;
        }),
    },
    { name: "prepareProse (all of the above, with copies)", run: () => rows.forEach((r) => (sink += p.prepareProse(r, p.compiled, p.reading, p.script).scan.n)) },
    { name: "sink", run: () => void (sink < 0 && console.log(sink)) },
  ].filter((x) => x.name !== "sink");
}

/** Every row prepared the same by both checkouts: text, notProse, the scan (as word strings) and the language figures. */
function sameRows(a: Pipeline, b: Pipeline): { rows: number; identical: number; first_difference?: string } {
  let identical = 0;
  let first: string | undefined;
  const view = (p: Pipeline, x: Prepared) => {
    const { scan } = x;
    const surfaces = Array.from(scan.surface.subarray(0, scan.n), (id) => p.compiled.lexicon.surfaces[id]);
    return JSON.stringify([x.text, x.notProse, surfaces, [...scan.flags.subarray(0, scan.n)], [...scan.sentence.subarray(0, scan.n)], [...scan.start.subarray(0, scan.n)], scan.sentences, x.lang]);
  };
  rows.forEach((r, i) => {
    const same = view(a, a.prepareProse(r, a.compiled, a.reading, a.script)) === view(b, b.prepareProse(r, b.compiled, b.reading, b.script));
    if (same) identical++;
    else first ??= String(r.id ?? i);
  });
  return { rows: rows.length, identical, ...(first === undefined ? {} : { first_difference: first }) };
}

/** CPU seconds of one prepare pass in each of K fresh processes per checkout, the checkouts taking turns. */
function coldRuns(k: number): { checkout: string; cpu_s: number[] }[] {
  const roots = [here, ...(baselineDir ? [resolve(baselineDir)] : [])];
  const out = roots.map((_root, i) => ({ checkout: pipes[i].label, cpu_s: [] as number[] }));
  const pass = [...process.argv.slice(2).filter((a, i, all) => a !== "--cold" && all[i - 1] !== "--cold" && a !== "--baseline" && all[i - 1] !== "--baseline")];
  for (let run = 0; run < k; run++) {
    roots.forEach((root, i) => {
      const child = execFileSync(process.execPath, [...process.execArgv, import.meta.filename, ...pass, "--cold-child", root], { encoding: "utf8", maxBuffer: 1 << 20 });
      out[i].cpu_s.push(round(JSON.parse(child.trim().split("\n").pop()!).cpu_s, 3));
    });
  }
  return out;
}

const load0 = loadavg()[0];
// --rounds 0: only the cold runs (and the same-rows check).
const configs = ROUNDS > 0 ? pipes.flatMap((p) => pieces(p).map((x) => ({ label: p.label, ...x }))) : [];
for (const c of configs) c.run();
const times: number[][] = configs.map(() => []);
for (let k = 0; k < ROUNDS; k++) {
  configs.forEach((c, i) => {
    const c0 = cpu();
    c.run();
    times[i].push(cpu() - c0);
  });
}
const round = (x: number, d: number): number => Math.round(x * 10 ** d) / 10 ** d;
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const coldK = Number(arg("--cold") ?? 0);
const cold = coldK > 0 ? coldRuns(coldK) : undefined;
const coldRatios =
  cold && cold.length === 2
    ? (() => {
        const paired = cold[0].cpu_s.map((t, k) => cold[1].cpu_s[k] / t);
        return { speedup_median_of_runs: round(median(paired), 2), speedup_range: [round(Math.min(...paired), 2), round(Math.max(...paired), 2)], runs: paired.length };
      })()
    : undefined;
const results = configs.map((c, i) => {
  const best = Math.min(...times[i]);
  return { checkout: c.label, piece: c.name, cpu_s_best: round(best, 3), cpu_s_rounds: times[i].map((t) => round(t, 3)), words_per_cpu_s: Math.round(words / best) };
});
// Speed-up per round (baseline CPU / this CPU, the two run back to back in the same round), so load that
// changes between rounds cancels; the median and range over the rounds are given.
const ratios = baselineDir
  ? configs
      .map((c, i) => ({ c, i }))
      .filter(({ c }) => c.label === pipes[0].label)
      .map(({ c, i }) => {
        const j = configs.findIndex((b) => b.label !== pipes[0].label && b.name === c.name);
        const paired = times[i].map((t, k) => times[j][k] / t);
        return { piece: c.name, speedup_best: round(Math.min(...times[j]) / Math.min(...times[i]), 2), speedup_median_of_rounds: round(median(paired), 2), speedup_range: [round(Math.min(...paired), 2), round(Math.max(...paired), 2)] };
      })
  : undefined;
console.log(
  JSON.stringify(
    {
      input: { replies: rows.length, words, source: input ?? "shared slopscore_outputs, creative" },
      rounds: ROUNDS,
      results,
      ...(ratios ? { ratios, same_prepared_rows: sameRows(pipes[0], pipes[1]) } : {}),
      ...(cold
        ? {
            cold_prepare: cold.map((c) => ({ ...c, median_cpu_s: round(median(c.cpu_s), 3), words_per_cpu_s: Math.round(words / median(c.cpu_s)) })),
            ...(coldRatios ? { cold_speedup: coldRatios } : {}),
          }
        : {}),
      load_average_1m: { before: round(load0, 2), after: round(loadavg()[0], 2) },
      note: `${cold ? `cold_prepare: one prepareProse pass over every row in each of ${coldK} fresh processes per checkout (taking turns), CPU of that child process; ` : ""}CPU seconds of this process (user+system) per piece over all ${rows.length} rows, ${ROUNDS} interleaved rounds after one warm-up round (best and every round given); words = whitespace-separated tokens of the raw outputs; speed-ups are baseline CPU / this checkout's CPU`,
    },
    null,
    2,
  ),
);
