// Parquet rows (verl's datasets and rollout dumps) read with hyparquet, a maintained pure-JS reader.
// hyparquet is asynchronous; the readers of banks, rows and logs are synchronous, so the file is
// decoded on a worker thread while this thread waits on a shared flag (Atomics.wait) and then takes
// the rows off the channel with receiveMessageOnPort. Values become JSON values: 64-bit integers are
// numbers when exact (a string otherwise), dates ISO strings, bytes base64.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import { InputError } from "./errors.js";

/** What the worker runs: read the whole file as objects, make every value a JSON value, post it. */
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const { readFileSync } = require("node:fs");
const { flag, port, path, moduleUrl } = workerData;
const jsonValue = (v) => {
  if (typeof v === "bigint") return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString("base64");
  if (Array.isArray(v)) return v.map(jsonValue);
  if (v && typeof v === "object") { const o = {}; for (const k of Object.keys(v)) o[k] = jsonValue(v[k]); return o; }
  if (typeof v === "number" && !Number.isFinite(v)) return null;
  return v;
};
(async () => {
  try {
    const { parquetReadObjects } = await import(moduleUrl);
    const bytes = readFileSync(path);
    const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const rows = await parquetReadObjects({ file });
    port.postMessage({ rows: rows.map(jsonValue) });
  } catch (err) {
    port.postMessage({ error: err && err.message ? err.message : String(err), code: err && err.code });
  }
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
})();
`;

export function isParquetPath(path: string): boolean {
  return /\.parquet$/i.test(path);
}

/** Every row of a Parquet file as a plain JSON object, synchronously. */
export function readParquetRows(path: string): Record<string, unknown>[] {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const moduleUrl = pathToFileURL(createRequire(import.meta.url).resolve("hyparquet")).href;
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { flag, port: port2, path, moduleUrl }, transferList: [port2] });
  try {
    Atomics.wait(flag, 0, 0);
    const message = receiveMessageOnPort(port1)?.message as { rows?: Record<string, unknown>[]; error?: string; code?: string } | undefined;
    if (!message) throw new InputError(path, "the Parquet reader stopped without an answer");
    if (message.error !== undefined) {
      const problem = message.code === "ENOENT" ? "no such file or folder" : `not a readable Parquet file (${message.error})`;
      throw new InputError(path, problem);
    }
    return message.rows ?? [];
  } finally {
    port1.close();
    void worker.terminate();
  }
}
