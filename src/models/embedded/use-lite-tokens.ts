// USE-lite's input for the ONNX graph: the sentencepiece ids of @energetic-ai/embeddings' own
// tokenizer (the one its TF.js model uses), clipped to MAX_TOKENS as the TF.js graph clips them,
// padded to the batch's longest sentence, with a 1/0 mask and the positions 0..L-1.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EmbeddingsModel } from "@energetic-ai/embeddings";
import { MAX_TOKENS, modelDir } from "./use-lite-onnx.js";

export interface TokenBatch {
  batch: number;
  tokens: number;
  ids: BigInt64Array;
  mask: Float32Array;
  positions: BigInt64Array;
}

export type Encode = (texts: string[]) => TokenBatch;

export function loadTokenizer(): Encode {
  const vocabulary = JSON.parse(readFileSync(join(modelDir(), "vocab.json"), "utf8")) as [string, number][];
  // The tokenizer alone: EmbeddingsModel builds it from the vocabulary and needs no graph for that.
  const { tokenizer } = new EmbeddingsModel({ vocabulary, model: null as never });
  return (texts) => {
    const encoded = texts.map((t) => tokenizer.encode(t).slice(0, MAX_TOKENS));
    const tokens = Math.max(1, ...encoded.map((e) => e.length));
    const ids = new BigInt64Array(texts.length * tokens);
    const mask = new Float32Array(texts.length * tokens);
    encoded.forEach((e, b) =>
      e.forEach((id, i) => {
        ids[b * tokens + i] = BigInt(id);
        mask[b * tokens + i] = 1;
      }),
    );
    return { batch: texts.length, tokens, ids, mask, positions: BigInt64Array.from({ length: tokens }, (_, i) => BigInt(i)) };
  };
}
