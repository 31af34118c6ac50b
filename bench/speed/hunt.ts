// Benchmark of the exploit hunt on the prose stack: wall time and peak memory of a hunt of `budget`
// scorer calls over `rows` real creative replies (slop-score outputs, ../shared/data, less the held-out lines), against a
// baseline run in the same process that scores the same number of edited rows directly (one
// word-shuffle per row, repeated) — the hunt's own overhead is the ratio. Usage:
//   npx tsx bench/speed/hunt.ts [rows=200] [budget=2000]
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { huntStack } from "../../src/hunt/index.js";
import { loadDictionary } from "../../src/mining/dictionary.js";
import { DEFAULT_DICTIONARY_PATH } from "../../src/stacks/prose.js";
import { openScorer } from "../../src/stacks/open.js";
import { wordShuffle } from "../../src/text/word-shuffle.js";

const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;
const nRows = Number(process.argv[2] ?? 200);
const budget = Number(process.argv[3] ?? 2000);
const data = resolve(process.env.FOOLSGOLD_SHARED_DATA ?? resolve(import.meta.dirname, "../../../shared/data"));
const lines = gunzipSync(readFileSync(resolve(data, "model_prose/slopscore_outputs.jsonl.gz")))
  .toString("utf8")
  .split("\n")
  .filter(Boolean);
// The held-out creative lines (0-based index ≡ 7 mod 10) are left out: nobody tunes on them.
const rows = lines
  .flatMap((l, line) => (line % 10 === 7 ? [] : [JSON.parse(l)]))
  .filter((r) => r.kind === "creative")
  .slice(0, nRows)
  .map((r, i) => ({ id: `p${i}`, prompt: r.prompt as string, output: r.text as string }));
const dictionary = loadDictionary(DEFAULT_DICTIONARY_PATH);
const opened = await openScorer({ stack: "prose" });

let t = performance.now();
let cpu = process.cpuUsage();
const edited = Array.from({ length: budget }, (_, i) => ({ ...rows[i % rows.length], id: `b${i}`, output: wordShuffle(rows[i % rows.length].output, i) }));
for (let i = 0; i < edited.length; i += 64) await opened.scorer.scoreRows(edited.slice(i, i + 64));
const baseline = (performance.now() - t) / 1000;
const baselineCpu = cpuSeconds(process.cpuUsage(cpu));

t = performance.now();
cpu = process.cpuUsage();
const report = await huntStack({
  scorer: opened.scorer as never,
  capabilities: opened.definition.capabilities,
  rows,
  budget,
  seed: 0,
  bonusPhrases: dictionary.humanPhrases.map((p) => p.phrase),
  penalizedWords: dictionary.excessWords.map((w) => w.word),
});
const hunt = (performance.now() - t) / 1000;
const huntCpu = cpuSeconds(process.cpuUsage(cpu));
await opened.close();

console.log(
  JSON.stringify(
    {
      rows: rows.length,
      budget,
      spent: report.spent,
      hunt_s: +hunt.toFixed(2),
      baseline_direct_scoring_s: +baseline.toFixed(2),
      ratio_hunt_over_baseline: +(hunt / baseline).toFixed(2),
      // CPU seconds (user + system) of this process: less sensitive than wall time to other jobs on the machine.
      hunt_cpu_s: +huntCpu.toFixed(2),
      baseline_cpu_s: +baselineCpu.toFixed(2),
      load_average_1m: +(await import("node:os")).loadavg()[0].toFixed(1),
      calls_per_s: +(report.spent / hunt).toFixed(1),
      peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
      classes: report.classes.map((c) => `${c.class} ${c.mean.toFixed(3)} @${c.found_at}`),
    },
    null,
    1,
  ),
);
