// The hunt's generated categories on the prose stack: classes found, each with its mean gain, 95% CI
// and n, over real creative replies (slop-score outputs, ../shared/data; the held-out lines, index ≡ 7
// mod 10, are skipped). Usage:
//   npx tsx bench/studies/hunt-categories.ts [rows=60] [budget=1500] [preset=seed|hardened] [families=all]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { huntStack, type Family } from "../../src/hunt/index.js";
import { loadDictionary } from "../../src/mining/dictionary.js";
import { DEFAULT_DICTIONARY_PATH } from "../../src/stacks/prose.js";
import { openScorer } from "../../src/stacks/open.js";

const nRows = Number(process.argv[2] ?? 60);
const budget = Number(process.argv[3] ?? 1500);
const preset = process.argv[4] ?? "seed";
const families = process.argv[5] && process.argv[5] !== "all" ? (process.argv[5].split(",") as Family[]) : undefined;
const data = resolve(process.env.FOOLSGOLD_SHARED_DATA ?? resolve(import.meta.dirname, "../../../shared/data"));
const lines = gunzipSync(readFileSync(resolve(data, "model_prose/slopscore_outputs.jsonl.gz")))
  .toString("utf8")
  .split("\n")
  .filter(Boolean);
const rows = lines
  .flatMap((l, line) => (line % 10 === 7 ? [] : [JSON.parse(l)]))
  .filter((r) => r.kind === "creative")
  .slice(0, nRows)
  .map((r, i) => ({ id: `p${i}`, prompt: r.prompt as string, output: r.text as string }));
const dictionary = loadDictionary(DEFAULT_DICTIONARY_PATH);
const opened = await openScorer({ stack: "prose", overrides: preset === "seed" ? { preset: "seed" } : {} });
const t = performance.now();
const cpu = process.cpuUsage();
const report = await huntStack({
  scorer: opened.scorer as never,
  capabilities: opened.definition.capabilities,
  rows,
  budget,
  seed: 0,
  families,
  bonusPhrases: dictionary.humanPhrases.map((p) => p.phrase),
  penalizedWords: dictionary.excessWords.map((w) => w.word),
});
const wall = (performance.now() - t) / 1000;
const used = process.cpuUsage(cpu);
await opened.close();
const f3 = (x: number) => (x >= 0 ? "+" : "") + x.toFixed(3);
console.log(
  JSON.stringify({
    rows: rows.length,
    budget,
    spent: report.spent,
    preset,
    wall_s: +wall.toFixed(1),
    cpu_s: +((used.user + used.system) / 1e6).toFixed(1),
    load_average_1m: +loadavg()[0].toFixed(1),
    sensitivity: report.sensitivity,
    candidates: report.candidates.total,
    screened: report.candidates.screened,
  }),
);
for (const c of report.classes) console.log(`${c.class.padEnd(34)} ${f3(c.mean)} [${f3(c.ci[0])}, ${f3(c.ci[1])}] n = ${report.findings.find((f) => f.id === c.best)!.n}, found at ${c.found_at}: ${c.best}`);
