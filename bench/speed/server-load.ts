// Load benchmark for the reward server over loopback (SPEC §10, issue 15). The server is
// `foolsgold serve` in its own process, as in production; this script is the trainer, on undici's
// keep-alive pool (cheap enough that client and server can share 2 cores). Bounded: every phase stops
// after a fixed time and request count. Phases per load:
//   baseline  a bare node:http echo server (child process) under the same closed loop: the ratio's base
//   saturate  closed loop, C clients back to back: sustained samples/s, p50/p99 latency
//   half      open loop at half the saturated rate: latency at a comfortable load, errors
//   target/2  open loop at half the stated target (--target samples/s; prose: 4,000): the p99 check
//   @R/s      open loop at each offered load R (samples/s) of --offered R1,R2,… (e.g. 1000,2000)
//   overload  many clients, small queue: 429s instead of growth, server RSS sampled throughout
// --phases picks which of saturate, half, target, offered, overload run (default: all; saturate is
// measured whenever half needs it).
// Loads: one (one 300-word sample per request, OpenRLHF's pattern, 64 connections), prose (64 ×
// 300-word batches), vrcli (8-row batches on the built-in LM). Rows carry a training step that
// advances every 1,024 samples, as a rollout does. The journal is durable (SQLite WAL, fdatasync
// before every acknowledgement, group commit) unless --journal postgres://… names a PostgreSQL one.
// Every figure is printed with n, the load average and units; CPU figures are the server process's
// CPU time (all threads; the main thread apart; then each thread) per acknowledged request, and the
// client's own.
// Usage: npx tsx bench/speed/server-load.ts [--seconds 10] [--stacks one,prose,vrcli] [--journal URL] [--target 4000]
//        [--offered 1000,2000] [--phases saturate,half,target,offered,overload] [--compare DIR] [--clients 64]
//        [--server-args "--workers 2"] [--compare-args "--workers 1"]
// --compare DIR runs the same phases, right after, against the server of another checkout (rows "cmp …");
// --server-args "…" and --compare-args "…" add `serve` flags to either server (without --compare, the
// compared server is this checkout's with --compare-args).
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { readCorpus } from "../../src/models/embedded/corpus.js";
import { spawnChildServer, spawnServe } from "../helpers/child-server.js";
import { drive, loadClient, percentile, rssMb, stageBreakdown, startEchoServer, type Run } from "../helpers/http-load.js";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};

if (args.includes("--child")) {
  const url = await startEchoServer();
  process.stdout.write(`READY ${url}\n`);
} else {
  await main();
}

