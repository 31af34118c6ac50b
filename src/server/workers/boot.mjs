// Worker-thread entry: loads the worker module, registering the TypeScript loader in this thread first
// when running from source. Plain JavaScript because a worker starts without the parent's loader.
import { workerData } from "node:worker_threads";

if (workerData.module.endsWith(".ts")) {
  const { register } = await import("tsx/esm/api");
  register();
}
await import(workerData.module);
