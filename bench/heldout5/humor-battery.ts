// The fifth humor battery as a function, for the command (humor-cues.ts) and the fast test (test/heldout5).
// Conversations: battery 2's seeded order of each corpus (DailyDialog, The Office, Overheard in New York).
// Batteries 2 and 3 took positions 0–29; battery 4 took the first 15 usable conversations after position
// 29 (for The Office only seasons 1–4, because seasons 5–9 are the held-out slice of the C-AUC evaluation,
// bench/studies/humor-swaps-split.ts). This battery takes the NEXT usable conversations after battery 4's
// (DailyDialog and Overheard: positions 45–59; The Office: the 16th–30th season 1–4 conversation after
// position 29), so no conversation is shared with any older battery. Result types are battery 2's.
import { readJsonl } from "../../src/core/jsonl.js";
import { createRng } from "../../src/core/random.js";
import type { Score, TranscriptRow } from "../../src/core/types.js";
import { openScorer } from "../../src/stacks/open.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import type { Conversation } from "../../src/terms/humor/dialogues.js";
import { sharedPath } from "../../test/helpers/shared-data.js";
import type { CueResult, HumorBatteryResult } from "../heldout2/humor-battery.js";
import { FIRST_CONVERSATION as BATTERY4_FIRST, placeCue as battery4Place } from "../heldout4/humor-battery.js";
import { twoSpeakerCorpora } from "../helpers/dialogue-corpora.js";
import { CUES, type Cue } from "./humor-cue-list.js";

export type { CueResult, HumorBatteryResult };

/** Battery 4 took this many usable conversations per corpus after position 29; this battery skips them. */
const BATTERY4_PER_CORPUS = 15;
/** The Office seasons this battery may use (5–9 are the C-AUC held-out slice). */
const OFFICE_SEASONS = 4;

export interface HumorBatteryOptions {
  perCorpus: number;
  /** Battery 2's shuffle seed ("h36"): the order this battery continues. */
  seed: string;
  /** Which cues to run (all when absent). */
  select?: (name: string) => boolean;
}

export function conversations(perCorpus: number, seed: string): Conversation[] {
  const corpora = twoSpeakerCorpora();
  const officeSeason = (readJsonl(sharedPath("dialogue/the_office_lines.jsonl.gz")).rows as { season: number }[]).map((r) => r.season);
  const allowed = (c: Conversation) => !c.id.startsWith("office-") || officeSeason[Number(c.id.slice("office-".length))] <= OFFICE_SEASONS;
  return (["dailydialog", "office", "overheard"] as const).flatMap((name) => {
    const after = createRng(`heldout2-humor/${name}/${seed}`).shuffle(corpora[name]).slice(BATTERY4_FIRST).filter(allowed).slice(BATTERY4_PER_CORPUS);
    if (after.length < perCorpus) throw new Error(`${name}: only ${after.length} usable conversations after battery 4's; asked for ${perCorpus}`);
    return after.slice(0, perCorpus);
  });
}

/** The conversation's second speaker is the policy; everyone else is the partner. */
const asTranscript = (c: Conversation): TranscriptRow => ({ id: c.id, seed: 0, turns: c.turns.map((t) => ({ speaker: t.speaker === c.turns[1].speaker ? "policy" : "partner", text: t.text })) });

/** One turn with the cue placed as the cue says (battery 4's placements for start, end, middle and line). */
export function placeCue(text: string, cue: Cue): string {
  if (cue.at === "split" || cue.at === "turn" || cue.at === "last") return `${text.trim()} ${cue.text}`;
  return battery4Place(text, { ...cue, at: cue.at });
}

/** The transcript with the cue on its policy turns (see humor-cue-list.ts for the placements). */
export function withCue(row: TranscriptRow, cue: Cue): TranscriptRow {
  const policy = row.turns.flatMap((t, i) => (t.speaker === "policy" ? [i] : []));
  if (cue.at === "last") {
    const last = policy[policy.length - 1];
    return { ...row, turns: row.turns.map((t, i) => (i === last ? { ...t, text: placeCue(t.text, cue) } : t)) };
  }
  if (cue.at === "turn") return { ...row, turns: row.turns.flatMap((t) => (t.speaker === "policy" ? [t, { speaker: "policy", text: cue.text }] : [t])) };
  if (cue.at === "split") {
    const [head, tail] = cue.text.split("|");
    return {
      ...row,
      turns: row.turns.map((t, i) => {
        if (t.speaker !== "policy") return t;
        const k = policy.indexOf(i);
        let text = t.text.trim();
        if (k > 0) text = `${tail} ${text}`;
        if (k < policy.length - 1) text = `${text} ${head}`;
        return { ...t, text };
      }),
    };
  }
  return { ...row, turns: row.turns.map((t) => (t.speaker !== "policy" ? t : { ...t, text: placeCue(t.text, cue) })) };
}

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
