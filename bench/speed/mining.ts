// Benchmark: mining time and peak memory for ALL of model_prose (slopscore outputs + HANNA model
// stories) against ALL of human_prose (target: under 60 s and 2 GB). Baseline in the same run: loading
// and scanning the same corpora (the tokenization floor every miner pays), so the ratio shows what the
// counting, association tests and calibration add.
//   npx tsx bench/speed/mining.ts                 # the benchmark
//   npx tsx bench/speed/mining.ts --default FILE  # also write the shipped default dictionary (creative only)
import { writeFileSync } from "node:fs";
import { resourceUsage } from "node:process";
import { hasSharedData, sharedPath, sharedDataSkipReason } from "../../test/helpers/shared-data.js";
import { loadProseCorpora } from "../helpers/prose-data.js";
import { DEFAULT_MINE_OPTIONS, mineDictionary, toMiningRows } from "../../src/mining/mine.js";
import { summarizeDictionary } from "../../src/mining/summary.js";
import { Lexicon } from "../../src/text/lexicon.js";
import { scanCorpus } from "../../src/mining/corpus.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const c = loadProseCorpora(sharedPath);
const modelAll = [...c.modelMining, ...c.modelHeldOut, ...c.hannaModel];
const humanAll = [...c.humanMining, ...c.humanHeldOut];
const modelRows = toMiningRows(modelAll, "model_prose", true);
const humanRows = toMiningRows(humanAll, "human_prose", false);

// Baseline: scan both corpora once.
let t = performance.now();
let cpu = cpuSeconds();
const lexicon = new Lexicon();
const m = scanCorpus(
  modelRows.map((r) => ({ text: r.text, group: 0 })),
  lexicon,
);
const h = scanCorpus(
  humanRows.map((r) => ({ text: r.text, group: 0 })),
  lexicon,
);
const baseline = { wall_s: (performance.now() - t) / 1000, cpu_s: cpuSeconds() - cpu };
const words = m.n + h.n;

t = performance.now();
cpu = cpuSeconds();
const dict = await mineDictionary(modelRows, humanRows, { ...DEFAULT_MINE_OPTIONS, provenance: { modelSources: ["model_prose/*"], humanSources: ["human_prose/*"] } });
const mining = { wall_s: (performance.now() - t) / 1000, cpu_s: cpuSeconds() - cpu };
const peakRssMb = resourceUsage().maxRSS / 1024;

const report = {
  corpus: { model_rows: modelRows.length, human_rows: humanRows.length, model_words: m.n, human_words: h.n, scenarios: dict.provenance.model.scenarios },
  baseline_scan_only: { ...round(baseline), words_per_cpu_s: Math.round(words / baseline.cpu_s) },
  mining: { ...round(mining), words_per_cpu_s: Math.round(words / mining.cpu_s) },
  ratio_mining_to_scan_cpu: Math.round((mining.cpu_s / baseline.cpu_s) * 100) / 100,
  peak_rss_mb: Math.round(peakRssMb),
  targets: { wall_under_60_s: mining.wall_s < 60, cpu_under_60_s: mining.cpu_s < 60, rss_under_2_gb: peakRssMb < 2048 },
  dictionary: summarizeDictionary(dict).counts,
  note: "wall time depends on other load on the machine; CPU seconds (user+system of this process) are the per-core cost",
};
console.log(JSON.stringify(report, null, 2));

const at = process.argv.indexOf("--default");
if (at > 0 && process.argv[at + 1]) {
  // The shipped default: creative writing of every slopscore model plus the HANNA model stories,
  // against all human prose (all MIT / public domain / redistribution-permitted sources).
  const creative = modelAll.filter((r) => r.meta.kind === "creative");
  const d = await mineDictionary(toMiningRows(creative, "model_prose", true), humanRows, {
    ...DEFAULT_MINE_OPTIONS,
    collocations: { ...DEFAULT_MINE_OPTIONS.collocations, maxPairs: 1000, maxFrames: 200, maxExcessWords: 300 },
    provenance: {
      modelSources: ["model_prose/slopscore_outputs.jsonl.gz (creative, 22 models; MIT)", "model_prose/hanna_model_stories.jsonl (MIT)"],
      humanSources: ["human_prose/gutenberg_paragraphs.jsonl.gz (public domain)", "human_prose/fiction_brown_1961.jsonl (redistribution permitted)", "human_prose/fiction_writingprompts_human_hanna.jsonl (MIT)"],
      licence: "mined from MIT-licensed model outputs (sam-paech/slop-score, HANNA) and public-domain / redistribution-permitted human prose (Gutenberg, Brown corpus, HANNA)",
    },
  });
  writeFileSync(process.argv[at + 1], JSON.stringify(d) + "\n");
  console.log(`wrote ${process.argv[at + 1]}: ${JSON.stringify(summarizeDictionary(d).counts)}`);
}

function round(x: { wall_s: number; cpu_s: number }): { wall_s: number; cpu_s: number } {
  return { wall_s: Math.round(x.wall_s * 10) / 10, cpu_s: Math.round(x.cpu_s * 10) / 10 };
}
