// The SQLite journal's checkpoints, off the server's main thread. SQLite's automatic checkpoint runs
// inside the COMMIT that crosses 1,000 WAL pages, on the connection that commits: it copies those pages
// into the database file and fsyncs it while the event loop waits (≈ 2× the main thread's journal time
// for 64 × 300-word requests, and most of its commit tail). Here a connection of its own copies what
// the WAL holds every `intervalMs` (PASSIVE: it never waits for, nor blocks, the writer). The WAL stays
// the durable record of every acknowledged commit; SQLite syncs the WAL before copying and the database
// file before the writer may reuse the WAL. Plain JavaScript: it needs no TypeScript loader to start.
import Database from "better-sqlite3";
import { parentPort, workerData } from "node:worker_threads";

const { path, intervalMs } = workerData;
const db = new Database(path, { fileMustExist: true });
db.pragma("busy_timeout = 10000");
db.pragma("synchronous = NORMAL");
let timer;
const tick = () => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch (err) {
    // A checkpoint that fails (the disk full, the file unreadable): the main thread takes checkpoints
    // back on its own connection and stops this thread.
    parentPort.postMessage({ failed: err instanceof Error ? err.message : String(err) });
  }
  timer = setTimeout(tick, intervalMs);
};
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
timer = setTimeout(tick, intervalMs);
