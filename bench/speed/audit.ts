// Benchmark of the bait-suffix probe on the embedded audience model: prompts scored per second, peak
// memory, and the saving of scoring each distinct audience prompt once (the memo) against a baseline
// run in the same script that scores every (context, suffix, path) slot. Usage:
//   npx tsx bench/speed/audit.ts [contexts=6]
import { runBaitProbe } from "../../src/audit/bait-probe.js";
import { contextsFromTranscripts, simulatedBank } from "../../src/audit/contexts.js";
import type { LaughterMeter, Measured } from "../../src/audit/laughter-meter.js";
import { createLaughterMeter } from "../../src/audit/laughter-meter.js";
import { RAW_PATH, V2_SEED_PATH } from "../../src/audit/paths.js";
import { DEFAULT_SUFFIXES } from "../../src/audit/suffixes.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";

const n = Number(process.argv[2] ?? 6);
const taste = { mode: "exact" as const, k: 20, L_lo: -20, L_hi: -2 };
// Each run gets a fresh server: the embedded server keeps its own caches, so a second run on a warm
// server would look faster for reasons unrelated to the probe.
let server = await startEmbeddedServer();
let client = createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
const contexts = contextsFromTranscripts(await simulatedBank(n), n);
const paths = [RAW_PATH, V2_SEED_PATH];

/** The baseline: a fresh memo per call, so every slot is sent (what a naive probe does). */
function unmemoized(): LaughterMeter & { sent: number } {
  let sent = 0;
  return {
    async measure(prompts: readonly string[]): Promise<Measured[]> {
      sent += prompts.length;
      return createLaughterMeter(client, taste).measure(prompts);
    },
    get distinct() {
      return sent;
    },
    get sent() {
      return sent;
    },
  };
}

async function timed(label: string, meter: LaughterMeter) {
  const t0 = performance.now();
  const r = await runBaitProbe({ client, contexts, suffixes: DEFAULT_SUFFIXES, paths, taste, meter });
  const s = (performance.now() - t0) / 1000;
  console.log(`${label}: ${r.distinct_prompts} prompts in ${s.toFixed(1)} s = ${(r.distinct_prompts / s).toFixed(2)} prompts/s (${(s / n).toFixed(2)} s per context for 17 suffixes x 2 paths)`);
  return { s, r };
}

const memo = await timed("memoized", createLaughterMeter(client, taste));
await server.close();
server = await startEmbeddedServer();
client = createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
const base = await timed("baseline (every slot)", unmemoized());
const same = memo.r.suffixes.every((x, i) => x.paths.v2.mean === base.r.suffixes[i].paths.v2.mean && x.paths.raw.mean === base.r.suffixes[i].paths.raw.mean);
console.log(`n = ${n} contexts; speed-up ${(base.s / memo.s).toFixed(2)}x; identical deltas: ${same}; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await server.close();
