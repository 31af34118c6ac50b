// Calibrates the humor relevance reference (src/terms/humor/relevance.ts) on DailyDialog "work"
// dialogues only (the tuning corpus; The Office and Overheard in New York are kept for testing): the
// mean unit embedding of every turn of the first 300 dialogues, and the p5 / p90 of real replies' r on
// the next 300. Writes src/terms/humor/relevance-reference.json (numbers only, no corpus text).
//   npx tsx scripts/calibrate-humor-relevance.ts
import { writeFileSync } from "node:fs";
import { readJsonl } from "../src/core/jsonl.js";
import { createOpenAIClient } from "../src/models/client.js";
import { startEmbeddedServer } from "../src/models/embedded/start.js";
import { conversationsFrom } from "../src/terms/humor/dialogues.js";
import { RELEVANCE_REFERENCE_URL, RELEVANCE_VERSION, relevance, type RelevanceReference } from "../src/terms/humor/relevance.js";
import { sharedPath } from "../test/helpers/shared-data.js";

const EMBEDDER = "use-lite-512";
const dialogues = conversationsFrom(readJsonl(sharedPath("dialogue/dailydialog.jsonl.gz")).rows, "dailydialog", { topic: "work" });
const meanSet = dialogues.slice(0, 300);
const calibrationSet = dialogues.slice(300, 600);
const server = await startEmbeddedServer();
try {
  const embedder = createOpenAIClient({ baseUrl: server.baseUrl, model: EMBEDDER });
  const turns = [...new Set(meanSet.flatMap((c) => c.turns.map((t) => t.text)))];
  const vectors = await embedder.embed(turns);
  const dims = vectors[0].length;
  const mean = new Array<number>(dims).fill(0);
  for (const v of vectors) {
    const n = Math.hypot(...v);
    for (let i = 0; i < dims; i++) mean[i] += v[i] / n / vectors.length;
  }
  const rounded = mean.map((x) => Number(x.toFixed(7)));
  const pairs = calibrationSet.flatMap((c) => c.turns.slice(1).map((t, k) => ({ reply: t.text, previous: c.turns[k].text })));
  const texts = [...new Set(pairs.flatMap((p) => [p.reply, p.previous]))];
  const vecs = await embedder.embed(texts);
  const by = new Map(texts.map((t, i) => [t, vecs[i]]));
  const draft: RelevanceReference = { version: RELEVANCE_VERSION, embedder: EMBEDDER, dims, mean: rounded, floor: 0, ceiling: 1, calibration: {} };
  const r = pairs.map((p) => relevance(p.reply, p.previous, by.get(p.reply)!, by.get(p.previous)!, draft)).sort((a, b) => a - b);
  const q = (p: number) => r[Math.min(r.length - 1, Math.floor(p * r.length))];
  const reference: RelevanceReference = {
    ...draft,
    floor: Number(q(0.05).toFixed(4)),
    ceiling: Number(q(0.9).toFixed(4)),
    calibration: {
      corpus: "DailyDialog, topic work (../shared/data/dialogue/dailydialog.jsonl.gz)",
      mean_of: `every distinct turn of the first 300 work dialogues (n = ${turns.length})`,
      quantiles_of: `every reply of work dialogues 301-600 to the turn before it (n = ${r.length})`,
      p5: q(0.05),
      p50: q(0.5),
      p90: q(0.9),
      script: "scripts/calibrate-humor-relevance.ts",
    },
  };
  writeFileSync(RELEVANCE_REFERENCE_URL, `${JSON.stringify(reference)}\n`);
  console.log(JSON.stringify({ ...reference, mean: `[${dims} numbers]` }, null, 1));
} finally {
  await server.close();
}
