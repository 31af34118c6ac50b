// Benchmark: the prose language gate's measure (languageStats, src/terms/prose/language.ts) over a bank,
// this checkout's dist/ against --baseline DIR's, in one process, the two taking turns every round.
// Each side prepares every row once with its own dist (the scan and lexicon it reads), then times
// languageStats alone over all rows per round; the first rounds (JIT warm-up) are dropped. CPU of this
// process (user + system), not wall. Prints ms per round (95 % t interval), the per-round ratio
// baseline / this, load, and whether both sides gave the same figures.
//   npm run build && npx tsx bench/speed/prose-language.ts --baseline /tmp/base30 [--in /tmp/prose-creative.jsonl] [--rounds 8] [--warmup 2]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { meanCi } from "../../src/stats/mean-ci.js";
import { arg } from "../helpers/args.js";

/* eslint-disable @typescript-eslint/no-explicit-any */
const input = arg("--in") ?? "/tmp/prose-creative.jsonl";
const baselineDir = arg("--baseline");
const rounds = Number(arg("--rounds") ?? 8);
const warmup = Number(arg("--warmup") ?? 2);
if (!baselineDir) {
  console.error("usage: npx tsx bench/speed/prose-language.ts --baseline DIR [--in BANK] [--rounds N] [--warmup N]");
  process.exit(2);
}
const rows = readFileSync(input, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l));

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** One side: its rows prepared once, and a round that measures every row's language figures. */
async function openSide(root: string): Promise<() => number[]> {
  const dist = (p: string) => import(pathToFileURL(resolve(root, "dist", p)).href);
  const prose = await dist("stacks/prose.js");
  const prep = await dist("terms/prose/stack/prepare.js");
  const lang = await dist("terms/prose/language.js");
  const { words } = await dist("text/tokenize.js");
  const { loadDictionary } = await dist("mining/dictionary.js");
  const options = prose.proseOptions.parse({});
  const compiled = prep.compileProse(loadDictionary(prose.DEFAULT_DICTIONARY_PATH), options.openers.mode);
  const prepared = rows.map((r: any) => prep.prepareProse(r, compiled, options.reading, options.gates.script));
  // One word set per prompt, handed for every reply to it, as prepare.ts's memo does.
  const sets = new Map<string, Set<string>>();
  const promptWords = (prompt: string): Set<string> => sets.get(prompt) ?? sets.set(prompt, new Set(words(prompt))).get(prompt)!;
  return () =>
    prepared.map((p: any) => {
      const prompt = prep.promptText(p.row);
      const s = lang.languageStats(p.text, p.scan, compiled.lexicon, prompt, () => promptWords(prompt), options.gates.script);
      return s.words + s.commonEnglish;
    });
}

const sides = { this: await openSide("."), baseline: await openSide(baselineDir) };
const ms: Record<keyof typeof sides, number[]> = { this: [], baseline: [] };
const loads: number[] = [];
let same = true;
for (let r = 0; r < warmup + rounds; r++) {
  const order: (keyof typeof sides)[] = r % 2 ? ["baseline", "this"] : ["this", "baseline"];
  const figures: Record<string, number[]> = {};
  for (const side of order) {
    const t = cpuMs();
    figures[side] = sides[side]();
    if (r >= warmup) ms[side].push(cpuMs() - t);
  }
  same &&= figures.this.every((x, i) => x === figures.baseline[i]);
  loads.push(loadavg()[0]);
}
const round = (x: number, d = 1): number => Math.round(x * 10 ** d) / 10 ** d;
const summary = (xs: number[], d = 1) => {
  const c = meanCi(xs);
  return { n: c.n, mean: round(c.mean, d), ci95: c.ci.map((x) => round(x, d)) };
};
console.log(
  JSON.stringify(
    {
      bank: input,
      rows: rows.length,
      units: "CPU ms per round of languageStats over every row (this process, user + system)",
      load_avg_1m: { min: round(Math.min(...loads), 2), max: round(Math.max(...loads), 2) },
      this_ms: summary(ms.this),
      baseline_ms: summary(ms.baseline),
      ratio_baseline_over_this: {
        ...summary(
          ms.baseline.map((b, i) => b / ms.this[i]),
          3,
        ),
        note: "per round, 95% t interval over the rounds",
      },
      same_figures_every_round: same,
    },
    null,
    2,
  ),
);
