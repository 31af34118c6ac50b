// The reward server's own cost per one-sample request (OpenRLHF's pattern) over loopback HTTP, against
// a baseline in the same run: a bare node:http server that reads the body, parses it and answers a
// JSON echo of the rows. The foolsgold server runs as `serve` does (Hono on @hono/node-server, body
// checks, zod, hashing, the durable journal with group commit, metrics, the live monitor in its own thread, as serve runs it)
// around a scorer that does nothing, so the figure is the server's overhead, not a stack's. Each
// server is a child process; cost is the child's CPU time per acknowledged request (load-independent),
// runs alternate between the two servers so a change in the machine's load hits both.
// --compare DIR adds the same server from another checkout (e.g. main before a change), run in turn
// with the others, and the paired ratio of their costs.
// Usage: npx tsx bench/speed/server-overhead.ts [--requests 4000] [--connections 64] [--runs 3] [--journal postgres://…] [--compare DIR]
import { existsSync, mkdtempSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { spawnChildServer } from "../helpers/child-server.js";
import { drive, loadClient, meanInterval, percentile, startEchoServer, type Run } from "../helpers/http-load.js";

const argv = process.argv.slice(2);
const flag = (name: string, fallback: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const TEXT = "word ".repeat(300).trim();
// This script in another checkout: bench/speed/ since the bench split, bench/ before it.
const comparedScript = (dir: string): string => [resolve(dir, "bench/speed/server-overhead.ts"), resolve(dir, "bench/speed/server-overhead.ts")].find((p) => existsSync(p)) ?? resolve(dir, "bench/speed/server-overhead.ts");

async function child(mode: string): Promise<void> {
  if (mode === "echo") {
    const url = await startEchoServer();
    process.stdout.write(`READY ${url}\n`);
    return;
  }
  const { createApp } = await import("../../src/server/app.js");
  const { openJournalStore } = await import("../../src/server/journal-store.js");
  const { monitorThresholdsSchema } = await import("../../src/server/monitor.js");
  const { startLiveMonitor } = await import("../../src/server/monitor-thread.js");
  const { listen } = await import("../../src/server/listen.js");
  const location = flag("journal", "") || join(mkdtempSync(join(tmpdir(), "fg-overhead-")), "journal.sqlite");
  const journal = await openJournalStore(location);
  const monitor = await startLiveMonitor(location, journal, monitorThresholdsSchema.parse({}), "bank");
  const scorer = {
    rowKind: "bank" as const,
    instrument: { stack: "null", version: "1", options: {}, models: {}, hash: "null-scorer" },
    scoreRows: async (rows: unknown[]) => rows.map(() => ({ value: 1, terms: { a: { value: 1 } }, instrument: "null-scorer" })),
  };
  const app = createApp({ scorers: { null: scorer as never }, defaultStack: "null", journal, limits: { maxInFlight: 256, maxQueue: 1024 }, monitor: () => monitor.report() });
  const server = await listen(app, {});
  process.stdout.write(`READY ${server.url}\n`);
}

if (argv.includes("--child")) {
  process.once("SIGTERM", () => process.exit(0)); // exits cleanly, so `--cpu-prof` writes its profile
  await child(flag("mode", "app"));
} else {
  const N = Number(flag("requests", "4000"));
  const CONNECTIONS = Number(flag("connections", "64"));
  const RUNS = Number(flag("runs", "3"));
  const journal = flag("journal", "");
  const script = new URL(import.meta.url).pathname;
  // A training step holds many samples: a new step every 1,024 requests, as in a rollout.
  const body = (k: number) => JSON.stringify({ rows: [{ id: `r${k}`, prompt: "Continue.", output: TEXT, step: Math.floor(k / 1024) }] });
  const compare = flag("compare", "");
  const appArgs = ["--mode", "app", ...(journal ? ["--journal", journal] : [])];
  const servers: Record<string, Awaited<ReturnType<typeof spawnChildServer>>> = {
    echo: await spawnChildServer(script, ["--mode", "echo"]),
    foolsgold: await spawnChildServer(script, appArgs),
    ...(compare ? { compared: await spawnChildServer(comparedScript(compare), appArgs) } : {}),
  };
  const runs: Record<string, Run[]> = Object.fromEntries(Object.keys(servers).map((name) => [name, []]));
  let k = 0;
  try {
    for (let r = -1; r < RUNS; r++) {
      for (const [name, { child, baseUrl }] of Object.entries(servers)) {
        const client = loadClient(baseUrl, { connections: CONNECTIONS });
        const run = await drive(client, child.pid!, name === "echo" ? "/" : "/v1/score", () => body(k++), { clients: CONNECTIONS, seconds: 120, maxRequests: r < 0 ? 1000 : N });
        await client.close();
        if (r >= 0) runs[name].push(run); // r = -1 warms both servers up
      }
    }
  } finally {
    for (const { child } of Object.values(servers)) child.kill("SIGTERM");
  }
  console.log(
    `server overhead over loopback: one-sample requests (300 words), ${CONNECTIONS} keep-alive connections (undici), ${RUNS} alternating runs of n=${N} per server; journal ${journal ? "PostgreSQL" : "SQLite (WAL, fdatasync before acknowledging, group commit)"}; null scorer; ${availableParallelism()} cores`,
  );
  console.log("server     run  server CPU ms/req  main thread  client CPU ms/req  wall req/s  p50 ms  p99 ms  statuses      load(1 min)");
  for (const [name, list] of Object.entries(runs)) {
    list.forEach((x, i) =>
      console.log(
        `${name.padEnd(10)} ${String(i + 1).padStart(3)} ${x.serverCpuMs.toFixed(3).padStart(18)} ${x.serverMainCpuMs.toFixed(3).padStart(12)} ${x.clientCpuMs.toFixed(3).padStart(18)} ${(x.ok / x.seconds).toFixed(0).padStart(11)} ${percentile(x.latencies, 0.5).toFixed(1).padStart(7)} ${percentile(x.latencies, 0.99).toFixed(1).padStart(7)}  ${JSON.stringify(x.statuses).padEnd(13)} ${x.load1.toFixed(1)}`,
      ),
    );
  }
  const fg = meanInterval(runs.foolsgold.map((x) => x.serverCpuMs));
  const echo = meanInterval(runs.echo.map((x) => x.serverCpuMs));
  const client = meanInterval(runs.foolsgold.map((x) => x.clientCpuMs));
  const ratio = meanInterval(runs.foolsgold.map((x, i) => x.serverCpuMs / runs.echo[i].serverCpuMs));
  const fmt = (m: { mean: number; lo: number; hi: number }, d = 3) => `${m.mean.toFixed(d)} [${m.lo.toFixed(d)}, ${m.hi.toFixed(d)}]`;
  console.log(`\nfoolsgold server CPU ${fmt(fg)} ms/request (mean, 95% t-interval over ${RUNS} runs); bare node:http echo ${fmt(echo)} ms/request; ratio ${fmt(ratio, 2)} (paired by run)`);
  if (compare) {
    const cmp = meanInterval(runs.compared.map((x) => x.serverCpuMs));
    const main = meanInterval(runs.foolsgold.map((x, i) => x.serverMainCpuMs / runs.compared[i].serverMainCpuMs));
    const whole = meanInterval(runs.foolsgold.map((x, i) => x.serverCpuMs / runs.compared[i].serverCpuMs));
    console.log(`compared (${compare}) server CPU ${fmt(cmp)} ms/request; this checkout / compared, paired by run: whole process ${fmt(whole, 3)}, main thread ${fmt(main, 3)}`);
  }
  console.log(
    `client (undici) CPU ${fmt(client)} ms/request; server + client on 2 dedicated cores: ≈ ${(2000 / (fg.mean + client.mean)).toFixed(0)} requests/s (scoring excluded); load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  );
}
