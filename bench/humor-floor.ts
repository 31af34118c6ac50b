// Calibrates the default grounding floor for the embedded USE-lite embedder (SPEC §4): g for real human
// replies in DailyDialog "work" dialogues (window 2), and its 5th percentile. DailyDialog is CC BY-NC-SA
// and read only when ../shared/data is present; only the resulting number ships (grounding.ts).
//   npx tsx bench/humor-floor.ts [dialogues=400] [out.json]
import { writeFileSync } from "node:fs";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { readJsonl } from "../src/core/jsonl.js";
import { createOpenAIClient } from "../src/models/client.js";
import { startEmbeddedServer } from "../src/models/embedded/start.js";
import { humanGroundingScores } from "../src/terms/humor/floor-calibration.js";
import { quantile } from "../src/stats/index.js";

const dataDir = resolve(process.env.FOOLSGOLD_SHARED_DATA ?? resolve(import.meta.dirname, "../../shared/data"));
const file = resolve(dataDir, "dialogue/dailydialog.jsonl.gz");
if (!existsSync(file)) {
  console.log(`skipped: ${file} not found (set FOOLSGOLD_SHARED_DATA)`);
  process.exit(0);
}
const limit = Number(process.argv[2] ?? 400);
const dialogues = readJsonl<{ topic?: string; turns: string[] }>(file)
  .rows.filter((d) => d.topic === "work")
  .slice(0, limit)
  .map((d) => d.turns.map((t) => t.replace(/\s+([,.?!'])/g, "$1").replace(/\s+/g, " ").trim()));

const server = await startEmbeddedServer();
try {
  const embedder = createOpenAIClient({ baseUrl: server.baseUrl, model: "use-lite-512" });
  const t0 = performance.now();
  const g = await humanGroundingScores(dialogues, embedder, 2);
  const seconds = (performance.now() - t0) / 1000;
  const q = (p: number) => quantile(g, p);
  console.log(`DailyDialog work dialogues: ${dialogues.length}, replies with a full window: n=${g.length}, embedded in ${seconds.toFixed(1)} s`);
  console.log(`g quantiles: p5 ${q(0.05).toFixed(4)}  p10 ${q(0.1).toFixed(4)}  p25 ${q(0.25).toFixed(4)}  median ${q(0.5).toFixed(4)}  p95 ${q(0.95).toFixed(4)}`);
  console.log(`calibrated floor (5th percentile): ${q(0.05).toFixed(3)}`);
  if (process.argv[3]) writeFileSync(process.argv[3], JSON.stringify({ n: g.length, g }));
} finally {
  await server.close();
}
