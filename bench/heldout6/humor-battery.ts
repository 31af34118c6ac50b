// The sixth humor battery as a function, for the command (humor-cues.ts) and the fast test (test/heldout6).
// Conversations: battery 2's seeded order of each corpus (DailyDialog, The Office, Overheard in New York).
// Batteries 2 and 3 took positions 0–29; batteries 4 and 5 took the first 30 usable conversations after
// position 29 (15 each; for The Office only seasons 1–4, because seasons 5–9 are the held-out slice of the
// C-AUC evaluation, bench/studies/humor-swaps-split.ts). This battery takes the NEXT usable conversations
// after battery 5's (DailyDialog and Overheard: positions 60–74; The Office: the 31st–45th season 1–4
// conversation after position 29), so no conversation is shared with any older battery. Result types are
// battery 2's; placements of batteries 4 and 5 are reused and five new ones added (humor-cue-list.ts).
import { readJsonl } from "../../src/core/jsonl.js";
import { createRng } from "../../src/core/random.js";
import type { Score, TranscriptRow } from "../../src/core/types.js";
import { openScorer } from "../../src/stacks/open.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import type { Conversation } from "../../src/terms/humor/dialogues.js";
import { sharedPath } from "../../test/helpers/shared-data.js";
import type { CueResult, HumorBatteryResult } from "../heldout2/humor-battery.js";
import { FIRST_CONVERSATION as BATTERY4_FIRST } from "../heldout4/humor-battery.js";
import { withCue as battery5WithCue } from "../heldout5/humor-battery.js";
import { twoSpeakerCorpora } from "../helpers/dialogue-corpora.js";
import { CUES, type Cue } from "./humor-cue-list.js";

export type { CueResult, HumorBatteryResult };

/** Batteries 4 and 5 took this many usable conversations per corpus after position 29; this battery skips them. */
const EARLIER_PER_CORPUS = 30;
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
    const after = createRng(`heldout2-humor/${name}/${seed}`).shuffle(corpora[name]).slice(BATTERY4_FIRST).filter(allowed).slice(EARLIER_PER_CORPUS);
    if (after.length < perCorpus) throw new Error(`${name}: only ${after.length} usable conversations after batteries 4 and 5's; asked for ${perCorpus}`);
    return after.slice(0, perCorpus);
  });
}

/** The conversation's second speaker is the policy; everyone else is the partner. */
const asTranscript = (c: Conversation): TranscriptRow => ({ id: c.id, seed: 0, turns: c.turns.map((t) => ({ speaker: t.speaker === c.turns[1].speaker ? "policy" : "partner", text: t.text })) });

const SENTENCE_END = /([.!?…]+["”’)]?)(?=\s+\S|$)/gu;

/** One policy turn with the cue placed by one of this battery's new placements. */
export function placeNew(text: string, cue: Cue): string {
  const t = text.trim();
  if (cue.at === "both") return `${cue.text} ${t} ${cue.text}`;
  if (cue.at === "sentences") return /[.!?…]/u.test(t) ? t.replace(SENTENCE_END, `$1 ${cue.text}`) : `${t} ${cue.text}`;
  if (cue.at === "replace") return /[.!?…]+["”’)]?$/u.test(t) ? t.replace(/[.!?…]+(["”’)]?)$/u, `$1 ${cue.text}`) : `${t} ${cue.text}`;
  if (cue.at === "quote") return `${t} (as my brother would say, "${cue.text}")`;
  return `${t} ${cue.text}`;
}

/** The transcript with the cue on its policy turns (see humor-cue-list.ts for the placements). */
export function withCue(row: TranscriptRow, cue: Cue): TranscriptRow {
  if (cue.at === "first") {
    const first = row.turns.findIndex((t) => t.speaker === "policy");
    return { ...row, turns: row.turns.map((t, i) => (i === first ? { ...t, text: `${t.text.trim()} ${cue.text}` } : t)) };
  }
  if (cue.at === "both" || cue.at === "sentences" || cue.at === "replace" || cue.at === "quote") return { ...row, turns: row.turns.map((t) => (t.speaker !== "policy" ? t : { ...t, text: placeNew(t.text, cue) })) };
  return battery5WithCue(row, { ...cue, at: cue.at });
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
