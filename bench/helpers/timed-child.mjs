// A whole process to time (bench/speed/score-workers.ts): `node timed-child.mjs REPORT cli ARGS…` runs the
// foolsgold CLI (the built dist/ when it exists, as an installed package runs, else src/ through tsx;
// FOOLSGOLD_BENCH_DIST names another built dist/ instead);
// `node timed-child.mjs REPORT baseline BANK OUT` runs the plain slop scorer, and
// `node timed-child.mjs REPORT public DIR BANK OUT` the public slop-score scorer from a checkout at DIR. At exit it writes its own
// CPU time (user + system, every thread of the process) and peak RSS to REPORT as JSON.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [report, mode, ...args] = process.argv.slice(2);
const root = new URL("../../", import.meta.url);
const shared = new URL("../shared/data/", root);
let runs = "";
process.on("exit", () => {
  const u = process.cpuUsage();
  writeFileSync(report, JSON.stringify({ cpu_s: (u.user + u.system) / 1e6, user_s: u.user / 1e6, sys_s: u.system / 1e6, max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024), runs }));
});

if (mode === "cli") {
  let main;
  // FOOLSGOLD_BENCH_DIST=DIR: another checkout's built dist/ (a baseline timed in the same bench).
  if (process.env.FOOLSGOLD_BENCH_DIST) {
    runs = process.env.FOOLSGOLD_BENCH_DIST;
    ({ main } = await import(new URL("cli/index.js", `file://${process.env.FOOLSGOLD_BENCH_DIST.replace(/\/?$/, "/")}`).href));
  } else if (existsSync(new URL("dist/cli/index.js", root))) {
    runs = "dist";
    ({ main } = await import(new URL("dist/cli/index.js", root).href));
  } else {
    runs = "src (tsx)";
    const { register } = await import("tsx/esm/api");
    register();
    ({ main } = await import(new URL("src/cli/index.ts", root).href));
  }
  process.exitCode = await main(["node", "foolsgold", ...args]);
} else if (mode === "baseline") {
  // The public slop-score scorer's method: lower-cased word list, trigram list (the first three words of
  // every over-used phrase) and a "not X but Y" regex; no part-of-speech stage. One score line per row.
  runs = "plain JS";
  const [bank, out] = args;
  const words = new Set(JSON.parse(readFileSync(new URL("reference_lists/slop_words_2025-04-07.json", shared), "utf8")).map(([w]) => w.toLowerCase()));
  const trigrams = new Set(JSON.parse(readFileSync(new URL("reference_lists/slop_phrases_2025-04-07.json", shared), "utf8")).map(([p]) => p.toLowerCase().split(/\s+/).slice(0, 3).join(" ")));
  const NOT_X_BUT_Y = /\bnot\s+(?:\w+\s+){0,5}?\w+\s*,?\s+but\s+/gi;
  const lines = [];
  for (const line of readFileSync(bank, "utf8").split("\n")) {
    if (!line) continue;
    const row = JSON.parse(line);
    const ws = row.output.toLowerCase().match(/[a-z']+/g) ?? [];
    let wordHits = 0;
    let trigramHits = 0;
    for (let i = 0; i < ws.length; i++) {
      if (words.has(ws[i])) wordHits++;
      if (i + 2 < ws.length && trigrams.has(`${ws[i]} ${ws[i + 1]} ${ws[i + 2]}`)) trigramHits++;
    }
    const contrast = row.output.match(NOT_X_BUT_Y)?.length ?? 0;
    const per1k = (n) => (1000 * n) / Math.max(1, ws.length);
    lines.push(JSON.stringify({ ...row, score: { words: per1k(wordHits), trigrams: per1k(trigramHits), contrast: per1k(contrast) } }));
  }
  writeFileSync(out, lines.join("\n") + "\n");
} else if (mode === "public") {
  // The public slop-score scorer itself (a checkout of sam-paech/slop-score at DIR, fetched outside this
  // repo), per row as issue 20 timed it: its word list and trigram list (computeSlopIndex on its own
  // tokens) and its contrast detector, whose part-of-speech stage runs only once a tagger is loaded in a
  // browser; none is here, so the stage is off, as in the issue. Its modules read their lists with
  // fetch("./data/…"): fetch answers from DIR's files, as its own leaderboard script patches it.
  const [dir, bank, out] = args;
  runs = `public slop-score at ${dir}`;
  process.chdir(dir);
  globalThis.fetch = async (path) => {
    const text = readFileSync(path, "utf8");
    return { ok: true, status: 200, json: async () => JSON.parse(text), text: async () => text };
  };
  const at = (file) => pathToFileURL(join(process.cwd(), file)).href;
  const { loadSlopSets, computeSlopIndex } = await import(at("js/metrics.js"));
  const { wordsOnlyLower, alphaTokens } = await import(at("js/utils.js"));
  const { extractContrastMatches } = await import(at("js/contrast-detector.js"));
  const { hasPosTagger } = await import(at("js/pos-tagger.js"));
  if (hasPosTagger()) throw new Error("public: a part-of-speech tagger is loaded; the issue's figure ran without one");
  await loadSlopSets();
  // The detector logs every match; the leaderboard script silences the console around it, as here.
  const quiet = ["log", "group", "groupEnd", "warn", "error", "info", "debug"];
  const saved = Object.fromEntries(quiet.map((k) => [k, console[k]]));
  const lines = [];
  for (const line of readFileSync(bank, "utf8").split("\n")) {
    if (!line) continue;
    const row = JSON.parse(line);
    const slop = computeSlopIndex(alphaTokens(wordsOnlyLower(row.output)), false);
    for (const k of quiet) console[k] = () => {};
    const contrast = extractContrastMatches(row.output);
    Object.assign(console, saved);
    const perChars = (1000 * contrast.length) / Math.max(1, row.output.length);
    lines.push(JSON.stringify({ id: row.id, score: { words: slop.wordScore, trigrams: slop.trigramScore, contrast_per_1k_chars: perChars } }));
  }
  writeFileSync(out, lines.join("\n") + "\n");
} else {
  console.error("usage: node timed-child.mjs REPORT (cli ARGS… | baseline BANK OUT | public SLOP_SCORE_DIR BANK OUT)");
  process.exitCode = 2;
}
