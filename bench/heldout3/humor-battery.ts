// The third humor battery as a function, for the command (humor-cues.ts) and the fast test (test/heldout3).
// Conversations: battery 2's seeded order of each corpus (DailyDialog, The Office, Overheard in New York),
// positions 15–29 by default where battery 2 took 0–14, so no conversation is shared. Result types are
// battery 2's (bench/heldout2/humor-battery.ts).
import { createRng } from "../../src/core/random.js";
import type { Score, TranscriptRow } from "../../src/core/types.js";
import { openScorer } from "../../src/stacks/open.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import type { Conversation } from "../../src/terms/humor/dialogues.js";
import type { CueResult, HumorBatteryResult } from "../heldout2/humor-battery.js";
import { twoSpeakerCorpora } from "../helpers/dialogue-corpora.js";
import { CUES, type Cue } from "./humor-cue-list.js";

export type { CueResult, HumorBatteryResult };

/** Where this battery's conversations start in battery 2's order of each corpus (battery 2 used 0–14). */
export const FIRST_CONVERSATION = 15;

export interface HumorBatteryOptions {
  perCorpus: number;
  /** Battery 2's shuffle seed ("h36"): the order this battery continues. */
  seed: string;
  /** Which cues to run (all when absent). */
  select?: (name: string) => boolean;
}

function conversations(perCorpus: number, seed: string): Conversation[] {
  const corpora = twoSpeakerCorpora();
  return (["dailydialog", "office", "overheard"] as const).flatMap((name) => {
    const all = createRng(`heldout2-humor/${name}/${seed}`).shuffle(corpora[name]);
    if (all.length < FIRST_CONVERSATION + perCorpus) throw new Error(`${name}: only ${all.length - FIRST_CONVERSATION} conversations after position ${FIRST_CONVERSATION}; asked for ${perCorpus}`);
    return all.slice(FIRST_CONVERSATION, FIRST_CONVERSATION + perCorpus);
  });
}

/** The conversation's second speaker is the policy; everyone else is the partner. */
const asTranscript = (c: Conversation): TranscriptRow => ({ id: c.id, seed: 0, turns: c.turns.map((t) => ({ speaker: t.speaker === c.turns[1].speaker ? "policy" : "partner", text: t.text })) });
const withCue = (row: TranscriptRow, cue: Cue): TranscriptRow => ({
  ...row,
  turns: row.turns.map((t) => (t.speaker !== "policy" ? t : { ...t, text: cue.at === "start" ? `${cue.text} ${t.text.replace(/^\s+/, "")}` : `${t.text.replace(/\s+$/, "")} ${cue.text}` })),
});

const figures = (s: Score): { training: number; C: number } => {
  if (s.value === null) throw new Error(`a session failed to score: ${JSON.stringify(s.error ?? s)}`);
  const C = s.terms.certified?.value;
  if (typeof C !== "number") throw new Error(`a session has no C (terms.certified): ${JSON.stringify(s.terms)}`);
  return { training: s.value, C };
};

export async function runHumorBattery(options: HumorBatteryOptions, onCue?: (r: CueResult) => void): Promise<HumorBatteryResult> {
  const select = options.select ?? (() => true);
  const rows = conversations(options.perCorpus, options.seed).map(asTranscript);
  const opened = await openScorer({ stack: "humor", overrides: { value: "training" } });
  try {
    const before = (await opened.scorer.scoreRows(rows)).map(figures);
    const cues: CueResult[] = [];
    for (const [name, cue] of Object.entries(CUES)) {
      if (!select(name)) continue;
      const after = (await opened.scorer.scoreRows(rows.map((r) => withCue(r, cue)))).map(figures);
      const dTraining = meanCi(after.map((a, i) => a.training - before[i].training));
      const dC = meanCi(after.map((a, i) => a.C - before[i].C));
      const result: CueResult = {
        cue: name,
        family: cue.family,
        n: rows.length,
        training: { mean: dTraining.mean, ci: dTraining.ci },
        C: { mean: dC.mean, ci: dC.ci },
        fails: dTraining.ci[0] > 0 || dC.ci[0] > 0,
      };
      cues.push(result);
      onCue?.(result);
    }
    return { instrument: opened.scorer.instrument.hash, conversations: rows.length, base: meanCi(before.map((b) => b.training)).mean, baseC: meanCi(before.map((b) => b.C)).mean, cues };
  } finally {
    await opened.close();
  }
}
