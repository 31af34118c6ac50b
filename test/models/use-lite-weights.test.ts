import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readTfjsWeights } from "../../src/models/embedded/use-lite-onnx.js";

// A two-shard TF.js weights manifest written by hand: the reader must take exactly the bytes it names.
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function modelDir(first: Float32Array, second: Float32Array, dtype = "float32"): string {
  const dir = mkdtempSync(join(tmpdir(), "fg-use-weights-"));
  dirs.push(dir);
  writeFileSync(join(dir, "group1-shard1of2.bin"), new Uint8Array(first.buffer));
  writeFileSync(join(dir, "group1-shard2of2.bin"), new Uint8Array(second.buffer));
  const manifest = {
    weightsManifest: [
      {
        paths: ["group1-shard1of2.bin", "group1-shard2of2.bin"],
        weights: [
          { name: "a", shape: [2, 2], dtype },
          { name: "b", shape: [3], dtype: "float32" },
        ],
      },
    ],
  };
  writeFileSync(join(dir, "model.json"), JSON.stringify(manifest));
  return dir;
}

describe("readTfjsWeights", () => {
  it("reads every weight across shards in manifest order", () => {
    const w = readTfjsWeights(modelDir(Float32Array.of(1, 2, 3, 4, 5), Float32Array.of(6, 7)));
    expect([...w.get("a")!.data]).toEqual([1, 2, 3, 4]);
    expect([...w.get("b")!.data]).toEqual([5, 6, 7]);
  });

  it("refuses shards longer than the manifest names (the weights after them would shift silently)", () => {
    const dir = modelDir(Float32Array.of(1, 2, 3, 4, 5, 99), Float32Array.of(6, 7));
    expect(() => readTfjsWeights(dir)).toThrow(/32 bytes on disk, the manifest .*model\.json needs 28/);
  });

  it("refuses a truncated shard with a message naming it", () => {
    const dir = modelDir(Float32Array.of(1, 2, 3, 4, 5), Float32Array.of(6));
    expect(() => readTfjsWeights(dir)).toThrow(/group1-shard2of2\.bin: 24 bytes on disk, the manifest .* needs 28 \(damaged install/);
  });

  it("refuses a dtype it cannot view as 4-byte values", () => {
    const dir = modelDir(Float32Array.of(1, 2, 3, 4, 5), Float32Array.of(6, 7), "float16");
    expect(() => readTfjsWeights(dir)).toThrow(/weight a has dtype float16/);
  });

  it("the shipped model reads whole", () => {
    const w = readTfjsWeights();
    expect(w.size).toBeGreaterThan(10);
    for (const [, t] of w) expect(t.data.length).toBe(t.shape.reduce((a, b) => a * b, 1));
  });
});
