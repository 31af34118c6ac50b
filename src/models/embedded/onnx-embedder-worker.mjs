// Worker thread for the ONNX embedder pool (plain JS so it runs under any loader: tsx, vitest, node).
// Opens one onnxruntime session on the model bytes it is given (single-threaded: the pool is the
// parallelism; no memory arena: 20–25 MB less resident, same speed here) and runs the token batches it
// is sent; onnxruntime-node's run blocks its thread.
import { parentPort, workerData } from "node:worker_threads";
import * as ort from "onnxruntime-node";

const session = await ort.InferenceSession.create(workerData.model, { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: "all", enableCpuMemArena: false, enableMemPattern: false });
parentPort.on("message", async ({ id, ids, mask, positions, batch, tokens }) => {
  try {
    const out = await session.run({
      ids: new ort.Tensor("int64", ids, [batch, tokens]),
      mask: new ort.Tensor("float32", mask, [batch, tokens]),
      positions: new ort.Tensor("int64", positions, [tokens]),
    });
    const flat = Float32Array.from(out.embeddings_out.data);
    parentPort.postMessage({ id, flat }, [flat.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort.postMessage({ ready: true });
