// LoRA merge verification (SPEC §6, seed 000 §2: "targeted weights changed while non-targeted
// weights remained unchanged"). Both checkpoints are streamed tensor by tensor in fixed-size chunks,
// so memory stays bounded whatever the model size; bytes are compared bitwise, whatever the dtype.
import { open, type FileHandle } from "node:fs/promises";
import { InputError } from "../core/errors.js";
import { bytesPerElement, openCheckpoint, type Checkpoint, type TensorEntry } from "./safetensors.js";

export const DEFAULT_MERGE_TARGETS = ["q_proj", "k_proj", "v_proj", "o_proj"];

export type OffenderProblem = "target_unchanged" | "non_target_changed" | "missing_in_merged" | "extra_in_merged" | "layout_changed";

export interface MergeOffender {
  tensor: string;
  problem: OffenderProblem;
  detail: string;
}

export interface MergeVerifyOptions {
  /** Module names whose `.weight` a LoRA merge must change. */
  targets?: string[];
  /** Read size per checkpoint per step; memory use is about twice this. */
  chunkBytes?: number;
  /** Offenders listed in the report (all are counted). */
  maxOffendersListed?: number;
  onProgress?: (doneBytes: number, totalBytes: number) => void;
}

export interface MergeVerifyReport {
  clean: boolean;
  base: string;
  merged: string;
  targets: string[];
  tensors: number;
  targeted: { total: number; changed: number; unchanged: number };
  untargeted: { total: number; identical: number; changed: number };
  missing_in_merged: number;
  extra_in_merged: number;
  layout_changed: number;
  offender_count: number;
  /** The first offenders in checkpoint order. */
  offenders: MergeOffender[];
  /** Bytes read from both checkpoints together (a changed tensor is read only up to its first difference). */
  bytes_read: number;
  /** Size of the base checkpoint's tensor data (bytes). */
  base_tensor_bytes: number;
  seconds: number;
}

/**
 * A tensor is targeted when one of its dotted name parts is a target module and it is that
 * module's `weight`: a LoRA merge rewrites W only, so a targeted module's bias must stay identical.
 */
export function isTargeted(name: string, targets: string[]): boolean {
  const parts = name.split(".");
  return parts[parts.length - 1] === "weight" && parts.slice(0, -1).some((p) => targets.includes(p));
}

