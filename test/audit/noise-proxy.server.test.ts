// The noise probe against a proxy in front of the built-in LM server that perturbs log-probabilities
// only while another request is in flight at the proxy, the way batch composition moves a real
// server's numbers under concurrent submission. A truly sequential pass (one request at a time, end to
// end) must read sd 0 and 100% bit-exact; the concurrent passes must read sd > 0; the in-flight figures
// are measured, not assumed. Before the fix, the "sequential" pass sent each context's opener requests
// together and read sd > 0 here, and the report claimed every context in flight while the endpoint's
// limit let 8 through.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextsFromTranscripts, simulatedBank } from "../../src/audit/contexts.js";
import { runNoiseProbe } from "../../src/audit/noise.js";
import { pathContext, RAW_PATH } from "../../src/audit/paths.js";
import { createRng } from "../../src/core/random.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";
import { LAUGHTER_OPENERS } from "../../src/terms/humor/laughter-openers.js";

const taste = { mode: "exact" as const, k: 20, L_lo: -20, L_hi: -2 };

function body(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Forwards to `upstream`; a response whose request overlapped another gets N(0, 0.5²)-ish noise on every logprob. */
function concurrencyNoiseProxy(upstream: string): Promise<{ url: string; peak: () => number; close: () => Promise<void> }> {
  let active = 0;
  let peak = 0;
  const rng = createRng("noise-proxy");
  const server: Server = createServer(async (req, res) => {
    active++;
    peak = Math.max(peak, active);
    let overlapped = active > 1;
    const watch = setInterval(() => (overlapped ||= active > 1), 1);
    try {
      const payload = await body(req);
      const up = await fetch(upstream + req.url, { method: req.method, headers: { "content-type": "application/json" }, body: req.method === "GET" ? undefined : payload.toString("utf8") });
      let text = await up.text();
      overlapped ||= active > 1;
      if (overlapped && up.ok) {
        const json = JSON.parse(text);
        for (const choice of json.choices ?? []) {
          const lp = choice.logprobs?.token_logprobs as (number | null)[] | undefined;
          if (lp) choice.logprobs.token_logprobs = lp.map((x) => (x === null ? null : x + (rng.next() - 0.5)));
        }
        text = JSON.stringify(json);
      }
      res.writeHead(up.status, { "content-type": "application/json" });
      res.end(text);
    } finally {
      clearInterval(watch);
      active--;
    }
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/v1`, peak: () => peak, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

describe("noise probe through a proxy that adds noise only under concurrency", () => {
  let lmServer: { baseUrl: string; close(): Promise<void> };
  let proxy: Awaited<ReturnType<typeof concurrencyNoiseProxy>>;
  let prompts: string[];
  beforeAll(async () => {
    lmServer = await startEmbeddedServer();
    proxy = await concurrencyNoiseProxy(lmServer.baseUrl.replace(/\/v1\/?$/, ""));
    const bank = await simulatedBank(6);
    prompts = contextsFromTranscripts(bank, 4).map((c) => pathContext(RAW_PATH, c.turns, c.index));
  });
  afterAll(async () => {
    await proxy?.close();
    await lmServer?.close();
  });

  it("reads sd 0 on the sequential passes and > 0 on the concurrent ones, with measured in-flight peaks", async () => {
    // The endpoint's everyday limit is 8; the probe asks for 20 and must get 20, measured.
    const client = createOpenAIClient({ baseUrl: proxy.url, model: "foolsgold-embedded-lm", concurrency: 8 });
    const n = await runNoiseProbe({ client, contexts: prompts, taste, sequentialPasses: 3, concurrentPasses: 2, inFlight: 20 });
    const show = (label: string, x: typeof n.sequential | null) => x && `${label}: sd ${x.sd} [${x.ci?.map((v) => v.toFixed(4)).join(", ")}] nats, bit-exact ${x.bitExact.k}/${x.pairs}, max |Δ| ${x.maxAbs.toFixed(4)}`;
    console.log([show("sequential", n.sequential), show("seq vs conc", n.sequentialVsConcurrent), show("conc vs conc", n.concurrentVsConcurrent), `in flight ${JSON.stringify(n.inFlight)}`].join("\n"));
    expect(n.requestsPerPass).toBe(prompts.length * LAUGHTER_OPENERS.length);
    expect(n.failed).toBe(0);
    expect(n.inFlight.sequentialPeak).toBe(1);
    expect(n.inFlight.requested).toBe(20);
    expect(n.inFlight.endpointLimit).toBe(8);
    expect(n.inFlight.concurrentPeak).toEqual([20, 20]);
    expect(n.sequential.sd).toBe(0);
    expect(n.sequential.bitExact.share).toBe(1);
    expect(n.sequential.maxAbs).toBe(0);
    expect(n.concurrentVsConcurrent!.sd!).toBeGreaterThan(0);
    expect(n.sequentialVsConcurrent!.sd!).toBeGreaterThan(0);
    expect(n.sequentialVsConcurrent!.bitExact.share).toBeLessThan(1);
    expect(n.concurrentVsConcurrent!.ci![0]).toBeGreaterThan(0);
  }, 120_000);
});
