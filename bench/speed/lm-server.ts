// Benchmark: requests/s of the built-in LM server over loopback, for echo (continuation log-probs,
// logprobs 0, as the client sends) and next-token top-k (logprobs 5, max_tokens 1) calls on ~60-token
// prompts, each prompt distinct. The server runs in a child process, the load in this one.
// Baselines in the same run: GET /health (the HTTP floor) and in-process scoring without HTTP.
//   npx tsx bench/speed/lm-server.ts [--requests 3000] [--concurrency 16]
import { Agent, request as httpRequest } from "node:http";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { readCorpus } from "../../src/models/embedded/corpus.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";
import { loadEmbeddedLm } from "../../src/models/embedded/store.js";
import { spawnChildServer } from "../helpers/child-server.js";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

function prompts(count: number): string[] {
  const sentences = readCorpus()
    .test.flatMap((d) => d.text.split(/(?<=[.!?])\s+/))
    .filter((s) => s.length > 40 && s.length < 160);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = sentences[(i * 7) % sentences.length];
    const b = sentences[(i * 13 + 5) % sentences.length];
    const c = sentences[(i * 11 + 3) % sentences.length].split(" ").slice(0, 8).join(" ");
    out.push(`Partner: ${a}\nPolicy: ${b}${i % 2 ? " Haha!" : ""}\nPartner: ${c}\nAudience: Haha`);
  }
  return out;
}

// node:http with a keep-alive agent: a lighter load generator than fetch, so more of the two cores
// go to the server being measured.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function request(url: URL, body: string | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: body === null ? "GET" : "POST", agent, headers: body === null ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url}: HTTP ${res.statusCode} ${Buffer.concat(chunks).toString()}`))));
    });
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

async function load(href: string, bodies: (string | null)[], concurrency: number): Promise<{ perSecond: number; p50: number; p99: number }> {
  const url = new URL(href);
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++];
        const s = performance.now();
        await request(url, body);
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: bodies.length / seconds, p50: latencies[Math.floor(latencies.length / 2)], p99: latencies[Math.floor(latencies.length * 0.99)] };
}

async function main(): Promise<void> {
  const requests = arg("requests", 3000);
  const concurrency = arg("concurrency", 16);
  const loaded = await loadEmbeddedLm();
  const texts = prompts(requests);
  const lm = loaded.lm;
  const avgTokens = texts.reduce((n, t) => n + lm.tokenize(t).length, 0) / texts.length;

  // In-process baseline: the same echo scoring without HTTP or JSON, after the same warm-up.
  for (const t of texts.slice(0, 200)) lm.scoreText(t, 1);
  const t0 = performance.now();
  for (const t of texts) lm.scoreText(t, 1);
  const inProcess = texts.length / ((performance.now() - t0) / 1000);

  const { child, baseUrl } = await spawnChildServer(fileURLToPath(import.meta.url));
  const root = baseUrl.replace(/\/v1$/, "");
  let cpuWaiter: ((micros: number) => void) | null = null;
  child.stdout.on("data", (d: Buffer) => {
    const m = /CPU (\d+)/.exec(d.toString());
    if (m && cpuWaiter) cpuWaiter(Number(m[1]));
  });
  const serverCpu = (): Promise<number> =>
    new Promise((resolve) => {
      cpuWaiter = resolve;
      child.stdin.write("cpu\n");
    });
  /** Requests per second of server CPU: the contention-robust figure (one core, uncontended). */
  const measured = async (href: string, bodies: (string | null)[]): Promise<{ perSecond: number; p50: number; p99: number; perCpuSecond: number }> => {
    const before = await serverCpu();
    const r = await load(href, bodies, concurrency);
    const after = await serverCpu();
    return { ...r, perCpuSecond: bodies.length / ((after - before) / 1e6) };
  };
  const echoBodies = texts.map((prompt) => JSON.stringify({ model: "foolsgold-embedded-lm", prompt, echo: true, logprobs: 0, max_tokens: 0, temperature: 0 }));
  const topBodies = texts.map((prompt) => JSON.stringify({ model: "foolsgold-embedded-lm", prompt, logprobs: 5, max_tokens: 1, temperature: 0 }));
  await load(`${baseUrl}/completions`, echoBodies.slice(0, 200), concurrency); // warm-up (JIT)
  const health = await measured(
    `${root}/health`,
    texts.map(() => null),
  );
  const echo = await measured(`${baseUrl}/completions`, echoBodies);
  const top = await measured(`${baseUrl}/completions`, topBodies);
  child.stdin.end();
  agent.destroy();

  const fmt = (r: { perSecond: number; p50: number; p99: number; perCpuSecond: number }): string =>
    `${r.perSecond.toFixed(0)} req/s (p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; ${r.perCpuSecond.toFixed(0)} per server CPU-second)`;
  process.stdout.write(
    [
      `LM server over loopback, n = ${requests} requests per kind, concurrency ${concurrency}, prompts ${avgTokens.toFixed(1)} tokens on average, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)} at start`,
      `  GET /health (HTTP floor):          ${fmt(health)}`,
      `  echo, logprobs 0, max_tokens 0:    ${fmt(echo)}   (target ≥ 500 req/s; ${(echo.perSecond / health.perSecond).toFixed(2)}× the HTTP floor)`,
      `  next-token top-5, max_tokens 1:    ${fmt(top)}`,
      `  in-process echo scoring (no HTTP): ${inProcess.toFixed(0)} prompts/s (HTTP echo = ${(echo.perSecond / inProcess).toFixed(2)}× of it)`,
      `  load process peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; model load ${(loaded.loadMs / 1000).toFixed(2)} s (${loaded.fromCache ? "from cache" : "built"})`,
    ].join("\n") + "\n",
  );
}

if (args.includes("--child")) {
  const server = await startEmbeddedServer({ port: 0 });
  process.stdout.write(`READY ${server.baseUrl}\n`);
  // "cpu" on stdin → this process's CPU time so far, so the parent can compute CPU per request.
  process.stdin.on("data", () => {
    const u = process.cpuUsage();
    process.stdout.write(`CPU ${u.user + u.system}\n`);
  });
  process.stdin.on("end", () => void server.close().then(() => process.exit(0)));
} else {
  await main();
}
