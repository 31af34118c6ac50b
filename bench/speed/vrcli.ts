// Benchmark: VR-CLI reward evaluations per second and HTTP requests per group, against the built-in
// LM server (child process, loopback) as the reference. Groups of 8 samples per held-out joke with
// 8 distinct reasonings, as a GRPO step sends them. Three runs in one script:
//   batched   — scoreVrcli: one base request per joke, one per distinct reasoning (≤ 9 per group)
//   naive     — the seed's pattern: base and plus scored for every sample (16 per group), the baseline
//   cached    — batched through a response cache, first filling it, then warm (0 HTTP requests)
//   npx tsx bench/speed/vrcli.ts [--groups 48] [--concurrency 8]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadJokeDataset } from "../../src/envs/jokes/dataset.js";
import { pickEvalJokes } from "../../src/envs/jokes/evaluate.js";
import { punchlineContentWords, reasoningNaming } from "../../src/envs/jokes/signal.js";
import { openCache } from "../../src/models/cache.js";
import { cacheResponses } from "../../src/models/cache-middleware.js";
import { recordCalls } from "../../src/models/call-records.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { wrapModelClient } from "../../src/models/middleware.js";
import { EMBEDDED_LM_ID } from "../../src/models/embedded/server.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";
import type { ModelClient } from "../../src/models/spec.js";
import { scoreVrcli, type VrcliItem } from "../../src/terms/vrcli/term.js";
import { baseContext, plusContext, punchlineContinuation } from "../../src/terms/vrcli/template.js";
import { spawnChildServer } from "../helpers/child-server.js";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

const GROUP_SIZE = 8;

if (args.includes("--child")) {
  const server = await startEmbeddedServer({ port: 0 });
  process.stdout.write(`READY ${server.baseUrl}\n`);
  process.stdin.resume();
  process.stdin.on("end", () => void server.close().then(() => process.exit(0)));
} else {
  await main();
}

function groupsOf(count: number): VrcliItem[][] {
  const data = loadJokeDataset({});
  const jokes = pickEvalJokes([...data.eval, ...data.train], count, "bench-vrcli");
  const words = jokes.map((j) => punchlineContentWords(j.punchline));
  // Sample k of joke i names the words of joke i + k: one related reasoning, seven unrelated, all distinct.
  return jokes.map((joke, i) =>
    Array.from({ length: GROUP_SIZE }, (_, k) => ({
      setup: joke.setup,
      punchline: joke.punchline,
      completion: `<think>${reasoningNaming(words[(i + k) % jokes.length])}</think> ${joke.punchline}`,
    })),
  );
}

async function run(
  unrecorded: ModelClient,
  groups: VrcliItem[][],
  concurrency: number,
  score: (client: ModelClient, group: VrcliItem[]) => Promise<unknown>,
): Promise<{ rewardsPerSecond: number; groupsPerSecond: number; httpPerGroup: number; seconds: number }> {
  const records = recordCalls();
  const client = wrapModelClient({ client: unrecorded, middleware: records.middleware });
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < groups.length) await score(client, groups[next++]);
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const http = records.calls().filter((c) => !c.cached).length;
  return { rewardsPerSecond: (groups.length * GROUP_SIZE) / seconds, groupsPerSecond: groups.length / seconds, httpPerGroup: http / groups.length, seconds };
}

/** The seed's pattern: every sample scores its own base and plus context. */
async function naive(client: ModelClient, group: VrcliItem[]): Promise<unknown> {
  return Promise.all(
    group.map((item) => {
      const reasoning = item.completion.slice("<think>".length, item.completion.indexOf("</think>"));
      const continuation = punchlineContinuation(item.punchline);
      return client.continuationLogprobs(
        [
          { context: baseContext(item.setup), continuation },
          { context: plusContext(item.setup, reasoning), continuation },
        ],
        { noCache: true },
      );
    }),
  );
}

async function main(): Promise<void> {
  const groupCount = arg("groups", 48);
  const concurrency = arg("concurrency", 8);
  const groups = groupsOf(groupCount);

  const { child, baseUrl } = await spawnChildServer(fileURLToPath(import.meta.url));
  const spec = { baseUrl, model: EMBEDDED_LM_ID, concurrency: 16 };
  const dir = mkdtempSync(join(tmpdir(), "fg-bench-vrcli-"));
  const cache = openCache({ path: join(dir, "cache.sqlite") });
  try {
    await run(createOpenAIClient(spec), groups.slice(0, 4), concurrency, (c, g) => scoreVrcli(c, g)); // warm-up (JIT)
    const batched = await run(createOpenAIClient(spec), groups, concurrency, (c, g) => scoreVrcli(c, g));
    const naiveRun = await run(createOpenAIClient(spec), groups, concurrency, naive);
    const filling = await run(wrapModelClient({ client: createOpenAIClient(spec), middleware: cacheResponses(cache) }), groups, concurrency, (c, g) => scoreVrcli(c, g));
    const warm = await run(wrapModelClient({ client: createOpenAIClient(spec), middleware: cacheResponses(cache) }), groups, concurrency, (c, g) => scoreVrcli(c, g));
    const line = (name: string, r: Awaited<ReturnType<typeof run>>) =>
      `  ${name.padEnd(34)} ${r.rewardsPerSecond.toFixed(0).padStart(6)} rewards/s  ${r.groupsPerSecond.toFixed(1).padStart(6)} groups/s  ${r.httpPerGroup.toFixed(2).padStart(5)} HTTP requests/group`;
    process.stdout.write(
      [
        `VR-CLI reward, reference = built-in LM server over loopback; n = ${groupCount} groups × ${GROUP_SIZE} samples (${groupCount * GROUP_SIZE} rewards) per run, ${concurrency} groups in flight`,
        line("batched (scoreVrcli), no cache", batched),
        line("naive per-sample base+plus (seed)", naiveRun),
        line("batched, filling a response cache", filling),
        line("batched, warm response cache", warm),
        `  batched / naive: ${(batched.rewardsPerSecond / naiveRun.rewardsPerSecond).toFixed(2)}× rewards/s, ${(batched.httpPerGroup / naiveRun.httpPerGroup).toFixed(2)}× HTTP requests; warm / cold: ${(warm.rewardsPerSecond / batched.rewardsPerSecond).toFixed(1)}× rewards/s`,
        `  bench process peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (the server runs in a child process)`,
      ].join("\n") + "\n",
    );
  } finally {
    cache.close();
    rmSync(dir, { recursive: true, force: true });
    child.stdin.end();
  }
}
