// The live monitor's thread: follows the journal through its own read-only connection and posts each
// new report to the server's main thread, so reading finished rows, the guard scans and the
// detector's reruns (seconds at large samples) never hold up requests.
import { parentPort, workerData } from "node:worker_threads";
import { errorMessage } from "../../core/errors.js";
import { openJournalStore } from "../journal-store.js";
import { JournalMonitor, type MonitorThresholds } from "../monitor.js";

export interface MonitorWorkerSetup {
  module: string;
  location: string;
  thresholds: MonitorThresholds;
  rowKind: "bank" | "transcript";
  intervalMs: number;
}

export type MonitorWorkerReply = { report: unknown } | { fatal: string };

const port = parentPort!;
const setup = workerData as MonitorWorkerSetup;
try {
  const journal = await openJournalStore(setup.location, { readonly: true });
  const monitor = new JournalMonitor(journal, setup.thresholds, setup.rowKind);
  port.postMessage({ report: monitor.report() } satisfies MonitorWorkerReply);
  let last = monitor.report();
  const tick = async (): Promise<void> => {
    try {
      await monitor.refresh();
      if (monitor.report() !== last) port.postMessage({ report: (last = monitor.report()) } satisfies MonitorWorkerReply);
    } catch {
      // A journal that cannot be read now is read again on the next tick; the last report stands.
    }
    setTimeout(() => void tick(), setup.intervalMs);
  };
  setTimeout(() => void tick(), setup.intervalMs);
} catch (err) {
  port.postMessage({ fatal: errorMessage(err) } satisfies MonitorWorkerReply);
}
