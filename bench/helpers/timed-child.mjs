// A whole process to time (bench/score-workers.ts): `node timed-child.mjs REPORT cli ARGS…` runs the
// foolsgold CLI (the built dist/ when it exists, as an installed package runs, else src/ through tsx;
// FOOLSGOLD_BENCH_DIST names another built dist/ instead);
// `node timed-child.mjs REPORT baseline BANK OUT` runs the plain slop scorer. At exit it writes its own
// CPU time (user + system, every thread of the process) and peak RSS to REPORT as JSON.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

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
} else {
  console.error("usage: node timed-child.mjs REPORT (cli ARGS… | baseline BANK OUT)");
  process.exitCode = 2;
}
