// A minimal writer for the ONNX protobuf format (onnx.proto3: ModelProto, GraphProto, NodeProto,
// TensorProto, ValueInfoProto, AttributeProto), enough to hand onnxruntime a graph built in memory.
// Field numbers are those of onnx/onnx.proto; only the fields used here are written.

type Bytes = Uint8Array;

function varint(n: number | bigint): number[] {
  let v = BigInt.asUintN(64, BigInt(n));
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v) byte |= 0x80;
    out.push(byte);
  } while (v);
  return out;
}

/** A message as a tree of byte parts and sub-messages, written once into one buffer at the end (the weights are never copied twice). */
class Message {
  private readonly parts: (Bytes | Message)[] = [];
  private size = 0;
  private push(part: Bytes | Message): void {
    this.parts.push(part);
    this.size += part instanceof Message ? part.size : part.length;
  }
  int(field: number, value: number): this {
    this.push(Uint8Array.from([...varint((field << 3) | 0), ...varint(value)]));
    return this;
  }
  float(field: number, value: number): this {
    const b = new Uint8Array(5);
    b[0] = (field << 3) | 5;
    new DataView(b.buffer).setFloat32(1, value, true);
    this.push(b);
    return this;
  }
  bytes(field: number, value: Bytes): this {
    this.push(Uint8Array.from([...varint((field << 3) | 2), ...varint(value.length)]));
    this.push(value);
    return this;
  }
  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }
  message(field: number, value: Message): this {
    this.push(Uint8Array.from([...varint((field << 3) | 2), ...varint(value.size)]));
    this.push(value);
    return this;
  }
  private writeInto(out: Uint8Array, at: number): number {
    for (const p of this.parts) {
      if (p instanceof Message) at = p.writeInto(out, at);
      else {
        out.set(p, at);
        at += p.length;
      }
    }
    return at;
  }
  finish(): Bytes {
    const out = new Uint8Array(this.size);
    this.writeInto(out, 0);
    return out;
  }
}

export const FLOAT = 1;
export const INT64 = 7;

export type Attribute = { name: string } & ({ f: number } | { i: number } | { ints: number[] });

export interface OnnxNode {
  op: string;
  inputs: string[];
  outputs: string[];
  attributes?: Attribute[];
}

export interface OnnxTensor {
  name: string;
  dims: number[];
  /** Float32Array → FLOAT, BigInt64Array → INT64. */
  data: Float32Array | BigInt64Array;
}

export interface OnnxValue {
  name: string;
  elemType: number;
  /** A number is a fixed size; a string names a symbolic dimension. */
  shape: (number | string)[];
}

function tensorProto(t: OnnxTensor): Message {
  const m = new Message();
  for (const d of t.dims) m.int(1, d);
  m.int(2, t.data instanceof Float32Array ? FLOAT : INT64);
  m.string(8, t.name);
  m.bytes(9, new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
  return m;
}

function attributeProto(a: Attribute): Message {
  const m = new Message().string(1, a.name);
  if ("f" in a) return m.float(2, a.f).int(20, 1);
  if ("i" in a) return m.int(3, a.i).int(20, 2);
  for (const v of a.ints) m.int(8, v);
  return m.int(20, 7);
}

function valueInfo(v: OnnxValue): Message {
  const shape = new Message();
  for (const d of v.shape) shape.message(1, typeof d === "number" ? new Message().int(1, d) : new Message().string(2, d));
  const tensorType = new Message().int(1, v.elemType).message(2, shape);
  return new Message().string(1, v.name).message(2, new Message().message(1, tensorType));
}

/** Serialize a single-graph model for the default ONNX domain at `opset`. */
export function encodeModel(graph: { name: string; nodes: OnnxNode[]; initializers: OnnxTensor[]; inputs: OnnxValue[]; outputs: OnnxValue[] }, opset: number): Bytes {
  const g = new Message();
  graph.nodes.forEach((n, k) => {
    const node = new Message();
    for (const i of n.inputs) node.string(1, i);
    for (const o of n.outputs) node.string(2, o);
    node.string(3, `${n.op}_${k}`).string(4, n.op);
    for (const a of n.attributes ?? []) node.message(5, attributeProto(a));
    g.message(1, node);
  });
  g.string(2, graph.name);
  for (const t of graph.initializers) g.message(5, tensorProto(t));
  for (const v of graph.inputs) g.message(11, valueInfo(v));
  for (const v of graph.outputs) g.message(12, valueInfo(v));
  return new Message().int(1, 8).string(2, "foolsgold").message(7, g).message(8, new Message().string(1, "").int(2, opset)).finish();
}
