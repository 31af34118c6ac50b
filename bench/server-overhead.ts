// The reward server's own cost per one-sample request (OpenRLHF's pattern), in process and without a
// socket: Hono routing, body checks, zod, hashing, the durable SQLite journal with group commit (two
// writes per request), and the response, around a scorer that does nothing. Reported as CPU ms per
// request (load-independent) and wall requests/s with the machine's load average.
// Usage: npx tsx bench/server-overhead.ts [--requests 4000] [--clients 64]
import { loadavg } from "node:os";
import { createApp } from "../src/server/app.js";
import { Journal } from "../src/server/journal.js";
import { SqliteStore } from "../src/server/journal-store.js";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
const dir = mkdtempSync(join(tmpdir(), "fg-micro-"));
const store = new SqliteStore(new Journal(join(dir, "j.sqlite")), "x");
const scorer = { rowKind: "bank" as const, instrument: { stack: "s", version: "1", options: {}, models: {}, hash: "h" }, scoreRows: async (rows: unknown[]) => rows.map(() => ({ value: 1, terms: { a: { value: 1 } }, instrument: "h" })) };
const app = createApp({ scorers: { s: scorer as never }, defaultStack: "s", journal: store, limits: { maxInFlight: 256, maxQueue: 1024 } });
const text = "word ".repeat(300);
let k = 0;
const one = async () => (await app.request("/v1/score", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rows: [{ id: `r${k++}`, prompt: "Continue.", output: text, step: k }] }) })).arrayBuffer();
for (let i = 0; i < 500; i++) await one();
const t0 = process.cpuUsage(); const w0 = performance.now();
const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => (argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : fallback);
const N = flag("requests", 4000);
const CLIENTS = flag("clients", 64);
await Promise.all(Array.from({ length: CLIENTS }, async () => { for (let i = 0; i < N / CLIENTS; i++) await one(); }));
const cpu = process.cpuUsage(t0); const wall = performance.now() - w0;
console.log(`server overhead, in process, durable SQLite journal: n=${N} one-sample requests from ${CLIENTS} clients; CPU ${((cpu.user + cpu.system) / 1000 / N).toFixed(3)} ms/request; wall ${((N / wall) * 1000).toFixed(0)} req/s; 1-min load average ${loadavg()[0].toFixed(1)}`);
