// Benchmark of the humor stack on the embedded models (SPEC §4 issue 3): sessions scored per second,
// model calls per session, and foolsgold's own time per turn outside model calls (target < 2 ms).
// Own time is measured by replaying the recorded model responses instantly, so what remains is prompt
// building, normalization, lemmatized repetition, screens and arithmetic. Baselines in the same run:
// the audience's opener requests issued one at a time instead of together, and the top-k mode.
//   npx tsx bench/speed/humor-score.ts [sessions=8]
import { canonicalJson } from "../../src/core/hash.js";
import type { TranscriptRow } from "../../src/core/types.js";
import { retrievalPartner, retrievalPolicy } from "../../src/envs/humor/agents.js";
import { loadLineBank } from "../../src/envs/humor/line-bank.js";
import { findSeedSet, loadSeedRegistry, seedsOf } from "../../src/envs/humor/seed-sets.js";
import { simulateSessions } from "../../src/envs/humor/simulator.js";
import { recordCalls } from "../../src/models/call-records.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { wrapModelClient } from "../../src/models/middleware.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";
import type { ContinuationLogprob, ModelClient, TopLogprobs } from "../../src/models/spec.js";
import { createHumorScorer, type HumorOptions } from "../../src/stacks/humor.js";

const sessions = Number(process.argv[2] ?? 8);
const peakMb = () => process.resourceUsage().maxRSS / 1024;

/** Forwards every call and keeps its answer, keyed by the request. */
function recording(inner: ModelClient, store: Map<string, unknown>): ModelClient {
  return {
    spec: inner.spec,
    chat: (r, o) => inner.chat(r, o),
    complete: (r, o) => inner.complete(r, o),
    async topLogprobs(prompt, k, o) {
      const out = await inner.topLogprobs(prompt, k, o);
      store.set(canonicalJson(["top", prompt, k]), out);
      return out;
    },
    async continuationLogprobs(pairs, o) {
      const out = await inner.continuationLogprobs(pairs, o);
      pairs.forEach((p, i) => store.set(canonicalJson(["cont", p.context, p.continuation]), out[i]));
      return out;
    },
    async embed(texts, o) {
      const out = await inner.embed(texts, o);
      texts.forEach((t, i) => store.set(canonicalJson(["emb", t]), out[i]));
      return out;
    },
  };
}

/** Answers instantly from a recording; a request that was never recorded is a bug in the benchmark. */
function replay(spec: ModelClient["spec"], store: Map<string, unknown>): ModelClient {
  const get = <T>(key: unknown[]): T => {
    const hit = store.get(canonicalJson(key));
    if (hit === undefined) throw new Error(`not recorded: ${canonicalJson(key).slice(0, 80)}`);
    return hit as T;
  };
  return {
    spec,
    chat: () => Promise.reject(new Error("not recorded")),
    complete: () => Promise.reject(new Error("not recorded")),
    topLogprobs: async (prompt, k) => get<TopLogprobs>(["top", prompt, k]),
    continuationLogprobs: async (pairs) => pairs.map((p) => get<ContinuationLogprob>(["cont", p.context, p.continuation])),
    embed: async (texts) => texts.map((t) => get<number[]>(["emb", t])),
  };
}

/** The audience's requests one at a time: the unbatched baseline. */
function sequential(inner: ModelClient): ModelClient {
  return {
    ...inner,
    spec: inner.spec,
    async continuationLogprobs(pairs, o) {
      const out: ContinuationLogprob[] = [];
      for (const p of pairs) out.push(...(await inner.continuationLogprobs([p], o)));
      return out;
    },
  };
}

