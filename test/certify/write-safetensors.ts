// Test and benchmark helper: writes safetensors files the way the format specifies (8-byte LE
// header length, JSON header padded with spaces to 8 bytes, raw little-endian data), streaming
// tensor data in chunks so a gigabyte checkpoint never sits in memory. Written independently of
// the reader under test.
import { closeSync, openSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";

export interface TensorSpec {
  name: string;
  dtype: "BF16" | "F16" | "F32" | "I64" | "U8";
  shape: number[];
  /** Fill `chunk` with the tensor's bytes starting at byte `offset` of the tensor. */
  fill: (chunk: Buffer, offset: number) => void;
}

const BYTES: Record<TensorSpec["dtype"], number> = { BF16: 2, F16: 2, F32: 4, I64: 8, U8: 1 };

export function byteLength(t: Pick<TensorSpec, "dtype" | "shape">): number {
  return t.shape.reduce((a, b) => a * b, 1) * BYTES[t.dtype];
}

export function headerFor(tensors: Pick<TensorSpec, "name" | "dtype" | "shape">[], metadata?: Record<string, string>): Buffer {
  const header: Record<string, unknown> = {};
  if (metadata) header.__metadata__ = metadata;
  let offset = 0;
  for (const t of tensors) {
    const n = byteLength(t);
    header[t.name] = { dtype: t.dtype, shape: t.shape, data_offsets: [offset, offset + n] };
    offset += n;
  }
  let json = JSON.stringify(header);
  while ((8 + Buffer.byteLength(json)) % 8 !== 0) json += " ";
  const body = Buffer.from(json, "utf8");
  const prefix = Buffer.alloc(8);
  prefix.writeBigUInt64LE(BigInt(body.length), 0);
  return Buffer.concat([prefix, body]);
}

export function writeSafetensors(path: string, tensors: TensorSpec[], chunkBytes = 4 * 1024 * 1024): number {
  const fd = openSync(path, "w");
  let written = 0;
  try {
    const header = headerFor(tensors);
    writeSync(fd, header);
    written += header.length;
    const chunk = Buffer.alloc(chunkBytes);
    for (const t of tensors) {
      const total = byteLength(t);
      for (let pos = 0; pos < total; pos += chunkBytes) {
        const n = Math.min(chunkBytes, total - pos);
        const view = chunk.subarray(0, n);
        t.fill(view, pos);
        writeSync(fd, view);
        written += n;
      }
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

/** Write shards plus `model.safetensors.index.json` into `dir`, HF-style names. */
export function writeSharded(dir: string, shards: TensorSpec[][]): string[] {
  const names = shards.map((_, i) => `model-${String(i + 1).padStart(5, "0")}-of-${String(shards.length).padStart(5, "0")}.safetensors`);
  const weightMap: Record<string, string> = {};
  let total = 0;
  shards.forEach((tensors, i) => {
    writeSafetensors(join(dir, names[i]), tensors);
    for (const t of tensors) {
      weightMap[t.name] = names[i];
      total += byteLength(t);
    }
  });
  writeFileSync(join(dir, "model.safetensors.index.json"), JSON.stringify({ metadata: { total_size: total }, weight_map: weightMap }, null, 2));
  return names;
}

/** Deterministic pseudo-random bytes keyed by tensor name (a cheap xorshift, fast enough for GBs). */
export function patternFill(key: string, salt = 0): (chunk: Buffer, offset: number) => void {
  let h = 2166136261 ^ salt;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  const seed = h >>> 0;
  return (chunk, offset) => {
    const words = Math.floor(chunk.length / 4);
    const base = (offset / 4) >>> 0;
    const view = chunk.byteOffset % 4 === 0 ? new Uint32Array(chunk.buffer, chunk.byteOffset, words) : null;
    for (let i = 0; i < words; i++) {
      let x = (seed ^ Math.imul(base + i + 1, 0x9e3779b1)) >>> 0;
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      if (view) view[i] = x >>> 0;
      else chunk.writeUInt32LE(x >>> 0, i * 4);
    }
    for (let i = words * 4; i < chunk.length; i++) chunk[i] = (seed + offset + i) & 0xff;
  };
}
