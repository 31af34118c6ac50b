// The USE-lite embedder (shipped weights, no download) and the server's /v1/embeddings endpoint.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { EMBEDDING_DIMENSIONS, lengthSortedBatches, loadEmbedder, workerPool } from "../../src/models/embedded/embedder.js";
import { cosine } from "../../src/stats/cosine.js";
import { createLmServerApp } from "../../src/models/embedded/server.js";
import { loadEmbeddedLm } from "../../src/models/embedded/store.js";

// Hand-written pairs: paraphrases (related) and pairs on unrelated topics.
const RELATED: [string, string][] = [
  ["The printer on the third floor is jammed again.", "The third-floor printer has another paper jam."],
  ["Can you send me the quarterly budget report?", "Please email me the budget report for this quarter."],
  ["The meeting was moved to Thursday afternoon.", "We rescheduled the meeting for Thursday after lunch."],
  ["My cat sleeps on the keyboard all day.", "The cat naps on my laptop keyboard every day."],
];
const UNRELATED: [string, string][] = [
  ["The printer on the third floor is jammed again.", "Volcanic soil is rich in minerals."],
  ["Can you send me the quarterly budget report?", "The goalkeeper saved a penalty in extra time."],
  ["The meeting was moved to Thursday afternoon.", "Octopuses have three hearts."],
  ["My cat sleeps on the keyboard all day.", "Interest rates rose by a quarter point."],
];

describe("embedded embedder (USE-lite)", () => {
  it("embeds to 512 dimensions and separates related from unrelated sentences", async () => {
    const embedder = await loadEmbedder({ workers: 0 });
    const texts = [...RELATED, ...UNRELATED].flat();
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(texts.length);
    for (const v of vectors) expect(v).toHaveLength(EMBEDDING_DIMENSIONS);
    const sims = (offset: number, n: number): number[] => Array.from({ length: n }, (_, i) => cosine(vectors[offset + 2 * i], vectors[offset + 2 * i + 1]));
    const related = sims(0, RELATED.length);
    const unrelated = sims(2 * RELATED.length, UNRELATED.length);
    console.info(`cosine related ${related.map((x) => x.toFixed(2)).join(", ")}; unrelated ${unrelated.map((x) => x.toFixed(2)).join(", ")}`);
    expect(Math.min(...related)).toBeGreaterThan(0.45);
    expect(Math.max(...unrelated)).toBeLessThan(0.25);
    expect(Math.min(...related)).toBeGreaterThan(Math.max(...unrelated) + 0.2);
  });

  it("returns input order from length-sorted batches, each vector what it is alone up to float32 rounding", async () => {
    const embedder = await loadEmbedder({ workers: 0 });
    // 40 texts of mixed lengths: three length-sorted batches, none in input order.
    const texts = Array.from({ length: 40 }, (_, i) => [...RELATED, ...UNRELATED].flat()[i % 16] + " and then".repeat((i * 7) % 5));
    const batched = await embedder.embed(texts);
    for (const i of [0, 13, 27, 39]) {
      const alone = (await embedder.embed([texts[i]]))[0];
      expect(Math.max(...alone.map((x, j) => Math.abs(x - batched[i][j])))).toBeLessThan(1e-6);
    }
    // The same call twice gives the same bits.
    expect(await embedder.embed(texts)).toEqual(batched);
  });

  it("cuts batches from the texts sorted by length, ties in input order", () => {
    expect(lengthSortedBatches(["ccc", "a", "bb", "a", "dddd"], 2)).toEqual([[1, 3], [2, 0], [4]]);
    expect(lengthSortedBatches([], 16)).toEqual([]);
  });

  it("gives the same vectors from a pool of one-core worker threads as from this thread's two-core session, in input order", async () => {
    const texts = [...RELATED, ...UNRELATED].flat();
    const single = await (await loadEmbedder({ workers: 0 })).embed(texts);
    const pool = await loadEmbedder({ workers: 2 });
    try {
      const pooled = await pool.embed(texts);
      expect(pooled).toHaveLength(texts.length);
      expect(pooled).toEqual(single);
    } finally {
      await pool.close();
    }
  });

  it("lets a process with an idle pool of worker threads exit (a demo with FOOLSGOLD_EMBED_WORKERS=1 never did)", async () => {
    // Nothing closes the embedder a server shares, so an idle pool must not hold the event loop.
    const script = join(mkdtempSync(join(tmpdir(), "fg-embed-exit-")), "embed-once.mts");
    const embedder = new URL("../../src/models/embedded/embedder.ts", import.meta.url).href;
    writeFileSync(script, `import { loadEmbedder } from ${JSON.stringify(embedder)};\nconst [v] = await (await loadEmbedder({ workers: 1 })).embed(["The printer jammed again."]);\nconsole.log("dimensions", v.length);\n`);
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script], { timeout: 30_000 });
    expect(stdout.trim()).toBe("dimensions 512");
  }, 60_000);

  it("fails the embeddings in flight and every later one when a pool worker dies (they waited forever before)", async () => {
    const script = new URL("./fixtures/dying-embed-worker.mjs", import.meta.url);
    const embedder = await workerPool(
      1,
      "test-dying",
      script,
      () => undefined,
      (texts) => ({ payload: { texts }, transfer: [] }),
    );
    try {
      await expect(embedder.embed(["one", "two"])).rejects.toThrow(/embedder worker exited with code 3; the pool is closed/);
      await expect(embedder.embed(["three"])).rejects.toThrow(/embedder worker exited with code 3/);
    } finally {
      await embedder.close();
    }
  }, 10_000);

  it("gives TensorFlow.js's vectors from the ONNX graph (unknown pieces, emoji, empty, clipped at 128 tokens)", async () => {
    const texts = [...[...RELATED, ...UNRELATED].flat(), "haha 😂 lol xD ¯\\_(ツ)_/¯", "", "a", "Ünïcödé façade — naïve café “quotes” 中文", Array.from({ length: 150 }, (_, i) => `word${i}`).join(" ")];
    const onnx = await (await loadEmbedder({ workers: 0, runtime: "onnx" })).embed(texts);
    const tfjs = await (await loadEmbedder({ workers: 0, runtime: "tfjs" })).embed(texts);
    const cosines = texts.map((_, i) => cosine(onnx[i], tfjs[i]));
    expect(Math.min(...cosines)).toBeGreaterThan(0.99999);
    // Different vectors for different sentences: the agreement is not that of a constant output.
    expect(cosine(onnx[0], onnx[9])).toBeLessThan(0.9);
  });

  it("refuses an unknown runtime by name", () => {
    expect(() => loadEmbedder({ runtime: "torch" as never })).toThrow(/FOOLSGOLD_EMBED_RUNTIME: expected "onnx" or "tfjs", got "torch"/);
  });

  it("serves /v1/embeddings in the OpenAI shape", async () => {
    const app = createLmServerApp({ lm: (await loadEmbeddedLm()).lm, embedder: () => loadEmbedder({ workers: 0 }) });
    const res = await app.request("/v1/embeddings", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ input: ["hello there", "general kenobi"] }) });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { object: string; data: { index: number; embedding: number[] }[] };
    expect(json.object).toBe("list");
    expect(json.data.map((d) => d.index)).toEqual([0, 1]);
    expect(json.data[0].embedding).toHaveLength(512);
    const bad = await app.request("/v1/embeddings", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ input: [] }) });
    expect(bad.status).toBe(400);
  });
});
