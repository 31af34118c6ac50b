// Worker-thread entry: registers the TypeScript loader in this thread, then loads the worker module.
// Plain JavaScript because a worker starts without the parent's loader.
import { register } from "tsx/esm/api";
import { workerData } from "node:worker_threads";

register();
await import(workerData.module);
