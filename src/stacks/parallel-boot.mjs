// Worker-thread entry for parallel scoring: registers the TypeScript loader in this thread first when
// running from source (a worker starts without the parent's loader), then loads the worker module.
import { workerData } from "node:worker_threads";

if (workerData.module.endsWith(".ts")) {
  const { register } = await import("tsx/esm/api");
  register();
}
await import(workerData.module);
