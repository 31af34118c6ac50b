// The live monitor off the main thread (serve): a worker thread follows the journal and posts its
// reports; GET /v1/monitor returns the latest at once. A journal only this process can see (in
// memory) keeps the monitor on the main thread.
import { Worker } from "node:worker_threads";
import { FoolsgoldError } from "../core/errors.js";
import { JournalMonitor, type MonitorThresholds } from "./monitor.js";
import type { JournalStore } from "./journal-store.js";
import type { MonitorWorkerReply, MonitorWorkerSetup } from "./workers/monitor-worker.js";

export interface LiveMonitor {
  report(): unknown;
  stop(): Promise<void>;
  /** The monitor's thread, when it has one (tests end it to see what a dead monitor reports). */
  readonly thread?: Worker;
}

/** `location` is the journal as given to --journal (credentials included); `journal` is the server's own connection. */
export async function startLiveMonitor(location: string, journal: JournalStore, thresholds: MonitorThresholds, rowKind: "bank" | "transcript", intervalMs = 1_000): Promise<LiveMonitor> {
  if (location === ":memory:") {
    const monitor = new JournalMonitor(journal, thresholds, rowKind);
    monitor.start(intervalMs);
    return { report: () => monitor.report(), stop: async () => monitor.stop() };
  }
  const setup: MonitorWorkerSetup = {
    module: new URL(import.meta.url.endsWith(".ts") ? "./workers/monitor-worker.ts" : "./workers/monitor-worker.js", import.meta.url).href,
    location,
    thresholds,
    rowKind,
    intervalMs,
  };
  const worker = new Worker(new URL("./workers/boot.mjs", import.meta.url), { workerData: setup });
  let latest: unknown;
  let stopping = false;
  await new Promise<void>((resolve, reject) => {
    worker.on("message", (reply: MonitorWorkerReply) => {
      if ("fatal" in reply) return reject(new FoolsgoldError("monitor_start", `live monitor failed to start: ${reply.fatal}`));
      latest = reply.report;
      resolve();
    });
    worker.once("error", (err) => reject(new FoolsgoldError("monitor_start", `live monitor crashed: ${err.message}`)));
    worker.once("exit", (code) => {
      if (!stopping) reject(new FoolsgoldError("monitor_start", `live monitor exited (code ${code})`));
    });
  });
  // A monitor thread that dies later leaves its last report in place, says so once on stderr, and every
  // report from then on carries why it stopped (a poller must not mistake a frozen report for a quiet run).
  let stopped: string | undefined;
  worker.on("exit", (code) => {
    if (stopping) return;
    stopped = `the live monitor's thread exited (code ${code}); this is its last report`;
    process.stderr.write(`foolsgold: ${stopped}\n`);
  });
  // The server must not stay up only for its monitor.
  worker.unref();
  return {
    thread: worker,
    report: () => (stopped === undefined || typeof latest !== "object" || latest === null ? latest : { ...latest, monitor_stopped: stopped }),
    async stop() {
      stopping = true;
      await worker.terminate();
    },
  };
}
