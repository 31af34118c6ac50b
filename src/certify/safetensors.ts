// A streaming safetensors reader: only the header is parsed into memory; tensor bytes are read
// later in bounded chunks by whoever needs them. Format (huggingface/safetensors): 8-byte
// little-endian u64 header length N, then N bytes of UTF-8 JSON
// `{"__metadata__"?: {..}, name: {dtype, shape, data_offsets: [begin, end]}}`, then the raw data;
// offsets are relative to the first byte after the header.
import { open, readFile, readdir, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { InputError } from "../core/errors.js";

/** Bits per element of every dtype the format defines; sub-byte types round up to whole bytes. */
const DTYPE_BITS: Record<string, number> = {
  BOOL: 8,
  U8: 8,
  I8: 8,
  F8_E5M2: 8,
  F8_E4M3: 8,
  F8_E8M0: 8,
  I16: 16,
  U16: 16,
  F16: 16,
  BF16: 16,
  I32: 32,
  U32: 32,
  F32: 32,
  I64: 64,
  U64: 64,
  F64: 64,
  F4: 4,
  F6_E2M3: 6,
  F6_E3M2: 6,
};

/** Headers above this are refused before allocation (the reference implementation caps at 100 MB). */
const MAX_HEADER_BYTES = 100_000_000;

export interface TensorEntry {
  name: string;
  dtype: string;
  shape: number[];
  /** The file holding the tensor. */
  file: string;
  /** Absolute byte range of the tensor in `file`. */
  start: number;
  end: number;
}

export interface SafetensorsFile {
  path: string;
  fileSize: number;
  headerBytes: number;
  metadata: Record<string, string>;
  tensors: TensorEntry[];
}

/** Bytes a tensor of this dtype and shape must occupy. */
export function tensorByteLength(dtype: string, shape: number[]): number {
  const bits = DTYPE_BITS[dtype];
  const elements = shape.reduce((a, b) => a * b, 1);
  return Math.ceil((elements * bits) / 8);
}

export function bytesPerElement(dtype: string): number {
  return Math.max(1, (DTYPE_BITS[dtype] ?? 8) / 8);
}

/** Read and validate the header of one `.safetensors` file; tensor data is not touched. */
export async function readSafetensorsHeader(path: string): Promise<SafetensorsFile> {
  let fileSize: number;
  try {
    fileSize = (await stat(path)).size;
  } catch (err) {
    throw new InputError(path, `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  if (fileSize < 8) throw new InputError(path, `is ${fileSize} bytes; a safetensors file starts with an 8-byte header length`);
  const handle = await open(path, "r");
  try {
    const lengthBytes = Buffer.alloc(8);
    await handle.read(lengthBytes, 0, 8, 0);
    const declared = lengthBytes.readBigUInt64LE(0);
    if (declared > BigInt(Math.min(MAX_HEADER_BYTES, fileSize - 8))) {
      throw new InputError(path, `header length ${declared} bytes exceeds the file (${fileSize} bytes) or the ${MAX_HEADER_BYTES}-byte limit; not a safetensors file?`);
    }
    const headerBytes = Number(declared);
    const headerBuf = Buffer.alloc(headerBytes);
    await handle.read(headerBuf, 0, headerBytes, 8);
    const parsed = parseHeaderJson(headerBuf, path);
    return { path, fileSize, headerBytes, ...validateHeader(parsed, path, fileSize, 8 + headerBytes) };
  } finally {
    await handle.close();
  }
}

function parseHeaderJson(bytes: Buffer, path: string): Record<string, unknown> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new InputError(path, "header is not valid UTF-8");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new InputError(path, `header is not valid JSON (${(err as Error).message})`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new InputError(path, "header must be a JSON object of tensor entries");
  }
  return parsed as Record<string, unknown>;
}

function validateHeader(header: Record<string, unknown>, path: string, fileSize: number, dataStart: number): { metadata: Record<string, string>; tensors: TensorEntry[] } {
  const dataLength = fileSize - dataStart;
  const metadata: Record<string, string> = {};
  const tensors: TensorEntry[] = [];
  for (const [name, raw] of Object.entries(header)) {
    if (name === "__metadata__") {
      if (raw !== null && typeof raw === "object") Object.assign(metadata, raw);
      continue;
    }
    const where = `${path} tensor "${name}"`;
    if (raw === null || typeof raw !== "object") throw new InputError(where, "entry must be an object with dtype, shape, data_offsets");
    const { dtype, shape, data_offsets: offsets } = raw as Record<string, unknown>;
    if (typeof dtype !== "string" || !(dtype in DTYPE_BITS)) {
      throw new InputError(where, `dtype ${JSON.stringify(dtype)} is not a safetensors dtype (${Object.keys(DTYPE_BITS).join(", ")})`);
    }
    if (!Array.isArray(shape) || !shape.every((d) => Number.isSafeInteger(d) && d >= 0)) {
      throw new InputError(where, `shape ${JSON.stringify(shape)} must be a list of non-negative integers`);
    }
    if (!Array.isArray(offsets) || offsets.length !== 2 || !offsets.every((o) => Number.isSafeInteger(o) && o >= 0) || offsets[1] < offsets[0]) {
      throw new InputError(where, `data_offsets ${JSON.stringify(offsets)} must be [begin, end] with 0 <= begin <= end`);
    }
    const [begin, end] = offsets as number[];
    const expected = tensorByteLength(dtype, shape as number[]);
    if (end - begin !== expected) {
      throw new InputError(where, `data_offsets span ${end - begin} bytes but ${dtype} ${JSON.stringify(shape)} needs ${expected}`);
    }
    if (end > dataLength) {
      throw new InputError(where, `data_offsets end ${end} lies past the end of the data (${dataLength} bytes); file truncated?`);
    }
    tensors.push({ name, dtype, shape: shape as number[], file: path, start: dataStart + begin, end: dataStart + end });
  }
  const sorted = tensors.slice().sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].start < sorted[i - 1].end) {
      throw new InputError(path, `tensors "${sorted[i - 1].name}" and "${sorted[i].name}" overlap in the data section`);
    }
  }
  return { metadata, tensors };
}

export interface Checkpoint {
  /** What the user passed. */
  path: string;
  /** The index file, when sharded. */
  index?: string;
  files: SafetensorsFile[];
  tensors: Map<string, TensorEntry>;
  totalBytes: number;
}

/**
 * Open a checkpoint: a `.safetensors` file, a `*.safetensors.index.json`, or a folder holding
 * either one index (sharded) or exactly one `.safetensors` file. Only headers are read.
 */
export async function openCheckpoint(path: string): Promise<Checkpoint> {
  const abs = resolve(path);
  let info;
  try {
    info = await stat(abs);
  } catch (err) {
    throw new InputError(path, `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  if (info.isDirectory()) {
    const entries = (await readdir(abs)).sort();
    const indexes = entries.filter((e) => e.endsWith(".safetensors.index.json"));
    if (indexes.length > 1) throw new InputError(path, `holds several index files (${indexes.join(", ")}); pass the one to use`);
    if (indexes.length === 1) return openSharded(path, join(abs, indexes[0]));
    const singles = entries.filter((e) => e.endsWith(".safetensors"));
    if (singles.length === 1) return openSingle(path, join(abs, singles[0]));
    throw new InputError(path, singles.length === 0 ? "holds no .safetensors file and no *.safetensors.index.json" : `holds ${singles.length} .safetensors files but no *.safetensors.index.json naming the shards`);
  }
  if (abs.endsWith(".index.json")) return openSharded(path, abs);
  return openSingle(path, abs);
}

async function openSingle(path: string, file: string): Promise<Checkpoint> {
  const parsed = await readSafetensorsHeader(file);
  const tensors = new Map(parsed.tensors.map((t) => [t.name, t]));
  return { path, files: [parsed], tensors, totalBytes: parsed.fileSize };
}

async function openSharded(path: string, indexPath: string): Promise<Checkpoint> {
  let index: unknown;
  try {
    index = JSON.parse(await readFile(indexPath, "utf8"));
  } catch (err) {
    const problem = err instanceof SyntaxError ? `is not valid JSON (${err.message})` : `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
    throw new InputError(indexPath, problem);
  }
  const weightMap = (index as { weight_map?: unknown } | null)?.weight_map;
  if (weightMap === null || typeof weightMap !== "object" || Array.isArray(weightMap)) {
    throw new InputError(indexPath, `needs a "weight_map" object of tensor name -> shard file`);
  }
  const map = weightMap as Record<string, unknown>;
  const shardNames = [...new Set(Object.values(map))];
  for (const shard of shardNames) {
    if (typeof shard !== "string" || shard === "" || basename(shard) !== shard) {
      throw new InputError(indexPath, `weight_map names shard ${JSON.stringify(shard)}; expected a file name in the same folder`);
    }
  }
  const folder = dirname(indexPath);
  const files: SafetensorsFile[] = [];
  for (const shard of shardNames as string[]) {
    const file = join(folder, shard);
    try {
      await stat(file);
    } catch {
      throw new InputError(indexPath, `shard "${shard}" named in weight_map is missing from ${folder}`);
    }
    files.push(await readSafetensorsHeader(file));
  }
  const byFile = new Map(files.map((f) => [basename(f.path), new Map(f.tensors.map((t) => [t.name, t]))]));
  const tensors = new Map<string, TensorEntry>();
  for (const [name, shard] of Object.entries(map)) {
    const entry = byFile.get(shard as string)?.get(name);
    if (!entry) throw new InputError(indexPath, `weight_map puts tensor "${name}" in "${shard}", whose header does not list it`);
    tensors.set(name, entry);
  }
  for (const f of files) {
    for (const t of f.tensors) {
      if (map[t.name] !== basename(f.path)) throw new InputError(f.path, `tensor "${t.name}" is in this shard but weight_map does not point to it here`);
    }
  }
  const totalBytes = files.reduce((a, f) => a + f.fileSize, 0);
  return { path, index: indexPath, files, tensors, totalBytes };
}
