import { mkdtempSync, rmSync, writeFileSync, readFileSync, unlinkSync, truncateSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyMerge, isTargeted } from "../../src/certify/merge-verify.js";
import { openCheckpoint, readSafetensorsHeader } from "../../src/certify/safetensors.js";
import { InputError } from "../../src/core/errors.js";
import { headerFor, patternFill, writeSafetensors, writeSharded, type TensorSpec } from "./write-safetensors.js";

const root = mkdtempSync(join(tmpdir(), "fg-merge-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Tweak = { changeTargets: boolean; alsoChange?: string; keepTarget?: string; flipByte?: number };

/** A two-layer toy transformer; `tweak` decides what the "merge" changed. */
function model(tweak: Tweak | null, dtype: TensorSpec["dtype"] = "BF16"): TensorSpec[][] {
  const tensor = (name: string, shape: number[], d: TensorSpec["dtype"] = dtype): TensorSpec => {
    const targeted = isTargeted(name, ["q_proj", "k_proj", "v_proj", "o_proj"]);
    let salt = 0;
    if (tweak && targeted && tweak.changeTargets && name !== tweak.keepTarget) salt = 7;
    const base = patternFill(name, salt);
    const flip = tweak && tweak.alsoChange === name ? (tweak.flipByte ?? 0) : -1;
    return {
      name,
      dtype: d,
      shape,
      fill: (chunk, offset) => {
        base(chunk, offset);
        if (flip >= offset && flip < offset + chunk.length) chunk[flip - offset] ^= 0x01;
      },
    };
  };
  const layer = (i: number): TensorSpec[] => [
    tensor(`model.layers.${i}.self_attn.q_proj.weight`, [64, 64]),
    tensor(`model.layers.${i}.self_attn.q_proj.bias`, [64]),
    tensor(`model.layers.${i}.self_attn.k_proj.weight`, [16, 64]),
    tensor(`model.layers.${i}.self_attn.v_proj.weight`, [16, 64]),
    tensor(`model.layers.${i}.self_attn.o_proj.weight`, [64, 64]),
    tensor(`model.layers.${i}.mlp.up_proj.weight`, [128, 64]),
    tensor(`model.layers.${i}.input_layernorm.weight`, [64], "F32"),
  ];
  return [
    [tensor("model.embed_tokens.weight", [100, 64]), ...layer(0)],
    [...layer(1), tensor("lm_head.weight", [100, 64])],
  ];
}

function sharded(name: string, shards: TensorSpec[][]): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeSharded(dir, shards);
  return dir;
}

function single(name: string, shards: TensorSpec[][]): string {
  const path = join(root, `${name}.safetensors`);
  writeSafetensors(path, shards.flat());
  return path;
}

const base = sharded("base", model(null));

describe("verifyMerge", () => {
  it("passes a correct merge: all 8 targeted weights changed, the other 8+3 tensors bit-identical", async () => {
    const merged = sharded("good", model({ changeTargets: true }));
    const report = await verifyMerge(base, merged, { chunkBytes: 1000 });
    expect(report.clean).toBe(true);
    expect(report.tensors).toBe(16);
    expect(report.targeted).toEqual({ total: 8, changed: 8, unchanged: 0 });
    expect(report.untargeted).toEqual({ total: 8, identical: 8, changed: 0 });
    expect(report.offenders).toEqual([]);
  });

  it("fails naming a non-target tensor that changed, with the first differing element", async () => {
    // byte 301 of a BF16 tensor lies in element 150
    const merged = sharded("leak", model({ changeTargets: true, alsoChange: "model.layers.1.mlp.up_proj.weight", flipByte: 301 }));
    const report = await verifyMerge(base, merged, { chunkBytes: 128 });
    expect(report.clean).toBe(false);
    expect(report.untargeted.changed).toBe(1);
    expect(report.offenders).toHaveLength(1);
    expect(report.offenders[0].tensor).toBe("model.layers.1.mlp.up_proj.weight");
    expect(report.offenders[0].problem).toBe("non_target_changed");
    expect(report.offenders[0].detail).toContain("element 150 (byte 301)");
  });

  it("treats a changed bias of a targeted module as an offender (LoRA rewrites the weight only)", async () => {
    const merged = sharded("bias", model({ changeTargets: true, alsoChange: "model.layers.0.self_attn.q_proj.bias", flipByte: 0 }));
    const report = await verifyMerge(base, merged);
    expect(report.offenders.map((o) => [o.tensor, o.problem])).toEqual([["model.layers.0.self_attn.q_proj.bias", "non_target_changed"]]);
  });

  it("fails naming a targeted tensor the merge did not change", async () => {
    const merged = sharded("stale", model({ changeTargets: true, keepTarget: "model.layers.1.self_attn.k_proj.weight" }));
    const report = await verifyMerge(base, merged);
    expect(report.clean).toBe(false);
    expect(report.targeted).toEqual({ total: 8, changed: 7, unchanged: 1 });
    expect(report.offenders[0]).toMatchObject({ tensor: "model.layers.1.self_attn.k_proj.weight", problem: "target_unchanged" });
  });

  it("compares a single-file fp16 checkpoint against a sharded one and honours --targets", async () => {
    const b = sharded("base16", model(null, "F16"));
    const m = single("merged16", model({ changeTargets: true }, "F16"));
    expect((await verifyMerge(b, m)).clean).toBe(true);
    // the index file itself is also accepted as a checkpoint path
    expect((await verifyMerge(join(b, "model.safetensors.index.json"), m)).clean).toBe(true);
    // with only q_proj as target, the changed k/v/o weights become offenders
    const narrow = await verifyMerge(b, m, { targets: ["q_proj"] });
    expect(narrow.clean).toBe(false);
    expect(narrow.untargeted.changed).toBe(6);
    expect(narrow.offenders.every((o) => /(k|v|o)_proj\.weight$/.test(o.tensor))).toBe(true);
  });

  it("reports shape changes, missing and extra tensors as offenders", async () => {
    const good = model({ changeTargets: true });
    good[1] = good[1].filter((t) => t.name !== "lm_head.weight");
    good[1].push({ name: "extra.adapter.weight", dtype: "BF16", shape: [4], fill: patternFill("x") });
    good[0][0] = { ...good[0][0], shape: [101, 64] };
    const report = await verifyMerge(base, sharded("layout", good));
    expect(report.layout_changed).toBe(1);
    expect(report.missing_in_merged).toBe(1);
    expect(report.extra_in_merged).toBe(1);
    const byTensor = Object.fromEntries(report.offenders.map((o) => [o.tensor, o]));
    expect(byTensor["model.embed_tokens.weight"].detail).toBe("base BF16 [100, 64] vs merged BF16 [101, 64]");
    expect(byTensor["lm_head.weight"].problem).toBe("missing_in_merged");
    expect(byTensor["extra.adapter.weight"].problem).toBe("extra_in_merged");
  });

  it("refuses targets that match nothing, naming the flag", async () => {
    await expect(verifyMerge(base, base, { targets: ["qkv"] })).rejects.toThrow(/--targets: qkv match no/);
  });
});

describe("safetensors reader errors", () => {
  const write = (name: string, bytes: Buffer): string => {
    const p = join(root, name);
    writeFileSync(p, bytes);
    return p;
  };
  const goodHeader = headerFor([{ name: "w", dtype: "F32", shape: [2, 2] }]);

  it("reads a well-formed header", async () => {
    const p = write("ok.safetensors", Buffer.concat([goodHeader, Buffer.alloc(16)]));
    const f = await readSafetensorsHeader(p);
    expect(f.tensors).toEqual([{ name: "w", dtype: "F32", shape: [2, 2], file: p, start: goodHeader.length, end: goodHeader.length + 16 }]);
  });

  it("rejects a header length past the end of the file", async () => {
    const bytes = Buffer.alloc(16);
    bytes.writeBigUInt64LE(1_000_000n, 0);
    await expect(readSafetensorsHeader(write("long.safetensors", bytes))).rejects.toThrow(/header length 1000000 bytes exceeds the file \(16 bytes\)/);
  });

  it("rejects a file shorter than the length prefix", async () => {
    await expect(readSafetensorsHeader(write("tiny.safetensors", Buffer.from([1, 2])))).rejects.toThrow(/is 2 bytes/);
  });

  it("rejects a header that is not JSON", async () => {
    const body = Buffer.from("{not json}");
    const prefix = Buffer.alloc(8);
    prefix.writeBigUInt64LE(BigInt(body.length));
    await expect(readSafetensorsHeader(write("bad.safetensors", Buffer.concat([prefix, body])))).rejects.toThrow(/header is not valid JSON/);
  });

  it("rejects data_offsets that disagree with dtype and shape", async () => {
    const json = Buffer.from(JSON.stringify({ w: { dtype: "BF16", shape: [3, 3], data_offsets: [0, 16] } }));
    const prefix = Buffer.alloc(8);
    prefix.writeBigUInt64LE(BigInt(json.length));
    const p = write("span.safetensors", Buffer.concat([prefix, json, Buffer.alloc(16)]));
    await expect(readSafetensorsHeader(p)).rejects.toThrow(/tensor "w": data_offsets span 16 bytes but BF16 \[3,3\] needs 18/);
  });

  it("rejects an unknown dtype, naming it", async () => {
    const json = Buffer.from(JSON.stringify({ w: { dtype: "F12", shape: [1], data_offsets: [0, 2] } }));
    const prefix = Buffer.alloc(8);
    prefix.writeBigUInt64LE(BigInt(json.length));
    await expect(readSafetensorsHeader(write("dtype.safetensors", Buffer.concat([prefix, json, Buffer.alloc(2)])))).rejects.toThrow(/dtype "F12" is not a safetensors dtype/);
  });

  it("rejects a truncated file whose tensors run past the end", async () => {
    const p = write("trunc.safetensors", Buffer.concat([goodHeader, Buffer.alloc(16)]));
    truncateSync(p, goodHeader.length + 10);
    await expect(readSafetensorsHeader(p)).rejects.toThrow(/lies past the end of the data \(10 bytes\); file truncated\?/);
  });

  it("rejects overlapping tensors", async () => {
    const json = Buffer.from(JSON.stringify({ a: { dtype: "U8", shape: [4], data_offsets: [0, 4] }, b: { dtype: "U8", shape: [4], data_offsets: [2, 6] } }));
    const prefix = Buffer.alloc(8);
    prefix.writeBigUInt64LE(BigInt(json.length));
    await expect(readSafetensorsHeader(write("overlap.safetensors", Buffer.concat([prefix, json, Buffer.alloc(6)])))).rejects.toThrow(/"a" and "b" overlap/);
  });

  it("names a shard that the index lists but the folder lacks", async () => {
    const dir = sharded("noshard", model(null));
    unlinkSync(join(dir, "model-00002-of-00002.safetensors"));
    const err = await openCheckpoint(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toMatch(/shard "model-00002-of-00002.safetensors" named in weight_map is missing/);
  });

  it("names a tensor the index misplaces", async () => {
    const dir = sharded("misplaced", model(null));
    const indexPath = join(dir, "model.safetensors.index.json");
    const index = JSON.parse(readFileSync(indexPath, "utf8"));
    index.weight_map["lm_head.weight"] = "model-00001-of-00002.safetensors";
    writeFileSync(indexPath, JSON.stringify(index));
    await expect(openCheckpoint(dir)).rejects.toThrow(/puts tensor "lm_head.weight" in "model-00001-of-00002.safetensors", whose header does not list it/);
  });

  it("explains a folder with several shards and no index", async () => {
    const dir = sharded("noindex", model(null));
    unlinkSync(join(dir, "model.safetensors.index.json"));
    await expect(openCheckpoint(dir)).rejects.toThrow(/holds 2 .safetensors files but no \*.safetensors.index.json/);
  });
});
