// Benchmark: LoRA merge verification on a sharded bf16 checkpoint of at least 1 GB.
// Builds a base checkpoint (4 shards + index) and a merged copy whose q/k/v/o weights differ, in a
// temp dir; then, each in a fresh child process so peak RSS is the verifier's own, runs
//   (1) a baseline: plain sequential read of both checkpoints with the same chunk size, and
//   (2) verifyMerge,
// and prints throughput (MB/s of checkpoint bytes read), n (tensors, bytes), peak RSS and the ratio
// to the baseline. Files are removed at the end. Usage: npx tsx bench/speed/merge-verify.ts [--layers N]
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, openSync, closeSync, writeSync, readdirSync, rmSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { verifyMerge } from "../../src/certify/merge-verify.js";
import { openCheckpoint } from "../../src/certify/safetensors.js";
import { patternFill, writeSharded, type TensorSpec } from "../../test/certify/write-safetensors.js";

const CHUNK = 8 * 1024 * 1024;

async function child(mode: string, base: string, merged: string): Promise<void> {
  const started = performance.now();
  let bytes = 0;
  let extra: Record<string, unknown> = {};
  if (mode === "verify") {
    const r = await verifyMerge(base, merged, { chunkBytes: CHUNK });
    bytes = r.bytes_read;
    extra = { clean: r.clean, tensors: r.tensors, targeted: r.targeted, untargeted: r.untargeted };
  } else {
    const buf = Buffer.allocUnsafe(CHUNK);
    for (const dir of [base, merged]) {
      for (const f of (await openCheckpoint(dir)).files) {
        const h = await open(f.path, "r");
        for (let pos = 0; ; ) {
          const { bytesRead } = await h.read(buf, 0, CHUNK, pos);
          if (bytesRead === 0) break;
          pos += bytesRead;
          bytes += bytesRead;
        }
        await h.close();
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(JSON.stringify({ mode, bytes, seconds, maxRssMb: process.resourceUsage().maxRSS / 1024, ...extra }) + "\n");
}

function layer(i: number, hidden: number, kv: number, ffn: number): TensorSpec[] {
  const t = (name: string, shape: number[]): TensorSpec => ({ name: `model.layers.${i}.${name}`, dtype: "BF16", shape, fill: patternFill(`model.layers.${i}.${name}`) });
  return [
    t("self_attn.q_proj.weight", [hidden, hidden]),
    t("self_attn.k_proj.weight", [kv, hidden]),
    t("self_attn.v_proj.weight", [kv, hidden]),
    t("self_attn.o_proj.weight", [hidden, hidden]),
    t("mlp.gate_proj.weight", [ffn, hidden]),
    t("mlp.up_proj.weight", [ffn, hidden]),
    t("mlp.down_proj.weight", [hidden, ffn]),
    { name: `model.layers.${i}.input_layernorm.weight`, dtype: "F32", shape: [hidden], fill: patternFill(`ln${i}`) },
  ];
}

/** Overwrite each targeted tensor's bytes in the merged copy, as a merge would. */
async function applyFakeMerge(mergedDir: string): Promise<number> {
  const ckpt = await openCheckpoint(mergedDir);
  let changed = 0;
  const chunk = Buffer.alloc(CHUNK);
  for (const t of ckpt.tensors.values()) {
    if (!/\.(q|k|v|o)_proj\.weight$/.test(t.name)) continue;
    const fill = patternFill(t.name, 99);
    const fd = openSync(t.file, "r+");
    for (let pos = 0; pos < t.end - t.start; pos += CHUNK) {
      const n = Math.min(CHUNK, t.end - t.start - pos);
      fill(chunk.subarray(0, n), pos);
      writeSync(fd, chunk, 0, n, t.start + pos);
    }
    closeSync(fd);
    changed++;
  }
  return changed;
}

function runChild(mode: string, base: string, merged: string): { bytes: number; seconds: number; maxRssMb: number } & Record<string, unknown> {
  const self = fileURLToPath(import.meta.url);
  const r = spawnSync(process.execPath, ["--import", "tsx", self, "--child", mode, base, merged], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`child ${mode} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop() as string);
}

async function main(): Promise<void> {
  const layersArg = process.argv.indexOf("--layers");
  const layers = layersArg > 0 ? Number(process.argv[layersArg + 1]) : 12;
  const [hidden, kv, ffn, vocab] = [2048, 512, 5632, 32000];
  const dir = mkdtempSync(join(tmpdir(), "fg-bench-merge-"));
  try {
    const base = join(dir, "base");
    const merged = join(dir, "merged");
    mkdirSync(base);
    mkdirSync(merged);
    const embed: TensorSpec = { name: "model.embed_tokens.weight", dtype: "BF16", shape: [vocab, hidden], fill: patternFill("embed") };
    const head: TensorSpec = { name: "lm_head.weight", dtype: "BF16", shape: [vocab, hidden], fill: patternFill("head") };
    const all = [embed, ...Array.from({ length: layers }, (_, i) => layer(i, hidden, kv, ffn)).flat(), head];
    const shards: TensorSpec[][] = [[], [], [], []];
    all.forEach((t, i) => shards[Math.floor((i * shards.length) / all.length)].push(t));
    let t0 = performance.now();
    writeSharded(base, shards);
    for (const f of readdirSync(base)) copyFileSync(join(base, f), join(merged, f));
    const changed = await applyFakeMerge(merged);
    const size = readdirSync(base).reduce((a, f) => a + statSync(join(base, f)).size, 0);
    console.log(`built base + merged: ${all.length} tensors, ${(size / 1e9).toFixed(3)} GB each, 4 shards, ${changed} targeted tensors changed, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    console.log("note: files were just written, so reads come from the page cache (the disk is not measured).");

    const rows: { label: string; r: ReturnType<typeof runChild> }[] = [];
    for (const rep of [1, 2]) {
      t0 = performance.now();
      rows.push({ label: `raw read (baseline) #${rep}`, r: runChild("read", base, merged) });
      rows.push({ label: `verifyMerge #${rep}`, r: runChild("verify", base, merged) });
    }
    for (const { label, r } of rows) {
      const mbps = r.bytes / 1e6 / r.seconds;
      console.log(
        `${label.padEnd(26)} ${(r.bytes / 1e6).toFixed(0)} MB read in ${r.seconds.toFixed(2)} s = ${mbps.toFixed(0)} MB/s, peak RSS ${r.maxRssMb.toFixed(0)} MB` +
          (r.clean !== undefined ? `, clean=${r.clean}, targeted ${JSON.stringify(r.targeted)}, other ${JSON.stringify(r.untargeted)}` : ""),
      );
    }
    const verify = rows.filter((x) => x.label.startsWith("verify")).map((x) => x.r.bytes / 1e6 / x.r.seconds);
    const raw = rows.filter((x) => x.label.startsWith("raw")).map((x) => x.r.bytes / 1e6 / x.r.seconds);
    const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
    const peak = Math.max(...rows.filter((x) => x.label.startsWith("verify")).map((x) => x.r.maxRssMb));
    console.log(
      `summary (n = 2 runs each): verifyMerge ${mean(verify).toFixed(0)} MB/s (runs ${verify.map((v) => v.toFixed(0)).join(", ")}), ` +
        `baseline read ${mean(raw).toFixed(0)} MB/s, ratio ${(mean(verify) / mean(raw)).toFixed(2)}; peak RSS ${peak.toFixed(0)} MB ` +
        `(targets: >= 200 MB/s ${mean(verify) >= 200 ? "met" : "MISSED"}, < 256 MB ${peak < 256 ? "met" : "MISSED"})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--child") await child(process.argv[3], process.argv[4], process.argv[5]);
else await main();
