// Load generation and cost accounting for the server benches. The trainer side is undici's Pool
// (keep-alive connections, optional HTTP/1.1 pipelining), which costs the client a fraction of what
// node:http does, so on a 2-core machine the client leaves the server most of the CPU. Cost is CPU
// time read from /proc (load-independent, unlike wall time on a shared machine), main thread apart.
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg } from "node:os";
import { Pool } from "undici";
import { parseServerTiming } from "../../src/server/timing.js";

export interface Outcome {
  status: number;
  ms: number;
  /** The server's own stages (its Server-Timing header), ms. */
  stages?: Record<string, number>;
}

export interface LoadClient {
  post(path: string, body: string): Promise<Outcome>;
  close(): Promise<void>;
}

export function loadClient(url: string, options: { connections: number; pipelining?: number }): LoadClient {
  const pool = new Pool(url, { connections: options.connections, pipelining: options.pipelining ?? 1, keepAliveTimeout: 60_000 });
  return {
    async post(path, body) {
      const started = performance.now();
      try {
        const res = await pool.request({ path, method: "POST", headers: { "content-type": "application/json" }, body });
        await res.body.dump({ limit: Infinity });
        const timing = res.headers["server-timing"];
        return { status: res.statusCode, ms: performance.now() - started, stages: parseServerTiming(Array.isArray(timing) ? timing.join(",") : timing) };
      } catch {
        // A reset connection counts as an error (status 0), not as a result.
        return { status: 0, ms: performance.now() - started };
      }
    },
    close: () => pool.close(),
  };
}

/** CPU seconds (user + system) of a process's main thread (its tid is the pid) and of all its threads. */
export function mainThreadCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, 100 Hz ticks
}

export function procCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime + stime of every thread, including those that already exited.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU ms (user + system) of each live thread of a process, by thread id. Node names none of its
 * threads, so they are told apart by cost: the main thread (tid = pid), the scoring workers, V8's
 * helper threads (JIT, GC), the monitor and checkpoint threads, libuv's pool (the WAL's fdatasync).
 */
export function threadCpuMs(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}

export interface Run {
  requests: number;
  ok: number;
  statuses: Record<string, number>;
  seconds: number;
  latencies: number[];
  /** Acknowledged requests' latency with the server's stages, in arrival order of the answers. */
  answered: { ms: number; stages: Record<string, number> }[];
  /** CPU ms per acknowledged (200) request: the server process (all threads), and this process (the client). */
  serverCpuMs: number;
  /** The server's main thread alone (HTTP, parsing, journal, monitor; scoring workers excluded). */
  serverMainCpuMs: number;
  /** CPU ms per acknowledged request of each other server thread alive at the end, largest first. */
  serverThreadCpuMs: number[];
  clientCpuMs: number;
  load1: number;
}

/**
 * Drives `pid`'s server at `url` until `maxRequests` were sent or `seconds` passed: closed loop with
 * `clients` callers back to back, or open loop at `ratePerSecond` (arrivals on a fixed schedule, so a
 * slow server is not given time to recover).
 */
export async function drive(client: LoadClient, pid: number, path: string, body: (k: number) => string, plan: { clients?: number; ratePerSecond?: number; seconds: number; maxRequests: number }): Promise<Run> {
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const answered: Run["answered"] = [];
  let sent = 0;
  let ok = 0;
  const record = (r: Outcome) => {
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    if (r.status === 200) {
      ok++;
      latencies.push(r.ms);
      answered.push({ ms: r.ms, stages: r.stages ?? {} });
    }
  };
  const deadline = performance.now() + plan.seconds * 1000;
  const server0 = procCpuSeconds(pid);
  const main0 = mainThreadCpuSeconds(pid);
  const threads0 = threadCpuMs(pid);
  const client0 = process.cpuUsage();
  const started = performance.now();
  if (plan.ratePerSecond) {
    const interval = 1000 / plan.ratePerSecond;
    const inflight: Promise<void>[] = [];
    for (let next = performance.now(); performance.now() < deadline && sent < plan.maxRequests; next += interval) {
      const wait = next - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      inflight.push(client.post(path, body(sent++)).then(record));
    }
    await Promise.all(inflight);
  } else {
    await Promise.all(
      Array.from({ length: plan.clients ?? 1 }, async () => {
        while (performance.now() < deadline && sent < plan.maxRequests) record(await client.post(path, body(sent++)));
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const clientCpu = process.cpuUsage(client0);
  const perRequest = (ms: number) => ms / Math.max(1, ok);
  const serverThreadCpuMs = [...threadCpuMs(pid)]
    .filter(([tid]) => tid !== pid)
    .map(([tid, ms]) => perRequest(ms - (threads0.get(tid) ?? 0)))
    .sort((a, b) => b - a);
  latencies.sort((a, b) => a - b);
  return {
    requests: sent,
    ok,
    statuses,
    seconds,
    latencies,
    answered,
    serverCpuMs: ((procCpuSeconds(pid) - server0) * 1000) / Math.max(1, ok),
    serverMainCpuMs: ((mainThreadCpuSeconds(pid) - main0) * 1000) / Math.max(1, ok),
    serverThreadCpuMs,
    clientCpuMs: (clientCpu.user + clientCpu.system) / 1000 / Math.max(1, ok),
    load1: loadavg()[0],
  };
}

/**
 * Mean ms per stage of the server (its Server-Timing), over every acknowledged request and over the
 * slowest 1% (latency at or above the p99), with "outside" = client latency − the stages' sum.
 */
export function stageBreakdown(answered: Run["answered"]): { stage: string; all: number; tail: number }[] {
  if (answered.length === 0) return [];
  const p99 = percentile(
    [...answered.map((a) => a.ms)].sort((a, b) => a - b),
    0.99,
  );
  const tail = answered.filter((a) => a.ms >= p99);
  const names = [...new Set(answered.flatMap((a) => Object.keys(a.stages)))];
  const mean = (list: typeof answered, f: (a: (typeof answered)[number]) => number) => list.reduce((t, a) => t + f(a), 0) / list.length;
  const outside = (a: (typeof answered)[number]) => a.ms - Object.values(a.stages).reduce((t, x) => t + x, 0);
  return [...names.map((stage) => ({ stage, all: mean(answered, (a) => a.stages[stage] ?? 0), tail: mean(tail, (a) => a.stages[stage] ?? 0) })), { stage: "outside", all: mean(answered, outside), tail: mean(tail, outside) }];
}

export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);

/** Mean and 95% t-interval of 2–10 repeated runs (t quantiles for n−1 = 1…9 degrees of freedom). */
export function meanInterval(xs: number[]): { mean: number; lo: number; hi: number } {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  if (n < 2 || n > 10) return { mean, lo: NaN, hi: NaN };
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  // scipy.stats.t.ppf(0.975, df) for df = 1..9
  const t = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262][n - 2];
  const half = (t * sd) / Math.sqrt(n);
  return { mean, lo: mean - half, hi: mean + half };
}

/**
 * The baseline: a bare node:http server that reads the body, parses it and answers a JSON echo of
 * its rows with a constant score — the least any JSON reward server does per request.
 */
export function startEchoServer(): Promise<string> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { rows: object[] };
      const out = JSON.stringify({ rows: body.rows.map((r) => ({ ...r, score: { value: 1, terms: { a: { value: 1 } } } })), errors: [] });
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(out) }).end(out);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
}
