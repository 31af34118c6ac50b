// Load benchmark for the reward server over loopback (SPEC §10, issue 9). The server runs in its own
// process, as in production; this script is the trainer. Bounded: every phase stops after a fixed time
// and request count. Phases per stack:
//   saturate  closed loop, C clients back to back: sustained samples/s, p50/p99 latency
//   half      open loop at half the saturated rate: latency at a comfortable load, errors
//   target/2  open loop at half the stated target (--target samples/s; prose: 2,000): the issue's p99 check
//   overload  many clients, small queue: 429s instead of growth, server RSS sampled throughout
// Loads: prose (64 × 300-word batches), one (one 300-word sample per request, OpenRLHF's pattern,
// 64 clients), vrcli (8-row batches on the built-in LM). The journal is durable (SQLite WAL,
// synchronous=FULL, group commit) unless --journal postgres://… names a shared PostgreSQL one.
// Usage: npx tsx bench/server-load.ts [--seconds 10] [--stacks one,prose,vrcli] [--journal URL]
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { readCorpus } from "../src/models/embedded/corpus.js";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const SECONDS = Number(arg("seconds", "10"));
const STACKS = arg("stacks", "one,prose,vrcli").split(",");
const JOURNAL = arg("journal", "");
const TARGET: Record<string, number> = { prose: Number(arg("target", "2000")) };
const BIN = resolve(import.meta.dirname, "../bin/foolsgold.js");

// ~300-word samples of real human text (held-out Brown documents, always installed).
function samples(words: number): string[] {
  const out: string[] = [];
  for (const doc of readCorpus().test) {
    const w = doc.text.split(/\s+/).filter(Boolean);
    for (let i = 0; i + words <= w.length; i += words) out.push(w.slice(i, i + words).join(" "));
  }
  return out;
}

interface StackLoad {
  name: string;
  stack: string;
  batch: number;
  clients: number;
  rows: (k: number) => unknown[];
}

