// One-sample trainers against `foolsgold serve` with its DEFAULT admission settings (issue 38):
// 64 and 128 closed-loop clients, each POSTing one 300-word sample at a time (OpenRLHF's and verl's
// per-sample pattern), over keep-alive connections (undici's Pool) and with a new connection per
// request (a raw TCP socket per request with `connection: close`, as `requests.post` without a session
// does, but without node:http's client-side cost: the client shares the 2 cores with the server).
// Prints, per setting, the acknowledged (200) requests/s as the mean of R repeats with a 95%
// t-interval, the share of 429s with a 95% Wilson interval, n, the load average and, since wall-clock
// rates on a shared machine follow its load, the CPU per acknowledged request of the server process
// (all its threads, from /proc) and of this client (process.cpuUsage) apart, each the mean over the
// repeats with a 95% t-interval, and the rate two dedicated cores would sustain at their sum.
// Server: prose stack, durable SQLite journal, one for every setting. One command, about 90 s.
// Each server first takes --warmup seconds of load (64 keep-alive clients, not counted): V8 spends its
// first seconds compiling (at 8–14 s of load its compile threads took ≈ 40 % of the server's CPU, ≈ 8 %
// from 20 s on), which a long-running server pays once, not per request.
// Usage: npx tsx bench/speed/serve-one-sample.ts [--seconds 5] [--repeats 3] [--clients 64,128] [--warmup 10]
//          [--compare DIR] [--server-args "…"] [--compare-args "…"]
//   FOOLSGOLD_BENCH_CHILD_FLAGS="--cpu-prof --cpu-prof-dir=DIR" profiles the server.
//   --compare DIR also serves another checkout (e.g. main before a change; it needs node_modules), the two
//   servers taking turns in every repeat (rows marked "cmp"), and prints the paired ratio of their CPU per
//   request with a 95% t-interval; --server-args / --compare-args add `serve` flags to either (without
//   --compare the compared server is this checkout's: --compare-args "--workers 0" compares scoring on
//   the main thread with the default workers in one run).
import type { ChildProcess } from "node:child_process";
import { spawnServe } from "../helpers/child-server.js";
import { connect } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Pool } from "undici";
import { readCorpus } from "../../src/models/embedded/corpus.js";
import { DEFAULT_LIMITS } from "../../src/server/app.js";
import { arg } from "../helpers/args.js";
import { mainThreadCpuSeconds, meanInterval, procCpuSeconds } from "../helpers/http-load.js";

const SECONDS = Number(arg("--seconds") ?? "5");
const REPEATS = Number(arg("--repeats") ?? "3");
const WARMUP = Number(arg("--warmup") ?? "10");
const CLIENTS = (arg("--clients") ?? "64,128").split(",").map(Number);
const BIN = resolve(import.meta.dirname, "../../bin/foolsgold.js");
const COMPARE_DIR = arg("--compare");
const words = (s: string | undefined): string[] => (s ?? "").split(" ").filter(Boolean);
const SERVER_ARGS = words(arg("--server-args"));
const COMPARE_ARGS = words(arg("--compare-args"));
const COMPARED = COMPARE_DIR !== undefined || arg("--compare-args") !== undefined;

const texts: string[] = [];
for (const doc of readCorpus().test) {
  const w = doc.text.split(/\s+/).filter(Boolean);
  for (let i = 0; i + 300 <= w.length; i += 300) texts.push(w.slice(i, i + 300).join(" "));
}
const body = (k: number) => JSON.stringify({ rows: [{ id: `${k}`, prompt: "Continue the scene.", output: texts[k % texts.length], step: Math.floor(k / 1024) }] });

type Post = (payload: string) => Promise<number>;

function keepAlive(url: string, connections: number): { post: Post; close(): Promise<void> } {
  const pool = new Pool(url, { connections, keepAliveTimeout: 60_000 });
  return {
    post: async (payload) => {
      try {
        const res = await pool.request({ path: "/v1/score", method: "POST", headers: { "content-type": "application/json" }, body: payload });
        await res.body.dump({ limit: Infinity });
        return res.statusCode;
      } catch {
        return 0;
      }
    },
    close: () => pool.close(),
  };
}

