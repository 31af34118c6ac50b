// The humor stack's four terms as composeStack terms (SPEC §4). Each measures its per-turn values of a
// session — the same model calls `measureSession` makes (one embedding request, one batch of audience
// requests per session) — and keeps them in its details; the stack's combine assembles F, S, taste, B,
// the training reward and C from them (session.ts), since those need every turn, not one number.
import { z } from "zod";
import type { TranscriptRow } from "../../core/types.js";
import { cosine } from "../../stats/cosine.js";
import { defineTerm } from "../define.js";
import { audienceContext, laughterMass, tasteUnits } from "./audience-taste.js";
import { groundingWindow, passesFloor } from "./grounding.js";
import { repetitionScores } from "./repetition.js";
import { screenTurn } from "./screens.js";
import { partnerWindow, previousTurn, termTurns, turnRelevanceOf, type HumorSettings } from "./session.js";
import type { Turn } from "../../core/types.js";

/** The stack's shared preparation of one session: its settings and its policy turns. */
export interface SessionPlan {
  settings: HumorSettings;
  policySpeaker: string;
  /** The transcript as the terms read it (termTurns: under the hardened default, laughter removed). */
  turns: readonly Turn[];
  /** Indexes of the policy turns in the transcript. */
  policyIndexes: number[];
  replies: string[];
  /** The policy turns as written (what the screens read). */
  written: string[];
}

export function planSession(row: TranscriptRow, settings: HumorSettings, policySpeaker: string): SessionPlan {
  const turns = termTurns(row.turns, settings.laughter);
  const policyIndexes = row.turns.flatMap((t, i) => (t.speaker === policySpeaker ? [i] : []));
  return { settings, policySpeaker, turns, policyIndexes, replies: policyIndexes.map((i) => turns[i].text), written: policyIndexes.map((i) => row.turns[i].text) };
}

// The terms read the stack's options through the plan, so they declare none of their own.
const noOptions = z.object({}).strict();
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

export const groundingTerm = defineTerm({
  meta: { name: "grounding", kind: "factor", version: "humor-grounding-1", roles: ["embedder"], options: noOptions, description: "Cosine g_j of each policy turn to the preceding window (one embedding request per session)." },
  async measure(rows: readonly TranscriptRow[], { models, prepared }) {
    return Promise.all(
      rows.map(async (_row, k) => {
        const { settings, turns, policyIndexes, replies } = prepared[k] as SessionPlan;
        if (policyIndexes.length === 0) return { value: 0, details: { g: [] } };
        const windows = policyIndexes.map((i) => groundingWindow(turns, i, settings.window));
        const byRelevance = settings.credit === "relevance";
        const previous = policyIndexes.map((i) => previousTurn(turns, i));
        const unique = [...new Set([...replies, ...windows, ...(byRelevance ? previous : [])])];
        const vectors = await models.embedder.embed(unique);
        const byText = new Map(unique.map((text, i) => [text, vectors[i]]));
        // An empty reply, or one with nothing before it, is not grounded in anything.
        const g = policyIndexes.map((_, j) => (windows[j] === "" || replies[j].trim() === "" ? 0 : cosine(byText.get(replies[j])!, byText.get(windows[j])!)));
        const relevance = byRelevance ? replies.map((reply, j) => turnRelevanceOf(reply, previous[j], byText)) : undefined;
        return { value: g.filter((x) => passesFloor(x, settings.floor)).length / g.length, details: { g, ...(relevance ? { relevance } : {}) } };
      }),
    );
  },
});

export const repetitionTerm = defineTerm({
  meta: { name: "repetition", kind: "factor", version: "humor-repetition-1", roles: [], options: noOptions, description: "Self-repetition s_j of each policy turn (lexical)." },
  measure(rows: readonly TranscriptRow[], { prepared }) {
    return rows.map((_row, k) => {
      const { settings, policySpeaker, turns, policyIndexes, replies } = prepared[k] as SessionPlan;
      const partnerRecent = policyIndexes.map((i) => partnerWindow(turns, i, settings.window, policySpeaker));
      const s = repetitionScores(replies, partnerRecent, settings.repetition);
      return { value: s.length ? Math.max(...s) : 0, details: { s } };
    });
  },
});

export const tasteTerm = defineTerm({
  meta: { name: "taste", kind: "additive", version: "humor-taste-1", roles: ["audience"], options: noOptions, description: "Audience laughter mass L_j after each policy turn (one batch of audience requests per session)." },
  async measure(rows: readonly TranscriptRow[], { models, prepared }) {
    return Promise.all(
      rows.map(async (_row, k) => {
        const { settings, policySpeaker, turns, policyIndexes } = prepared[k] as SessionPlan;
        if (policyIndexes.length === 0) return { value: 0, details: { laughter: [] } };
        const normalization = { ...settings.normalization, policySpeaker };
        const contexts = policyIndexes.map((i) => audienceContext(turns, i, normalization));
        const laughter = await laughterMass(models.audience, contexts, settings.taste);
        return { value: mean(laughter.map((l) => tasteUnits(l.L, settings.taste.L_lo, settings.taste.L_hi))), details: { laughter } };
      }),
    );
  },
});

export const screensTerm = defineTerm({
  meta: { name: "screens", kind: "screen", version: "humor-screens-1", roles: [], options: noOptions, description: "CJK and asterisk-action screens of each policy turn; B = 1 when no turn fails." },
  measure(rows: readonly TranscriptRow[], { prepared }) {
    return rows.map((_, k) => {
      const { settings, written } = prepared[k] as SessionPlan;
      const screens = written.map((text) => screenTurn(text, settings.screens));
      return { value: screens.every((s) => !s.fail) ? 1 : 0, details: { screens } };
    });
  },
});
