// Benchmark: what the client layer costs per call. A canned OpenAI-compatible server (a child
// process answering every /v1/completions with a fixed 40-token echo body) isolates the client from
// model cost. Same-run baseline: raw fetch + JSON.parse of the same requests. Also measured: the
// cache write path (cold, misses stored) and the warm-cache path (hits only, no HTTP).
//   npx tsx bench/speed/client.ts [--requests 4000] [--concurrency 16]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openCache, type ResponseCache } from "../../src/models/cache.js";
import { cacheResponses } from "../../src/models/cache-middleware.js";
import { recordCalls } from "../../src/models/call-records.js";
import { createOpenAIClient, type ClientDeps } from "../../src/models/client.js";
import { wrapModelClient } from "../../src/models/middleware.js";
import type { BackendSpec } from "../../src/models/spec.js";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const requests = arg("requests", 4000);
const concurrency = arg("concurrency", 16);

const SERVER = `
const http = require("node:http");
const words = Array.from({ length: 40 }, (_, i) => (i === 0 ? "Word" : " w" + i));
let at = 0;
const offsets = words.map((w) => { const o = at; at += w.length; return o; });
const echo = JSON.stringify({ choices: [{ text: words.join(""), finish_reason: "length", logprobs: {
  tokens: words, token_logprobs: words.map((_, i) => (i === 0 ? null : -1 - i / 100)),
  top_logprobs: words.map((w, i) => (i === 0 ? null : { [w]: -1 - i / 100 })), text_offset: offsets } }],
  usage: { prompt_tokens: 40, completion_tokens: 0 } });
const next = JSON.stringify({ choices: [{ text: " a", finish_reason: "length", logprobs: {
  tokens: [" a"], token_logprobs: [-0.5], top_logprobs: [{ " a": -0.5, " b": -1.5, " c": -2.5 }], text_offset: [0] } }] });
const server = http.createServer((req, res) => { let raw = ""; req.on("data", (d) => (raw += d)); req.on("end", () => {
  res.writeHead(200, { "content-type": "application/json" }); res.end(raw.includes('"echo":true') ? echo : next); }); });
server.keepAliveTimeout = 60000;
server.listen(0, "127.0.0.1", () => process.stdout.write("READY " + server.address().port + "\\n"));
process.stdin.resume(); process.stdin.on("end", () => process.exit(0));
`;

const child = spawn(process.execPath, ["-e", SERVER], { stdio: ["pipe", "pipe", "inherit"] });
const port = await new Promise<number>((resolve) => {
  child.stdout.on("data", (d: Buffer) => {
    const m = /READY (\d+)/.exec(String(d));
    if (m) resolve(Number(m[1]));
  });
});
const baseUrl = `http://127.0.0.1:${port}/v1`;
const text = "Word" + Array.from({ length: 39 }, (_, i) => ` w${i + 1}`).join("");
const context = text.slice(0, 20);
const continuation = text.slice(20);
const items = Array.from({ length: requests }, (_, i) => i);

/** CPU time of this process per call (µs): less sensitive than wall time to other jobs on a shared machine. */
const cpuPerCall: Record<string, number> = {};

async function pool<T>(items: T[], work: (item: T) => Promise<void>, label?: string): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  if (label) cpuPerCall[label] = (cpu.user + cpu.system) / items.length;
  return (performance.now() - t0) / 1000;
}

const rawCall = async () => {
  const res = await fetch(`${baseUrl}/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "m", prompt: context + continuation, echo: true, logprobs: 1, max_tokens: 0, temperature: 0 }),
  });
  JSON.parse(await res.text());
};
// Warm-up (JIT, connection pool), then the baseline before and after the client runs: the machine is shared.
await pool(items.slice(0, 500), rawCall);
const rawBefore = await pool(items, rawCall, "raw");

/** The client with call records (and the cache, given one) around it, as a session builds each role. */
function recorded(spec: BackendSpec, deps: ClientDeps = {}, cache?: ResponseCache) {
  const records = recordCalls();
  return { client: wrapModelClient({ client: createOpenAIClient(spec, deps), middleware: [records.middleware, ...(cache ? [cacheResponses(cache)] : [])] }), calls: () => records.calls() };
}

const { client, calls: clientCalls } = recorded({ baseUrl, model: "m", concurrency });
const clientSeconds = await pool(
  items,
  async () => {
    await client.continuationLogprobs([{ context, continuation }]);
  },
  "client",
);

const dir = mkdtempSync(join(tmpdir(), "fg-bench-client-"));
const cachePath = join(dir, "cache.sqlite");
// The cache benches use top-k calls with a distinct prompt each (distinct keys); one canned answer fits all.
const coldCache = openCache({ path: cachePath });
const { client: cachedClient } = recorded({ baseUrl, model: "m", concurrency }, {}, coldCache);
const coldSeconds = await pool(
  items,
  async (i) => {
    await cachedClient.topLogprobs(`prompt ${i}`, 3);
  },
  "cold",
);
coldCache.close();
const warmCache = openCache({ path: cachePath });
let warmRequests = 0;
const { client: warmClient, calls: warmCalls } = recorded(
  { baseUrl, model: "m", concurrency },
  {
    fetch: (input, init) => {
      warmRequests++;
      return fetch(input, init);
    },
  },
  warmCache,
);
const warmSeconds = await pool(
  items,
  async (i) => {
    await warmClient.topLogprobs(`prompt ${i}`, 3);
  },
  "warm",
);
warmCache.close();
const rawAfter = await pool(items, rawCall);
const rawSeconds = (rawBefore + rawAfter) / 2;
rmSync(dir, { recursive: true, force: true });
child.stdin.end();

const rate = (s: number) => (requests / s).toFixed(0);
const lat = (calls: readonly { latencyMs: number }[]) => {
  const xs = calls.map((c) => c.latencyMs).sort((a, b) => a - b);
  return `p50 ${xs[Math.floor(xs.length / 2)].toFixed(2)} ms, p99 ${xs[Math.floor(xs.length * 0.99)].toFixed(2)} ms`;
};
const rss = process.resourceUsage().maxRSS / 1024;
console.log(`client bench: n = ${requests} requests per mode, concurrency ${concurrency}, canned echo server (40 tokens) in a child process`);
console.log(`  raw fetch + JSON.parse (baseline)    ${rate(rawSeconds)} req/s  (before ${rate(rawBefore)}, after ${rate(rawAfter)})`);
console.log(`  client continuation (echo, no cache) ${rate(clientSeconds)} req/s  (${(rawSeconds / clientSeconds).toFixed(2)}× baseline; ${lat(clientCalls())} incl. queueing)`);
console.log(`  client top-k, cold cache (store)     ${rate(coldSeconds)} req/s  (${(rawSeconds / coldSeconds).toFixed(2)}× baseline)`);
console.log(`  client top-k, warm cache (hits)      ${rate(warmSeconds)} calls/s (${(rawSeconds / warmSeconds).toFixed(2)}× baseline; ${warmRequests} HTTP requests; ${lat(warmCalls())})`);
const us = (label: string) => `${cpuPerCall[label].toFixed(0)} µs`;
console.log(
  `  CPU per call in this process: raw ${us("raw")}, client echo ${us("client")} (${cpuPerCall.client >= cpuPerCall.raw ? "+" : "−"}${Math.abs(cpuPerCall.client - cpuPerCall.raw).toFixed(0)} µs vs raw), cold cache top-k ${us("cold")}, warm hit ${us("warm")}`,
);
console.log(`  peak RSS ${rss.toFixed(0)} MiB`);