function newConnectionEach(url: string): { post: Post; close(): Promise<void> } {
  const { hostname, port } = new URL(url);
  const head = `POST /v1/score HTTP/1.1\r\nhost: ${hostname}:${port}\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: `;
  return {
    // The status is read off the first bytes; the rest of the answer is drained until the server closes.
    post: (payload) =>
      new Promise((done) => {
        let status = 0;
        const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(`${head}${Buffer.byteLength(payload)}\r\n\r\n${payload}`));
        socket.once("data", (chunk: Buffer) => (status = Number(chunk.toString("latin1", 9, 12)) || 0));
        socket.on("error", () => (status = 0));
        socket.on("close", () => done(status));
        socket.resume();
      }),
    close: async () => {},
  };
}

function startServer(bin: string, journal: string, extra: string[]): Promise<{ child: ChildProcess; url: string }> {
  // Default admission, timeouts and workers: nothing but the stack, port and journal is set (and the flags asked for).
  return spawnServe(bin, ["--stack", "prose", "--port", "0", "--journal", journal, "--no-cache", ...extra]);
}

async function closedLoop(post: Post, clients: number, seconds: number, counter: { k: number }) {
  const statuses: Record<number, number> = {};
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const status = await post(body(counter.k++));
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return { statuses, seconds: (performance.now() - started) / 1000 };
}

const withInterval = (x: { mean: number; lo: number; hi: number }, digits: number): string => `${x.mean.toFixed(digits)} [${x.lo.toFixed(digits)}, ${x.hi.toFixed(digits)}]`;

