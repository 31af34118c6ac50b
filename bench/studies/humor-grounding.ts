// Validation of the humor reward on real conversations (issue #22): DailyDialog "work" dialogues and
// two-speaker exchanges from The Office (research use only: read from ../shared/data, never shipped),
// each against three twins (src/terms/humor/twins.ts: off-topic swapped, shuffled order, repeated),
// scored by the humor stack on the embedded models (USE-lite embedder, n-gram audience, exact taste)
// under the seed profile and the hardened one, with either self-repetition mode. Reports paired deltas
// real − twin with 95% intervals and AUC(real > twin) for the training reward and C (and g, G, F, S).
// Each model request is made once per run: the variants share one in-memory memo of the responses.
// Writes reports/humor-grounding/report.json (figures only; no corpus text).
//   npx tsx bench/studies/humor-grounding.ts [conversations=120] [seed=22]
import { mkdirSync, writeFileSync } from "node:fs";
import { readJsonl } from "../../src/core/jsonl.js";
import type { TranscriptRow } from "../../src/core/types.js";
import { createRng } from "../../src/core/random.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { scoreAll } from "../helpers/humor-figures.js";
import { memoClient } from "../helpers/memo-client.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";
import type { HumorOptions } from "../../src/stacks/humor.js";
import { conversationsFrom, type Conversation } from "../../src/terms/humor/dialogues.js";
import { compareTwins, type TwinComparison } from "../../src/terms/humor/twin-comparison.js";
import { TWIN_KINDS, asTranscript, repeatedTwin, shuffledTwin, swappedTwin, type TwinKind } from "../../src/terms/humor/twins.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const size = Number(process.argv[2] ?? 120);
const seed = Number(process.argv[3] ?? 22);
const OUT_DIR = "reports/humor-grounding";

const VARIANTS: Record<string, HumorOptions> = {
  seed: { profile: "seed" },
  hardened: { profile: "hardened" },
  "hardened, beyond-partner repetition": { profile: "hardened", repetition: "beyond-partner" },
  "seed credit, beyond-partner repetition": { profile: "seed", repetition: "beyond-partner" },
};

/** Conversations with at least two replies by the second speaker (every twin needs two). */
function corpora(): Record<string, { conversations: Conversation[]; policy: (c: Conversation) => string; note: string }> {
  const secondSpeaker = (c: Conversation) => c.turns[1].speaker;
  const daily = conversationsFrom(readJsonl(sharedPath("dialogue/dailydialog.jsonl.gz")).rows, "dailydialog", { topic: "work" }).filter((c) => c.turns.length >= 4);
  const office = conversationsFrom(readJsonl(sharedPath("dialogue/the_office_lines.jsonl.gz")).rows, "office", { minTurns: 6 });
  const sample = createRng(`humor-grounding/office/${seed}`)
    .shuffle([...office])
    .slice(0, size);
  return {
    dailydialog: { conversations: daily.slice(0, size), policy: secondSpeaker, note: `first ${size} DailyDialog "work" dialogues with ≥ 4 turns; policy = speaker B` },
    office: { conversations: sample, policy: secondSpeaker, note: `${size} of ${office.length} two-speaker exchanges of ≥ 6 lines from The Office (seeded sample); policy = the exchange's second speaker` },
  };
}

const started = performance.now();
const server = await startEmbeddedServer();
const audience = memoClient(createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" }));
const embedder = memoClient(createOpenAIClient({ baseUrl: server.baseUrl, model: "use-lite-512" }));
const report: Record<string, unknown> = {};
try {
  for (const [name, corpus] of Object.entries(corpora())) {
    const real = corpus.conversations.map((c) => asTranscript(c, corpus.policy(c)));
    const twins: Record<TwinKind, TranscriptRow[]> = {
      swapped: real.map((_, i) => swappedTwin(real, i, seed)),
      shuffled: real.map((r) => shuffledTwin(r, seed)!),
      repeated: real.map((r) => repeatedTwin(r)!),
    };
    const results: Record<string, Record<TwinKind, TwinComparison>> = {};
    for (const [variant, options] of Object.entries(VARIANTS)) {
      const t0 = performance.now();
      const realFigures = await scoreAll(real, options, { audience, embedder });
      results[variant] = {} as Record<TwinKind, TwinComparison>;
      for (const kind of TWIN_KINDS) results[variant][kind] = compareTwins(realFigures, await scoreAll(twins[kind], options, { audience, embedder }));
      console.error(`${name} / ${variant}: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    report[name] = { note: corpus.note, n: real.length, policy_turns: real.reduce((s, r) => s + r.turns.filter((t) => t.speaker === "policy").length, 0), results };
    printCorpus(name, corpus.note, results);
  }
} finally {
  await server.close();
}
const seconds = (performance.now() - started) / 1000;
mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(`${OUT_DIR}/report.json`, JSON.stringify({ command: `npx tsx bench/studies/humor-grounding.ts ${size} ${seed}`, seed, seconds, variants: VARIANTS, corpora: report }, null, 1) + "\n");
console.log(`\n${seconds.toFixed(0)} s; wrote ${OUT_DIR}/report.json`);

function printCorpus(name: string, note: string, results: Record<string, Record<TwinKind, TwinComparison>>): void {
  const f = (x: number) => (x >= 0 ? "+" : "") + x.toFixed(4);
  console.log(`\n## ${name}: ${note}`);
  console.log("| variant | twin | n | reward real | reward twin | Δ reward [95% CI] | AUC reward | C real | C twin | Δ C [95% CI] | AUC C | mean g real / twin | S real / twin |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const [variant, byKind] of Object.entries(results)) {
    for (const kind of TWIN_KINDS) {
      const { n, scores: s } = byKind[kind];
      const r = s.trainingReward;
      const c = s.C;
      console.log(
        `| ${variant} | ${kind} | ${n} | ${r.real.toFixed(4)} | ${r.twin.toFixed(4)} | ${f(r.delta)} [${f(r.ci[0])}, ${f(r.ci[1])}] | ${r.auc.toFixed(2)} | ${c.real.toFixed(3)} | ${c.twin.toFixed(3)} | ${f(c.delta)} [${f(c.ci[0])}, ${f(c.ci[1])}] | ${c.auc.toFixed(2)} | ${s.meanG.real.toFixed(3)} / ${s.meanG.twin.toFixed(3)} | ${s.S.real.toFixed(3)} / ${s.S.twin.toFixed(3)} |`,
      );
    }
  }
}
