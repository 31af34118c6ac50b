// Benchmark: text normalization throughput on real prose (SPEC §3; target ≥ 20 MB/s on 2 cores).
// Reads ../shared/data human and model prose, up to 3 MB from each source (skips with a message when
// absent), then times, over REPS passes each: a baseline (one whitespace-collapsing regex pass: the cost of touching the text
// once), cleanText, stripLaughter with v2-seed and v3, and cleanText + stripLaughter(v3) — the path a
// stack runs. Prints MB/s (UTF-8 bytes, 1 MB = 10^6 bytes) as median and [min, max] over passes, n, peak
// RSS and the ratio to the baseline, both per wall-clock second and per CPU second of this process (on
// a shared machine the wall-clock rate measures the neighbours too; the CPU rate is what one idle core
// would do, since all of this is single-threaded). Then lemma lookups per second: cold (first sight of each form,
// WordNet rules), warm (memoized), and raw wink-lemmatizer calls as the baseline.
// Usage: npx tsx bench/speed/normalization.ts
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { cleanText } from "../../src/text/cleanup.js";
import { loadLaughterVocab, stripLaughter } from "../../src/text/laughter/index.js";
import { lemma } from "../../src/text/lemma.js";
import { words } from "../../src/text/tokenize.js";

const REPS = 5;
/** Per-source cap, so a run takes about a minute on two shared cores. */
const MAX_BYTES_PER_SOURCE = 3_000_000;
const DATA = resolve(process.env.FOOLSGOLD_SHARED_DATA ?? resolve(import.meta.dirname, "../../../shared/data"));
const SOURCES = ["human_prose/gutenberg_paragraphs.jsonl.gz", "human_prose/fiction_brown_1961.jsonl", "model_prose/slopscore_outputs.jsonl.gz"];

function readTexts(rel: string): string[] {
  const path = resolve(DATA, rel);
  const raw = readFileSync(path);
  const text = (rel.endsWith(".gz") ? gunzipSync(raw) : raw).toString("utf8");
  const out: string[] = [];
  let bytes = 0;
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as { text?: unknown };
    if (typeof row.text !== "string") continue;
    out.push(row.text);
    bytes += Buffer.byteLength(row.text, "utf8");
    if (bytes >= MAX_BYTES_PER_SOURCE) break;
  }
  return out;
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

let peakRss = 0;
const sampleRss = (): void => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};

interface Rates {
  wall: number;
  cpu: number;
}

function time(label: string, texts: string[], bytes: number, fn: (s: string) => unknown, baseline?: Rates): Rates {
  const wall: number[] = [];
  const cpu: number[] = [];
  let sink = 0;
  for (let r = 0; r < REPS; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const t of texts) {
      const v = fn(t);
      sink += typeof v === "string" ? v.length : 1;
    }
    const seconds = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    wall.push(bytes / 1e6 / seconds);
    cpu.push(bytes / 1e6 / ((c.user + c.system) / 1e6));
    sampleRss();
  }
  const rates = { wall: median(wall), cpu: median(cpu) };
  const fmt = (xs: number[], m: number): string => `${m.toFixed(1).padStart(6)} [${Math.min(...xs).toFixed(1)}, ${Math.max(...xs).toFixed(1)}]`;
  const ratio = baseline ? `  ${(rates.cpu / baseline.cpu).toFixed(2)}× baseline (CPU)` : "";
  console.log(`${label.padEnd(30)} wall ${fmt(wall, rates.wall)} MB/s   CPU ${fmt(cpu, rates.cpu)} MB/s${ratio}${sink < 0 ? "!" : ""}`);
  return rates;
}

/** Lookups per CPU second of fn over tokens (see the header for why CPU time). */
function perCpuSecond(tokens: string[], fn: (w: string) => unknown): number {
  const c0 = process.cpuUsage();
  for (const w of tokens) fn(w);
  const c = process.cpuUsage(c0);
  return tokens.length / ((c.user + c.system) / 1e6);
}

function lemmaRates(tokens: string[]): void {
  const wink = createRequire(import.meta.url)("wink-lemmatizer") as { verb(w: string): string; noun(w: string): string };
  const distinct = new Set(tokens).size;
  const cold = perCpuSecond(tokens, lemma);
  const warm = Array.from({ length: REPS }, () => perCpuSecond(tokens, lemma));
  const raw = perCpuSecond(tokens, (w) => (wink.verb(w) === w ? wink.noun(w) : w));
  sampleRss();
  const m = (x: number): string => `${(x / 1e6).toFixed(2)}M`;
  console.log(`lemma: n = ${tokens.length} tokens (${distinct} distinct forms), lookups per CPU second`);
  console.log(`  first pass (memo filling)   ${m(cold)}/s`);
  console.log(`  memoized                    ${m(median(warm))}/s  [${m(Math.min(...warm))}, ${m(Math.max(...warm))}] over ${REPS} passes  (${(median(warm) / raw).toFixed(1)}× raw)`);
  console.log(`  baseline: raw wink calls    ${m(raw)}/s`);
}

const missing = SOURCES.filter((s) => !existsSync(resolve(DATA, s)));
if (missing.length === SOURCES.length) {
  console.log(`skipped: no prose found under ${DATA} (set FOOLSGOLD_SHARED_DATA); needs ${SOURCES.join(", ")}`);
  process.exit(0);
}
const texts = SOURCES.filter((s) => !missing.includes(s)).flatMap(readTexts);
const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t, "utf8"), 0);
console.log(`normalization: n = ${texts.length} texts, ${(bytes / 1e6).toFixed(2)} MB (${SOURCES.filter((s) => !missing.includes(s)).join(", ")})`);
if (missing.length) console.log(`  (absent, not measured: ${missing.join(", ")})`);
const v2 = loadLaughterVocab("v2-seed");
const v3 = loadLaughterVocab("v3");
const baseline = time("baseline: one regex pass", texts, bytes, (s) => s.replace(/\s+/g, " "));
time("cleanText", texts, bytes, cleanText, baseline);
time("stripLaughter v2-seed", texts, bytes, (s) => stripLaughter(s, v2).text, baseline);
time("stripLaughter v3", texts, bytes, (s) => stripLaughter(s, v3).text, baseline);
const both = time("cleanText + stripLaughter v3", texts, bytes, (s) => stripLaughter(cleanText(s), v3).text, baseline);
console.log(`(median [min, max] over ${REPS} passes)`);
console.log(
  `target ≥ 20 MB/s for cleanText + stripLaughter: ${both.cpu >= 20 ? "met" : "NOT met"} per CPU second (${both.cpu.toFixed(1)} MB/s); ` +
    `${both.wall >= 20 ? "met" : "not met"} per wall second on this machine now (${both.wall.toFixed(1)} MB/s)`,
);
lemmaRates(texts.flatMap((t) => words(t)));
const maxRssKb = process.resourceUsage().maxRSS;
console.log(`peak RSS: ${(Math.max(peakRss, maxRssKb * 1024) / 2 ** 20).toFixed(0)} MiB`);