export async function verifyMerge(basePath: string, mergedPath: string, options: MergeVerifyOptions = {}): Promise<MergeVerifyReport> {
  const targets = options.targets ?? DEFAULT_MERGE_TARGETS;
  if (targets.length === 0 || targets.some((t) => t.trim() === "")) throw new InputError("--targets", "needs at least one non-empty module name");
  const chunkBytes = options.chunkBytes ?? 8 * 1024 * 1024;
  const maxListed = options.maxOffendersListed ?? 20;
  const started = performance.now();
  const [base, merged] = await Promise.all([openCheckpoint(basePath), openCheckpoint(mergedPath)]);
  const baseTensors = inFileOrder(base);
  if (!baseTensors.some((t) => isTargeted(t.name, targets))) {
    const sample = baseTensors
      .slice(0, 3)
      .map((t) => t.name)
      .join(", ");
    throw new InputError("--targets", `${targets.join(",")} match no "<module>.weight" tensor in ${basePath} (names look like: ${sample})`);
  }

  const offenders: MergeOffender[] = [];
  const counts = { targetChanged: 0, targetUnchanged: 0, untargetedIdentical: 0, untargetedChanged: 0, missing: 0, extra: 0, layout: 0 };
  const flag = (o: MergeOffender): void => {
    if (offenders.length < maxListed) offenders.push(o);
  };
  const baseTensorBytes = baseTensors.reduce((a, t) => a + (t.end - t.start), 0);
  const reader = new ChunkReader(chunkBytes);
  let bytesRead = 0;
  let done = 0;
  try {
    for (const b of baseTensors) {
      const m = merged.tensors.get(b.name);
      const targeted = isTargeted(b.name, targets);
      done += b.end - b.start;
      if (!m) {
        counts.missing++;
        flag({ tensor: b.name, problem: "missing_in_merged", detail: "present in base, absent from merged" });
        continue;
      }
      if (m.dtype !== b.dtype || m.shape.join(",") !== b.shape.join(",")) {
        counts.layout++;
        flag({ tensor: b.name, problem: "layout_changed", detail: `base ${b.dtype} [${b.shape.join(", ")}] vs merged ${m.dtype} [${m.shape.join(", ")}]` });
        continue;
      }
      const diff = await reader.firstDifference(b, m);
      bytesRead += diff.bytesRead;
      if (targeted) {
        if (diff.at === null) {
          counts.targetUnchanged++;
          flag({ tensor: b.name, problem: "target_unchanged", detail: `targeted ${b.dtype} [${b.shape.join(", ")}] is bit-identical to base` });
        } else counts.targetChanged++;
      } else if (diff.at === null) counts.untargetedIdentical++;
      else {
        counts.untargetedChanged++;
        const element = Math.floor(diff.at / bytesPerElement(b.dtype));
        flag({ tensor: b.name, problem: "non_target_changed", detail: `not targeted but differs from base, first at element ${element} (byte ${diff.at}) of ${b.dtype} [${b.shape.join(", ")}]` });
      }
      options.onProgress?.(done, baseTensorBytes);
    }
  } finally {
    await reader.close();
  }
  for (const name of merged.tensors.keys()) {
    if (!base.tensors.has(name)) {
      counts.extra++;
      flag({ tensor: name, problem: "extra_in_merged", detail: "present in merged, absent from base" });
    }
  }
  const offenderCount = counts.targetUnchanged + counts.untargetedChanged + counts.missing + counts.extra + counts.layout;
  const targetedTotal = baseTensors.filter((t) => isTargeted(t.name, targets)).length;
  return {
    clean: offenderCount === 0,
    base: basePath,
    merged: mergedPath,
    targets,
    tensors: baseTensors.length,
    targeted: { total: targetedTotal, changed: counts.targetChanged, unchanged: counts.targetUnchanged },
    untargeted: { total: baseTensors.length - targetedTotal, identical: counts.untargetedIdentical, changed: counts.untargetedChanged },
    missing_in_merged: counts.missing,
    extra_in_merged: counts.extra,
    layout_changed: counts.layout,
    offender_count: offenderCount,
    offenders,
    bytes_read: bytesRead,
    base_tensor_bytes: baseTensorBytes,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Tensors sorted by file then offset, so each file is read front to back. */
function inFileOrder(checkpoint: Checkpoint): TensorEntry[] {
  return [...checkpoint.tensors.values()].sort((a, b) => (a.file === b.file ? a.start - b.start : a.file < b.file ? -1 : 1));
}

/** Reads two byte ranges in lock-step through two reusable buffers, keeping file handles open. */
class ChunkReader {
  private readonly handles = new Map<string, FileHandle>();
  private readonly left: Buffer;
  private readonly right: Buffer;

  constructor(private readonly chunkBytes: number) {
    this.left = Buffer.allocUnsafe(chunkBytes);
    this.right = Buffer.allocUnsafe(chunkBytes);
  }

  /** Byte offset (within the tensor) of the first difference, or null when identical. */
  async firstDifference(a: TensorEntry, b: TensorEntry): Promise<{ at: number | null; bytesRead: number }> {
    const length = a.end - a.start;
    const [ha, hb] = await Promise.all([this.handle(a.file), this.handle(b.file)]);
    let bytesRead = 0;
    for (let pos = 0; pos < length; pos += this.chunkBytes) {
      const n = Math.min(this.chunkBytes, length - pos);
      await Promise.all([readExactly(ha, this.left, n, a.start + pos, a), readExactly(hb, this.right, n, b.start + pos, b)]);
      bytesRead += 2 * n;
      const l = this.left.subarray(0, n);
      const r = this.right.subarray(0, n);
      if (!l.equals(r)) {
        let i = 0;
        while (l[i] === r[i]) i++;
        return { at: pos + i, bytesRead };
      }
    }
    return { at: null, bytesRead };
  }

  private async handle(file: string): Promise<FileHandle> {
    let h = this.handles.get(file);
    if (!h) {
      h = await open(file, "r");
      this.handles.set(file, h);
    }
    return h;
  }

  async close(): Promise<void> {
    await Promise.all([...this.handles.values()].map((h) => h.close()));
    this.handles.clear();
  }
}

async function readExactly(handle: FileHandle, into: Buffer, n: number, position: number, tensor: TensorEntry): Promise<void> {
  let got = 0;
  while (got < n) {
    const { bytesRead } = await handle.read(into, got, n - got, position + got);
    if (bytesRead === 0) throw new InputError(tensor.file, `ended while reading tensor "${tensor.name}" (file changed during verification?)`);
    got += bytesRead;
  }
}
