// Issue 36, humor: why C did not rank real replies above same-length swaps on The Office, measured on the
// calibration split only (The Office seasons 1–4 and DailyDialog "work" dialogues 301–600; the held-out
// evaluation in humor-nonanswers.ts uses The Office seasons 5–9 and Overheard in New York, which this
// script never reads). C without its screen and audience factors, G·(1 − S), is compared for S = max_j s_j
// (humor-C-2) and S̄ = mean_j s_j (humor-C-3), and G alone; twins from src/terms/humor/twins.ts. The
// taste factor is left out because on the embedded n-gram audience it barely moves without laughter
// (docs/humor.md). AUC(real > twin) over sessions with its DeLong 95% interval.
//   npx tsx bench/studies/humor-swaps-split.ts [conversations=150] [seed=36]
import { readJsonl } from "../../src/core/jsonl.js";
import { createRng } from "../../src/core/random.js";
import type { TranscriptRow } from "../../src/core/types.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";
import { auc } from "../../src/stats/index.js";
import { conversationsFrom, type Conversation } from "../../src/terms/humor/dialogues.js";
import { relevanceCredit, loadRelevanceReference } from "../../src/terms/humor/relevance.js";
import { repetitionScores } from "../../src/terms/humor/repetition.js";
import { previousTurn, termTurns, turnRelevanceOf } from "../../src/terms/humor/session.js";
import { asTranscript, genericTwin, repeatedTwin, sameLengthSwappedTwin } from "../../src/terms/humor/twins.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}
const size = Number(process.argv[2] ?? 150);
const seed = Number(process.argv[3] ?? 36);
const officeRows = (readJsonl(sharedPath("dialogue/the_office_lines.jsonl.gz")).rows as { season: number }[]).filter((r) => r.season <= 4);
const daily = conversationsFrom(readJsonl(sharedPath("dialogue/dailydialog.jsonl.gz")).rows, "dailydialog", { topic: "work" }).filter((c) => c.turns.length >= 4);
const sets: Record<string, Conversation[]> = {
  "office seasons 1-4": createRng(`humor-swaps-split/office/${seed}`)
    .shuffle(conversationsFrom(officeRows, "office", { minTurns: 6 }))
    .slice(0, size),
  "dailydialog work 301-600": createRng(`humor-swaps-split/daily/${seed}`).shuffle(daily.slice(300, 600)).slice(0, size),
};

interface Session {
  G: number;
  s: number[];
}

const server = await startEmbeddedServer();
const started = performance.now();
try {
  const embedder = createOpenAIClient({ baseUrl: server.baseUrl, model: "use-lite-512" });
  const reference = loadRelevanceReference();
  console.log(
    `uptime: ${(await import("node:os"))
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  );
  console.log("| split | twin | n | AUC G [95% CI] | AUC G·(1 − max s) [95% CI] | AUC G·(1 − mean s) [95% CI] |");
  console.log("|---|---|---|---|---|---|");
  for (const [name, conversations] of Object.entries(sets)) {
    const real = conversations.map((c) => asTranscript(c, c.turns[1].speaker));
    const twins: Record<string, TranscriptRow[]> = {
      real,
      generic: real.map((r) => genericTwin(r, seed)!),
      "same-length": real.map((_, i) => sameLengthSwappedTwin(real, i, seed)),
      repeated: real.map((r) => repeatedTwin(r) ?? r),
    };
    const read = Object.fromEntries(Object.entries(twins).map(([k, rows]) => [k, rows.map((r) => termTurns(r.turns, "meaning"))]));
    const texts = [...new Set(Object.values(read).flatMap((rows) => rows.flatMap((turns) => turns.map((t) => t.text))))];
    const vectors = await embedder.embed(texts);
    const byText = new Map(texts.map((t, i) => [t, vectors[i]]));
    const sessions = (kind: string): Session[] =>
      read[kind].map((turns) => {
        const slots = turns.flatMap((t, i) => (t.speaker === "policy" ? [i] : []));
        const credit = slots.map((i) => relevanceCredit(turnRelevanceOf(turns[i].text, previousTurn(turns, i), byText), reference));
        return {
          G: credit.reduce((a, b) => a + b, 0) / slots.length,
          s: repetitionScores(
            slots.map((i) => turns[i].text),
            [],
            "seed",
          ),
        };
      });
    const c2 = (x: Session) => x.G * (1 - Math.max(...x.s));
    const c3 = (x: Session) => x.G * (1 - x.s.reduce((a, b) => a + b, 0) / x.s.length);
    const realSessions = sessions("real");
    for (const kind of ["generic", "same-length", "repeated"]) {
      const twin = sessions(kind);
      const cell = (f: (x: Session) => number) => {
        const a = auc(realSessions.map(f), twin.map(f));
        return `${a.auc.toFixed(3)} [${a.ci[0].toFixed(3)}, ${a.ci[1].toFixed(3)}]`;
      };
      console.log(`| ${name} | ${kind} | ${real.length} | ${cell((x) => x.G)} | ${cell(c2)} | ${cell(c3)} |`);
    }
  }
} finally {
  await server.close();
}
console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
