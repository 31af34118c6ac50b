// The files users have: JSON Lines (plain or gzip) and Parquet in verl's column shapes, read wherever a
// bank, rows or a log is read; and limits so a wrong path fails with a clear error instead of growing.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterEach, describe, expect, it } from "vitest";
import { readJsonl } from "../../src/core/jsonl.js";
import { readTrainingLog } from "../../src/onset/log-reader.js";
import { runMain } from "../helpers/capture-output.js";

const dir = mkdtempSync(join(tmpdir(), "fg-input-files-"));

function writeParquet(name: string, columnData: { name: string; data: unknown[] }[]): string {
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(parquetWriteBuffer({ columnData: columnData as never })));
  return path;
}

// verl's RL datasets (examples/data_preprocess/*.py): data_source, prompt as chat messages, ability,
// reward_model {ground_truth, style}, extra_info {index (int64), split}.
const prompts = ["Janet has 3 apples and buys 2 more. How many?", "Name a primary colour."];
const verlColumns = [
  { name: "data_source", data: ["openai/gsm8k", "openai/gsm8k"] },
  { name: "prompt", data: prompts.map((content) => [{ role: "user", content }]) },
  { name: "ability", data: ["math", "math"] },
  {
    name: "reward_model",
    data: [
      { ground_truth: "5", style: "rule" },
      { ground_truth: "red", style: "rule" },
    ],
  },
  {
    name: "extra_info",
    data: [
      { index: 0n, split: "train" },
      { index: 1n, split: "train" },
    ],
  },
];

afterEach(() => {
  delete process.env.FOOLSGOLD_MAX_INPUT_BYTES;
  delete process.env.FOOLSGOLD_MAX_LINE_BYTES;
});

describe("Parquet", () => {
  it("reads a verl dataset: chat prompts, nested structs, int64 as numbers", () => {
    const { rows, bad } = readJsonl<Record<string, unknown>>(writeParquet("train.parquet", verlColumns));
    expect(bad).toEqual([]);
    expect(rows).toEqual([
      { data_source: "openai/gsm8k", prompt: [{ role: "user", content: prompts[0] }], ability: "math", reward_model: { ground_truth: "5", style: "rule" }, extra_info: { index: 0, split: "train" } },
      { data_source: "openai/gsm8k", prompt: [{ role: "user", content: prompts[1] }], ability: "math", reward_model: { ground_truth: "red", style: "rule" }, extra_info: { index: 1, split: "train" } },
    ]);
  });

  it("reads a rollout dump as a training log (step, input, output, score)", () => {
    const steps = [1, 1, 2, 2, 3];
    const path = writeParquet("rollouts.parquet", [
      { name: "input", data: steps.map((s) => `prompt ${s}`) },
      { name: "output", data: steps.map((s, i) => `reply ${s}.${i}`) },
      { name: "score", data: [0.5, 0.25, 0.75, 1, 0] },
      { name: "step", data: steps.map(BigInt) },
    ]);
    const log = readTrainingLog(path);
    expect(log.rows.map((r) => [r.step, r.output, r.score])).toEqual(steps.map((s, i) => [s, `reply ${s}.${i}`, [0.5, 0.25, 0.75, 1, 0][i]]));
  });

  it("scores a Parquet bank with `score` (verl prompts, one reply per row)", async () => {
    const bank = writeParquet("bank.parquet", [
      { name: "id", data: ["r0", "r1"] },
      ...verlColumns.slice(1, 2),
      { name: "output", data: ["She had five apples, and she counted them twice at the window.", "Red, she said, the colour of the barn door."] },
    ]);
    const out = join(dir, "scored.jsonl");
    const r = await runMain(["score", "--stack", "prose", "--in", bank, "--out", out, "--workers", "1"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const scored = readJsonl<{ id: string; prompt: unknown; score: { value: number } }>(out).rows;
    expect(scored.map((s) => s.id)).toEqual(["r0", "r1"]);
    expect(scored[0].prompt).toEqual([{ role: "user", content: prompts[0] }]);
    for (const s of scored) expect(Number.isFinite(s.score.value)).toBe(true);
  }, 120_000);

  it("names the file when it is not Parquet", () => {
    const path = join(dir, "fake.parquet");
    writeFileSync(path, '{"id":1}\n');
    expect(() => readJsonl(path)).toThrow(/fake\.parquet: not a readable Parquet file/);
  });
});

describe("input limits", () => {
  it("stops /dev/zero at the line limit instead of growing", () => {
    process.env.FOOLSGOLD_MAX_LINE_BYTES = String(4 * 1024 ** 2);
    const before = process.memoryUsage().rss;
    expect(() => readJsonl("/dev/zero")).toThrow(/^\/dev\/zero line 1: is longer than the line limit of 4 MiB/);
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 ** 2);
  });

  it("refuses a file over the input limit, plain or once unzipped", () => {
    process.env.FOOLSGOLD_MAX_INPUT_BYTES = "1000";
    const line = JSON.stringify({ id: "x", output: "y".repeat(80) }) + "\n";
    const plain = join(dir, "big.jsonl");
    writeFileSync(plain, line.repeat(20));
    expect(() => readJsonl(plain)).toThrow(/big\.jsonl: is larger than the input limit/);
    const gz = join(dir, "big.jsonl.gz");
    writeFileSync(gz, gzipSync(line.repeat(20)));
    expect(() => readJsonl(gz)).toThrow(/big\.jsonl\.gz \(unzipped\): is larger than the input limit/);
    writeFileSync(plain, line.repeat(5));
    expect(readJsonl(plain).rows).toHaveLength(5);
  });

  it("`score --in /dev/zero` exits 2 with one line", async () => {
    process.env.FOOLSGOLD_MAX_LINE_BYTES = String(4 * 1024 ** 2);
    const r = await runMain(["score", "--stack", "prose", "--in", "/dev/zero", "--out", join(dir, "zero.jsonl"), "--workers", "1"]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/line limit/);
  }, 120_000);
});