async function main(): Promise<void> {
  const SECONDS = Number(arg("seconds", "10"));
  const STACKS = arg("stacks", "one,prose,vrcli").split(",");
  const JOURNAL = arg("journal", "");
  const TARGET: Record<string, number> = { one: 2000, prose: Number(arg("target", "4000")) };
  const OFFERED = arg("offered", "").split(",").filter(Boolean).map(Number);
  const PHASES = new Set(arg("phases", "saturate,half,target,offered,overload").split(","));
  const BIN = resolve(import.meta.dirname, "../../bin/foolsgold.js");
  // Another checkout (e.g. main before a change) whose server runs the same phases in this process.
  const COMPARE = arg("compare", "");
  // --server-args / --compare-args: extra `serve` flags for this checkout's server and the compared one
  // (e.g. --compare-args "--workers 1" compares worker counts on this checkout in one run).
  const words = (s: string) => s.split(" ").filter(Boolean);
  const SERVER_ARGS = words(arg("server-args", ""));
  const COMPARE_ARGS = words(arg("compare-args", ""));
  const servers: { label: string; bin: string; extra: string[] }[] = [
    { label: "", bin: BIN, extra: SERVER_ARGS },
    ...(COMPARE || COMPARE_ARGS.length ? [{ label: "cmp ", bin: COMPARE ? resolve(COMPARE, "bin/foolsgold.js") : BIN, extra: COMPARE_ARGS }] : []),
  ];
  const STEP_SAMPLES = 1024;

  // ~300-word samples of real human text (held-out Brown documents, always installed).
  const samples = (words: number): string[] => {
    const out: string[] = [];
    for (const doc of readCorpus().test) {
      const w = doc.text.split(/\s+/).filter(Boolean);
      for (let i = 0; i + words <= w.length; i += words) out.push(w.slice(i, i + words).join(" "));
    }
    return out;
  };

  interface StackLoad {
    stack: string;
    batch: number;
    clients: number;
    admission: string[];
    rows: (k: number) => unknown[];
  }

  // --clients N: the one-sample load's closed-loop clients (default 64) with as many admitted in flight,
  // to see whether its saturated rate is bound by the server's CPU or by the clients' round trips.
  const ONE_CLIENTS = Number(arg("clients", "64"));
  const texts = samples(300);
  const shortTexts = samples(40);
  const loads: Record<string, StackLoad> = {
    one: {
      stack: "prose",
      batch: 1,
      clients: ONE_CLIENTS,
      // One-sample requests need many in flight to amortize each journal commit over many of them.
      admission: ["--max-in-flight", `${Math.max(64, ONE_CLIENTS)}`, "--max-queue", `${Math.max(256, 4 * ONE_CLIENTS)}`],
      rows: (k) => [{ id: `${k}`, prompt: "Continue the scene.", output: texts[k % texts.length], step: Math.floor(k / STEP_SAMPLES) }],
    },
    prose: {
      stack: "prose",
      batch: 64,
      clients: 8,
      admission: ["--max-in-flight", "4", "--max-queue", "8"],
      rows: (k) => Array.from({ length: 64 }, (_, j) => ({ id: `${k}-${j}`, prompt: "Continue the scene.", output: texts[(k * 64 + j) % texts.length], step: Math.floor((k * 64) / STEP_SAMPLES) })),
    },
    vrcli: {
      stack: "vrcli",
      batch: 8,
      clients: 4,
      admission: ["--max-in-flight", "4", "--max-queue", "8"],
      rows: (k) =>
        Array.from({ length: 8 }, (_, j) => ({
          id: `${k}-${j}`,
          prompt: "Why did the chicken cross the road?",
          output: `<think>${shortTexts[(k * 8 + j) % shortTexts.length]}</think> To get to the other side.`,
          meta: { punchline: "To get to the other side." },
          step: Math.floor((k * 8) / STEP_SAMPLES),
        })),
    },
  };

  const startServer = (bin: string, stack: string, journal: string, extra: string[]) => spawnServe(bin, ["--stack", stack, "--port", "0", "--journal", journal, "--no-cache", ...extra]);

  interface Phase extends Run {
    phase: string;
    offered?: number;
    rssStartMb: number;
    rssPeakMb: number;
    rssEndMb: number;
  }

  const phase = async (name: string, url: string, pid: number, path: string, load: StackLoad, plan: { clients?: number; ratePerSecond?: number }, counter: { k: number }): Promise<Phase> => {
    const client = loadClient(url, { connections: plan.clients ?? 256 });
    const rssStart = rssMb(pid);
    let rssPeak = rssStart;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 200);
    try {
      const run = await drive(client, pid, path, () => JSON.stringify({ rows: load.rows(counter.k++) }), { ...plan, seconds: SECONDS, maxRequests: 200_000 });
      return { phase: name, offered: plan.ratePerSecond, ...run, rssStartMb: rssStart, rssPeakMb: rssPeak, rssEndMb: rssMb(pid) };
    } finally {
      clearInterval(sampler);
      await client.close();
    }
  };

  const loadAtStart = loadavg();
  const report: Record<string, Phase[]> = {};
  const echo = await spawnChildServer(new URL(import.meta.url).pathname);
  try {
    for (const name of STACKS) {
      const load = loads[name];
      const counter = { k: 0 };
      const phases: Phase[] = [];
      await phase("warm-up", echo.baseUrl, echo.child.pid!, "/", load, { clients: load.clients }, counter);
      phases.push(await phase("baseline", echo.baseUrl, echo.child.pid!, "/", load, { clients: load.clients }, counter));
      for (const { label, bin, extra } of servers) {
        const dir = mkdtempSync(join(tmpdir(), "fg-load-"));
        const server = await startServer(bin, load.stack, JOURNAL || join(dir, "journal.sqlite"), [...load.admission, ...extra]);
        const pid = server.child.pid!;
        const run = async (name: string, plan: { clients?: number; ratePerSecond?: number }) => phases.push(await phase(label + name, server.url, pid, "/v1/score", load, plan, counter));
        try {
          await phase("warm-up", server.url, pid, "/v1/score", load, { clients: load.clients }, counter);
          if (PHASES.has("saturate") || PHASES.has("half")) {
            await run("saturate", { clients: load.clients });
            const saturated = phases.at(-1)!;
            if (PHASES.has("half")) await run("half", { ratePerSecond: saturated.ok / saturated.seconds / 2 });
          }
          if (TARGET[name] && PHASES.has("target")) await run("target/2", { ratePerSecond: TARGET[name] / 2 / load.batch });
          if (PHASES.has("offered")) for (const samples of OFFERED) await run(`@${samples}/s`, { ratePerSecond: samples / load.batch });
          if (PHASES.has("overload")) await run("overload", { clients: load.batch === 1 ? 512 : 64 });
        } finally {
          server.child.kill("SIGTERM");
          rmSync(dir, { recursive: true, force: true });
        }
      }
      report[name] = phases;
    }
  } finally {
    echo.child.kill("SIGTERM");
  }

  console.log(
    `reward server load over loopback, ${SECONDS} s per phase, server and baseline each in their own process, client on undici; journal ${JOURNAL ? "PostgreSQL" : "SQLite (WAL, fdatasync before acknowledging, group commit)"}; ${availableParallelism()} cores; load average (1/5/15 min) at the start ${loadAtStart.map((x) => x.toFixed(1)).join("/")}, at the end ${loadavg()
      .map((x) => x.toFixed(1))
      .join("/")}`,
  );
  for (const [name, phases] of Object.entries(report)) {
    const load = loads[name];
    const base = phases.find((p) => p.phase === "baseline")!;
    console.log(`\nload ${name}: stack ${load.stack}, ${load.batch} × 300-word rows per request${TARGET[name] ? `, target ${TARGET[name]} samples/s` : ""}; baseline = bare node:http echo of the same bodies`);
    console.log("phase         req/s offered  n(sent)  n(200)  samples/s  p50 ms  p95 ms   p99 ms  statuses                   RSS MB start/peak/end  server CPU ms/req (main)  ×baseline  client ms/req  2-core samples/s  load");
    for (const p of phases) {
      const costPerSample = (p.serverCpuMs + p.clientCpuMs) / load.batch;
      console.log(
        [
          p.phase.padEnd(13),
          (p.offered ? p.offered.toFixed(1) : "closed").padStart(13),
          String(p.requests).padStart(8),
          String(p.ok).padStart(7),
          ((p.ok * load.batch) / p.seconds).toFixed(0).padStart(10),
          percentile(p.latencies, 0.5).toFixed(1).padStart(7),
          percentile(p.latencies, 0.95).toFixed(1).padStart(7),
          percentile(p.latencies, 0.99).toFixed(1).padStart(8),
          ` ${JSON.stringify(p.statuses).padEnd(26)}`,
          `${p.rssStartMb.toFixed(0)}/${p.rssPeakMb.toFixed(0)}/${p.rssEndMb.toFixed(0)}`.padEnd(22),
          `${p.serverCpuMs.toFixed(3)} (${p.serverMainCpuMs.toFixed(3)})`.padStart(25),
          (p.serverCpuMs / base.serverCpuMs).toFixed(1).padStart(10),
          p.clientCpuMs.toFixed(3).padStart(14),
          (2000 / costPerSample).toFixed(0).padStart(17),
          p.load1.toFixed(1).padStart(5),
        ].join(" "),
      );
    }
  }
  // Where the time of the slowest requests went, from the server's Server-Timing header.
  console.log("\nwhere the time went: mean ms per stage over every acknowledged request / over the slowest 1% (latency ≥ p99); outside = client latency − the stages' sum (socket, event loop busy with other requests or GC)");
  for (const [name, phases] of Object.entries(report)) {
    for (const p of phases) {
      const stages = stageBreakdown(p.answered);
      if (stages.length < 2) continue; // the echo baseline sends no Server-Timing
      const tail = p.answered.filter((a) => a.ms >= percentile(p.latencies, 0.99)).length;
      console.log(`${`${name} ${p.phase}`.padEnd(22)} n=${String(p.answered.length).padStart(6)} / ${String(tail).padStart(4)}  ${stages.map((x) => `${x.stage} ${x.all.toFixed(1)} / ${x.tail.toFixed(1)}`).join("  ")}`);
    }
  }
  // Which threads the server's CPU went to (with the client's share beside it), so a quiet rerun shows
  // whether the main thread, the scoring workers or V8's helpers bound the saturated rate.
  console.log("\nserver CPU by thread: ms per acknowledged request, main thread | the other threads, largest first (scoring workers, V8 helpers: JIT and GC, monitor, checkpoint, libuv's pool); client = this process");
  for (const [name, phases] of Object.entries(report)) {
    for (const p of phases) {
      const others = p.serverThreadCpuMs.filter((ms) => ms >= 0.0005);
      const shown = others.slice(0, 8).map((ms) => ms.toFixed(3));
      const rest = others.slice(8).reduce((a, b) => a + b, 0);
      console.log(
        `${`${name} ${p.phase}`.padEnd(22)} n=${String(p.ok).padStart(6)}  main ${p.serverMainCpuMs.toFixed(3)} | ${shown.join(" ")}${rest > 0 ? ` +${rest.toFixed(3)} in ${others.length - 8} more` : ""}  client ${p.clientCpuMs.toFixed(3)}  load ${p.load1.toFixed(1)}`,
      );
    }
  }
  console.log(
    "\nreq/s offered: open-loop arrivals on a fixed schedule (closed = back-to-back clients); percentiles over the n(200) acknowledged requests. 2-core samples/s: what two dedicated cores would sustain at the measured CPU cost of server + client per sample (load-independent); samples/s and latencies are this machine's wall clock at the load shown.",
  );
}