/** 95% Wilson score interval of a proportion k/n. */
function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const loadBefore = loadavg();
console.log(
  `one-sample clients against \`foolsgold serve --stack prose\` with default admission (--max-in-flight ${DEFAULT_LIMITS.maxInFlight}, --max-queue ${DEFAULT_LIMITS.maxQueue}), durable SQLite journal; ${availableParallelism()} cores; ${REPEATS} repeats × ${SECONDS} s per setting after ${WARMUP} s of warm-up per server; load average (1/5/15 min) at the start ${loadBefore.map((x) => x.toFixed(1)).join("/")}`,
);
console.log(
  `${COMPARED ? "server " : ""}clients  connections     acknowledged req/s (95% CI)   n(sent)  n(200)  n(429)  429 share (95% CI)        other  server CPU ms/req (95% CI)  its main thread (95% CI)  client CPU ms/req (95% CI)  2-core req/s  load1`,
);
const counter = { k: 0 };
// One server for every setting (its start-up, through tsx on a loaded machine, was most of the run).
const dir = mkdtempSync(join(tmpdir(), "fg-one-"));
const servers = [{ label: "this", ...(await startServer(BIN, join(dir, "journal.sqlite"), SERVER_ARGS)) }];
if (COMPARED) servers.push({ label: "cmp", ...(await startServer(COMPARE_DIR ? resolve(COMPARE_DIR, "bin/foolsgold.js") : BIN, join(dir, "journal-cmp.sqlite"), COMPARE_ARGS)) });
for (const server of servers) {
  const warm = keepAlive(server.url, 64);
  await closedLoop(warm.post, 64, WARMUP, counter);
  await warm.close();
}
const ratios: string[] = [];
for (const clients of CLIENTS) {
  for (const mode of ["keep-alive", "new per request"] as const) {
    const clientOf = (url: string) => (mode === "keep-alive" ? keepAlive(url, clients) : newConnectionEach(url));
    const runs = servers.map((server) => ({ server, client: clientOf(server.url), rates: [] as number[], serverMs: [] as number[], mainMs: [] as number[], clientMs: [] as number[], totals: {} as Record<number, number> }));
    try {
      for (const run of runs) await closedLoop(run.client.post, clients, 1, counter);
      for (let r = 0; r < REPEATS; r++) {
        // The servers take turns, first one then the other, so load that comes and goes hits both alike.
        for (const run of r % 2 ? [...runs].reverse() : runs) {
          const pid = run.server.child.pid!;
          const server0 = procCpuSeconds(pid);
          const main0 = mainThreadCpuSeconds(pid);
          const client0 = process.cpuUsage();
          const loop = await closedLoop(run.client.post, clients, SECONDS, counter);
          const clientCpu = process.cpuUsage(client0);
          const acknowledged = Math.max(1, loop.statuses[200] ?? 0);
          run.serverMs.push(((procCpuSeconds(pid) - server0) * 1000) / acknowledged);
          run.mainMs.push(((mainThreadCpuSeconds(pid) - main0) * 1000) / acknowledged);
          run.clientMs.push((clientCpu.user + clientCpu.system) / 1000 / acknowledged);
          run.rates.push((loop.statuses[200] ?? 0) / loop.seconds);
          for (const [status, n] of Object.entries(loop.statuses)) run.totals[Number(status)] = (run.totals[Number(status)] ?? 0) + n;
        }
      }
      for (const { server, rates, serverMs, mainMs, clientMs, totals } of runs) {
        const sent = Object.values(totals).reduce((a, b) => a + b, 0);
        const ok = totals[200] ?? 0;
        const refused = totals[429] ?? 0;
        const other = sent - ok - refused;
        const serverCpu = meanInterval(serverMs);
        const clientCpu = meanInterval(clientMs);
        const cpuMs = serverCpu.mean + clientCpu.mean;
        const { mean, lo, hi } = meanInterval(rates);
        const [plo, phi] = wilson(refused, sent);
        console.log(
          [
            `${COMPARED ? `${server.label.padEnd(5)}` : ""}${String(clients).padStart(7)}`,
            mode.padEnd(15),
            withInterval({ mean, lo: Math.max(0, lo), hi }, 0).padStart(28),
            String(sent).padStart(9),
            String(ok).padStart(7),
            String(refused).padStart(7),
            `${((100 * refused) / Math.max(1, sent)).toFixed(2)}% [${(100 * plo).toFixed(2)}, ${(100 * phi).toFixed(2)}]`.padStart(24),
            String(other).padStart(7),
            withInterval(serverCpu, 3).padStart(24),
            withInterval(meanInterval(mainMs), 3).padStart(24),
            withInterval(clientCpu, 3).padStart(24),
            (2000 / cpuMs).toFixed(0).padStart(13),
            loadavg()[0].toFixed(1).padStart(6),
          ].join("  "),
        );
      }
      const paired = (of: (run: (typeof runs)[number]) => number[]) => withInterval(meanInterval(of(runs[0]).map((x, i) => x / of(runs[1])[i])), 3);
      if (COMPARED) ratios.push(`${clients} ${mode}: ${paired((run) => run.serverMs)}; main thread ${paired((run) => run.mainMs)}`);
    } finally {
      for (const run of runs) await run.client.close();
    }
  }
}
for (const server of servers) {
  server.child.kill("SIGTERM");
  await new Promise((r) => server.child.once("exit", r));
}
rmSync(dir, { recursive: true, force: true });
if (COMPARED) {
  console.log(`server CPU per acknowledged request, this ÷ cmp (${[COMPARE_DIR ?? "this checkout", ...COMPARE_ARGS].join(" ")}), paired by repeat, mean [95% t-interval]:`);
  for (const line of ratios) console.log(`  ${line}`);
}
console.log(
  `load average at the end ${loadavg()
    .map((x) => x.toFixed(1))
    .join(
      "/",
    )}; req/s: acknowledged (HTTP 200) requests per second of wall clock, one 300-word sample each; intervals: 95% t over the ${REPEATS} repeats (req/s cut at 0; CPU ms per acknowledged request: server process, all threads, of it the main thread (HTTP, JSON, journal), and this client apart), 95% Wilson (429 share); 2-core req/s = 2,000 CPU-ms/s ÷ (server + client CPU ms per acknowledged request), what two dedicated cores running both would sustain.`,
);
