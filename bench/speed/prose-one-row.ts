// Benchmark: prose scoring one row per call, as the server's scoring worker does for a one-sample
// request (issue 38). Opens the prose stack the way the worker does (openScorer, no cache) and scores
// N 300-word samples of the embedded corpus's test split (the texts bench/speed/serve-one-sample.ts
// posts), one `scoreRows` call each. CPU of this process (process.cpuUsage: user + system) per call,
// so other load on the machine hits less. With `--baseline DIR` (another checkout, e.g. main, with
// node_modules) the same is done with DIR's sources in the same process, the two taking turns round by
// round, every score is compared (JSON text) with the baseline's, and the paired ratio this ÷ baseline
// is printed with a 95% t-interval over rounds.
//   npx tsx bench/speed/prose-one-row.ts [--rows 1000] [--rounds 5] [--preset seed] [--baseline DIR] [--dist]
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { readCorpus } from "../../src/models/embedded/corpus.js";
import { arg } from "../helpers/args.js";
import { meanInterval } from "../helpers/http-load.js";

const ROWS = Number(arg("--rows") ?? 1000);
const ROUNDS = Number(arg("--rounds") ?? 5);
const preset = arg("--preset");
const baselineDir = arg("--baseline");
/** Run each tree's compiled dist/ (`npm run build` first) instead of its sources: profiles then name source lines. */
const fromDist = process.argv.includes("--dist");

const texts: string[] = [];
for (const doc of readCorpus().test) {
  const w = doc.text.split(/\s+/).filter(Boolean);
  for (let i = 0; i + 300 <= w.length; i += 300) texts.push(w.slice(i, i + 300).join(" "));
}
const rows = Array.from({ length: ROWS }, (_, k) => ({ id: `${k}`, prompt: "Continue the scene.", output: texts[k % texts.length], step: Math.floor(k / 1024) }));

interface Tree {
  label: string;
  scoreRows(rows: unknown[]): Promise<unknown[]>;
}

async function openTree(root: string, label: string): Promise<Tree> {
  const { openScorer } = await import(pathToFileURL(resolve(root, fromDist ? "dist/stacks/open.js" : "src/stacks/open.ts")).href);
  const opened = await openScorer({ stack: "prose", cache: false, overrides: preset ? { preset } : {} });
  return { label, scoreRows: (r) => opened.scorer.scoreRows(r) };
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e3;
};

/** One pass: every row in its own call; CPU ms per call and the scores' JSON text. */
async function pass(tree: Tree): Promise<{ msPerRow: number; scores: string[] }> {
  const scores: string[] = [];
  const t0 = cpuMs();
  for (const row of rows) scores.push(JSON.stringify((await tree.scoreRows([row]))[0]));
  return { msPerRow: (cpuMs() - t0) / rows.length, scores };
}

const trees = [await openTree(resolve(import.meta.dirname, "../.."), "this")];
if (baselineDir) trees.push(await openTree(resolve(baselineDir), "baseline"));
// Warm-up: two passes each (JIT, lazily built tables, the engines' memos), not timed.
const reference = new Map<string, string[]>();
for (const t of trees) reference.set(t.label, (await pass(t)).scores);
for (const t of trees) await pass(t);
if (baselineDir) {
  const a = reference.get("this")!;
  const b = reference.get("baseline")!;
  const differ = a.filter((s, i) => s !== b[i]).length;
  console.log(`scores compared with the baseline's: ${differ} of ${a.length} differ`);
  if (differ) process.exitCode = 1;
}
const times = new Map<string, number[]>(trees.map((t) => [t.label, []]));
const loads: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 ? [...trees].reverse() : trees;
  for (const t of order) times.get(t.label)!.push((await pass(t)).msPerRow);
  loads.push(loadavg()[0]);
}
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const f = (x: number): string => x.toFixed(3);
console.log(`prose${preset ? ` preset=${preset}` : ""}, one 300-word row per call, n = ${ROWS} calls × ${ROUNDS} rounds, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
for (const [label, xs] of times) {
  const m = meanInterval(xs);
  console.log(`  ${label}: median ${f(median(xs))} CPU ms/call; mean ${f(m.mean)} [${f(m.lo)}, ${f(m.hi)}] (rounds: ${xs.map(f).join(", ")})`);
}
if (baselineDir) {
  const a = times.get("this")!;
  const b = times.get("baseline")!;
  const ratios = a.map((x, i) => x / b[i]);
  const m = meanInterval(ratios);
  console.log(`  paired ratio this ÷ baseline: median ${f(median(ratios))}; mean ${f(m.mean)} [${f(m.lo)}, ${f(m.hi)}] (95% t-interval over ${ratios.length} rounds)`);
}