const texts = samples(300);
const shortTexts = samples(40);
const stacks: Record<string, StackLoad> = {
  one: {
    name: "one",
    stack: "prose",
    batch: 1,
    clients: 64,
    rows: (k) => [{ id: `${k}`, prompt: "Continue the scene.", output: texts[k % texts.length], step: k }],
  },
  prose: {
    name: "prose",
    stack: "prose",
    batch: 64,
    clients: 4,
    rows: (k) => Array.from({ length: 64 }, (_, j) => ({ id: `${k}-${j}`, prompt: "Continue the scene.", output: texts[(k * 64 + j) % texts.length], step: k })),
  },
  vrcli: {
    name: "vrcli",
    stack: "vrcli",
    batch: 8,
    clients: 4,
    rows: (k) =>
      Array.from({ length: 8 }, (_, j) => ({
        id: `${k}-${j}`,
        prompt: "Why did the chicken cross the road?",
        output: `<think>${shortTexts[(k * 8 + j) % shortTexts.length]}</think> To get to the other side.`,
        meta: { punchline: "To get to the other side." },
      })),
  },
};

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function post(url: string, body: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolvePost) => {
    const req = request(url + "/v1/score", { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on("end", () => resolvePost({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    // A reset connection (a keep-alive socket the server closed as it was reused) counts as an error.
    req.on("error", () => resolvePost({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

function startServer(stack: string, journal: string, extra: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, "serve", "--stack", stack, "--port", "0", "--journal", journal, "--no-cache", ...extra], { stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((ok, fail) => {
    let err = "";
    child.stderr!.on("data", (c: Buffer) => {
      err += c.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (m) ok({ child, url: m[1] });
    });
    child.once("exit", (code) => fail(new Error(`server exited ${code}: ${err}`)));
  });
}

/** CPU seconds (user + system, every thread) the process has used: load-independent cost. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);

interface PhaseResult {
  phase: string;
  requests: number;
  samplesPerSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  rssStartMb: number;
  rssPeakMb: number;
  rssEndMb: number;
  /** Server CPU time per acknowledged request, and the rate two dedicated cores would sustain at that cost. */
  cpuMsPerRequest: number;
  twoCoreRequestsPerSecond: number;
}

async function phase(name: string, url: string, pid: number, load: StackLoad, plan: { clients: number; ratePerSecond?: number }): Promise<PhaseResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const bodies = Array.from({ length: load.batch === 1 ? 1024 : 64 }, (_, k) => JSON.stringify({ rows: load.rows(k) }));
  const rssStart = rssMb(pid);
  let rssPeak = rssStart;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 200);
  const deadline = performance.now() + SECONDS * 1000;
  const maxRequests = 200_000;
  let sent = 0;
  let ok = 0;
  const record = (r: { status: number; ms: number }) => {
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    if (r.status === 200) {
      ok++;
      latencies.push(r.ms);
    }
  };
  const started = performance.now();
  const cpuStart = cpuSeconds(pid);
  if (plan.ratePerSecond) {
    const interval = 1000 / plan.ratePerSecond;
    const inflight: Promise<void>[] = [];
    for (let next = performance.now(); performance.now() < deadline && sent < maxRequests; next += interval) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      inflight.push(post(url, bodies[sent++ % bodies.length]).then(record));
    }
    await Promise.all(inflight);
  } else {
    await Promise.all(
      Array.from({ length: plan.clients }, async () => {
        while (performance.now() < deadline && sent < maxRequests) record(await post(url, bodies[sent++ % bodies.length]));
      }),
    );
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpuMsPerRequest = ((cpuSeconds(pid) - cpuStart) * 1000) / Math.max(1, ok);
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  return {
    phase: name,
    requests: sent,
    samplesPerSecond: (ok * load.batch) / elapsed,
    p50: pct(latencies, 0.5),
    p99: pct(latencies, 0.99),
    statuses,
    rssStartMb: rssStart,
    rssPeakMb: rssPeak,
    rssEndMb: rssMb(pid),
    cpuMsPerRequest,
    twoCoreRequestsPerSecond: 2000 / cpuMsPerRequest,
  };
}

const LOAD_AT_START = (await import("node:os")).loadavg()[0];
const report: Record<string, PhaseResult[]> = {};
for (const name of STACKS) {
  const load = stacks[name];
  const dir = mkdtempSync(join(tmpdir(), "fg-load-"));
  // One-sample requests need many in flight to amortize each journal commit over many of them.
  const admission = load.batch === 1 ? ["--max-in-flight", "64", "--max-queue", "256"] : ["--max-in-flight", "2", "--max-queue", "8"];
  const server = await startServer(load.stack, JOURNAL || join(dir, "journal.sqlite"), admission);
  const pid = server.child.pid!;
  try {
    await phase("warm-up", server.url, pid, load, { clients: 2 });
    const saturated = await phase("saturate", server.url, pid, load, { clients: load.clients });
    const half = await phase("half", server.url, pid, load, { clients: 0, ratePerSecond: saturated.samplesPerSecond / load.batch / 2 });
    const phases = [saturated, half];
    if (TARGET[name]) phases.push(await phase("target/2", server.url, pid, load, { clients: 0, ratePerSecond: TARGET[name] / 2 / load.batch }));
    phases.push(await phase("overload", server.url, pid, load, { clients: load.batch === 1 ? 512 : 64 }));
    report[name] = phases;
  } finally {
    server.child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}

const { loadavg, availableParallelism } = await import("node:os");
console.log(`reward server load over loopback, ${SECONDS} s per phase, server in its own process, journal ${JOURNAL ? "PostgreSQL" : "SQLite (WAL, synchronous=FULL, group commit)"}; ${availableParallelism()} cores, 1-min load average at the end ${loadavg()[0].toFixed(1)} (at the start ${LOAD_AT_START.toFixed(1)})`);
for (const [name, phases] of Object.entries(report)) {
  console.log(`\nload ${name}: stack ${stacks[name].stack}, batch ${stacks[name].batch}`);
  console.log("phase      requests  samples/s    p50 ms   p99 ms  statuses                 RSS MB start/peak/end  CPU ms/req  2-core req/s (samples/s)");
  for (const p of phases) {
    console.log(
      `${p.phase.padEnd(9)} ${String(p.requests).padStart(9)} ${p.samplesPerSecond.toFixed(0).padStart(10)} ${p.p50.toFixed(1).padStart(9)} ${p.p99.toFixed(1).padStart(8)}  ${JSON.stringify(p.statuses).padEnd(24)} ${`${p.rssStartMb.toFixed(0)}/${p.rssPeakMb.toFixed(0)}/${p.rssEndMb.toFixed(0)}`.padEnd(22)} ${p.cpuMsPerRequest.toFixed(2).padStart(10)}  ${p.twoCoreRequestsPerSecond.toFixed(0)} (${(p.twoCoreRequestsPerSecond * stacks[name].batch).toFixed(0)})`,
    );
  }
}
agent.destroy();