async function timeScoring(rows: TranscriptRow[], audienceClient: ModelClient, embedderClient: ModelClient, options: HumorOptions) {
  const records = { a: recordCalls(), e: recordCalls() };
  const audience = wrapModelClient({ client: audienceClient, middleware: records.a.middleware });
  const embedder = wrapModelClient({ client: embedderClient, middleware: records.e.middleware });
  const t0 = performance.now();
  const scores = await createHumorScorer(options, { audience, embedder }).scoreRows(rows);
  const seconds = (performance.now() - t0) / 1000;
  const failed = scores.filter((s) => s.value === null);
  if (failed.length) throw new Error(`scoring failed: ${failed[0].error}`);
  const turns = rows.reduce((s, r) => s + r.turns.filter((t) => t.speaker === "policy").length, 0);
  return {
    seconds,
    sessionsPerSecond: rows.length / seconds,
    msPerTurn: (1000 * seconds) / turns,
    audienceCallsPerSession: records.a.calls().length / rows.length,
    embedderCallsPerSession: records.e.calls().length / rows.length,
    scores,
  };
}

const t0 = performance.now();
const server = await startEmbeddedServer();
console.log(`embedded server ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
try {
  const bank = loadLineBank();
  const seeds = seedsOf(findSeedSet(loadSeedRegistry(), "demo"), sessions);
  const ts = performance.now();
  const rows = await simulateSessions(seeds, { policy: retrievalPolicy(bank), partner: retrievalPartner(bank) });
  const simSeconds = (performance.now() - ts) / 1000;
  console.log(`simulate: ${rows.length} sessions × 10 policy turns in ${simSeconds.toFixed(2)} s (${(rows.length / simSeconds).toFixed(0)} sessions/s)`);

  const store = new Map<string, unknown>();
  const audience = recording(createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" }), store);
  const embedder = recording(createOpenAIClient({ baseUrl: server.baseUrl, model: "use-lite-512" }), store);

  const exact = await timeScoring(rows, audience, embedder, { taste: { mode: "exact" } });
  console.log(
    `exact mode, batched: n=${rows.length} sessions in ${exact.seconds.toFixed(1)} s → ${exact.sessionsPerSecond.toFixed(3)} sessions/s, ` +
      `${exact.msPerTurn.toFixed(0)} ms/turn; model calls per session: audience ${exact.audienceCallsPerSession}, embedder ${exact.embedderCallsPerSession}`,
  );
  const topk = await timeScoring(rows, audience, embedder, { taste: { mode: "topk" } });
  console.log(`top-k mode: ${topk.sessionsPerSecond.toFixed(3)} sessions/s (${(topk.sessionsPerSecond / exact.sessionsPerSecond).toFixed(1)}× exact), ` + `audience calls per session ${topk.audienceCallsPerSession}`);
  const baseRows = rows.slice(0, Math.max(1, Math.min(2, rows.length)));
  const batchedSmall = await timeScoring(baseRows, audience, embedder, { taste: { mode: "exact" }, concurrency: 1 });
  const unbatched = await timeScoring(baseRows, sequential(audience), embedder, { taste: { mode: "exact" }, concurrency: 1 });
  console.log(
    `baseline, opener requests one at a time (n=${baseRows.length} sessions, one session in flight): ${unbatched.seconds.toFixed(1)} s vs batched ${batchedSmall.seconds.toFixed(1)} s ` +
      `→ batching ${(unbatched.seconds / batchedSmall.seconds).toFixed(2)}× faster`,
  );

  // foolsgold's own time: the same scoring with every model answer replayed from memory
  const replayAudience = replay(audience.spec, store);
  const replayEmbedder = replay(embedder.spec, store);
  const own: number[] = [];
  for (let rep = 0; rep < 5; rep++) own.push((await timeScoring(rows, replayAudience, replayEmbedder, { taste: { mode: "exact" } })).msPerTurn);
  own.sort((a, b) => a - b);
  const replayed = await timeScoring(rows, replayAudience, replayEmbedder, { taste: { mode: "exact" } });
  const same = canonicalJson(replayed.scores) === canonicalJson(exact.scores);
  console.log(`own time outside model calls: median ${own[2].toFixed(3)} ms/turn (min ${own[0].toFixed(3)}, max ${own[4].toFixed(3)}; 5 replays of ${rows.length * 10} turns; target < 2 ms); ` + `replayed scores identical to live: ${same}`);
  console.log(`peak RSS ${peakMb().toFixed(0)} MB (this process, embedded server included)`);
} finally {
  await server.close();
}
