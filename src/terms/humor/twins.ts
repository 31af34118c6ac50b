// Twins of real conversations for validating the humor reward (issue #22): one speaker is scored as the
// policy, and each twin changes only that speaker's replies. A reward that "discourages off-topic and
// repetitive behavior" (seed 000) must score the real conversation above each twin:
// - swapped: every policy reply replaced by a policy reply drawn from another conversation (off-topic);
// - shuffled: the policy's own replies in another order (on the topic, but not answering the turn before);
// - repeated: the policy's first reply said again at every policy turn.
// Pure and seeded: the same conversations and seed give the same twins.
import type { TranscriptRow } from "../../core/types.js";
import { createRng } from "../../core/random.js";
import type { Conversation } from "./dialogues.js";

export const TWIN_KINDS = ["swapped", "shuffled", "repeated"] as const;
/** Twins of issue 36: generic non-answers and same-length swaps. */
export const NON_ANSWER_TWIN_KINDS = ["generic", "same-length"] as const;
export type TwinKind = (typeof TWIN_KINDS)[number];

/** A conversation as a transcript row: `policySpeaker` becomes "policy", everyone else "partner". */
export function asTranscript(c: Conversation, policySpeaker: string, seed = 0): TranscriptRow {
  return { id: c.id, seed, turns: c.turns.map((t) => ({ speaker: t.speaker === policySpeaker ? "policy" : "partner", text: t.text })) };
}

const policyIndexes = (row: TranscriptRow) => row.turns.flatMap((t, i) => (t.speaker === "policy" ? [i] : []));

function withReplies(row: TranscriptRow, replies: readonly string[], kind: string): TranscriptRow {
  const slots = policyIndexes(row);
  const turns = row.turns.map((t) => ({ ...t }));
  slots.forEach((index, k) => (turns[index].text = replies[k]));
  return { ...row, id: `${row.id}:${kind}`, turns };
}

/** Every policy reply of row `i` replaced by a random policy reply from one of the other rows. */
export function swappedTwin(rows: readonly TranscriptRow[], i: number, seed: number | string): TranscriptRow {
  if (rows.length < 2) throw new RangeError("swapping replies needs at least two conversations");
  const rng = createRng(`twins/swapped/${seed}/${rows[i].id}`);
  const donors = rows.flatMap((r, k) => (k === i ? [] : [policyIndexes(r).map((j) => r.turns[j].text)])).filter((d) => d.length > 0);
  const replies = policyIndexes(rows[i]).map(() => {
    const donor = donors[rng.int(donors.length)];
    return donor[rng.int(donor.length)];
  });
  return withReplies(rows[i], replies, "swapped");
}

/** The policy's replies permuted so that no reply stays in its place (null with fewer than 2 replies). */
export function shuffledTwin(row: TranscriptRow, seed: number | string): TranscriptRow | null {
  const slots = policyIndexes(row);
  if (slots.length < 2) return null;
  const replies = slots.map((j) => row.turns[j].text);
  const rng = createRng(`twins/shuffled/${seed}/${row.id}`);
  // Sattolo's algorithm: a uniformly random cyclic permutation, so every reply moves.
  const order = slots.map((_, k) => k);
  for (let k = order.length - 1; k > 0; k--) {
    const j = rng.int(k);
    [order[k], order[j]] = [order[j], order[k]];
  }
  return withReplies(
    row,
    order.map((k) => replies[k]),
    "shuffled",
  );
}

/** The policy's first reply at every policy turn (null with fewer than 2 replies). */
export function repeatedTwin(row: TranscriptRow): TranscriptRow | null {
  const slots = policyIndexes(row);
  if (slots.length < 2) return null;
  return withReplies(
    row,
    slots.map(() => row.turns[slots[0]].text),
    "repeated",
  );
}

/**
 * Generic non-answers (issue 36): office filler that fits any conversation and answers none. Written for
 * this project; a twin rotates through them, starting at a seeded line.
 */
export const GENERIC_NON_ANSWERS = [
  "Let's get that sorted out for the team.",
  "I'll look into it and get back to you.",
  "Good point, let's keep that in mind going forward.",
  "Sounds good, let's circle back on that later.",
  "Thanks for flagging that, I'll take care of it.",
  "Let's make sure everyone is on the same page.",
] as const;

/** Every policy reply replaced by the next generic non-answer (null without policy replies). */
export function genericTwin(row: TranscriptRow, seed: number | string, lines: readonly string[] = GENERIC_NON_ANSWERS): TranscriptRow | null {
  const slots = policyIndexes(row);
  if (slots.length === 0) return null;
  const start = createRng(`twins/generic/${seed}/${row.id}`).int(lines.length);
  return withReplies(
    row,
    slots.map((_, k) => lines[(start + k) % lines.length]),
    "generic",
  );
}

/**
 * Every policy reply replaced by a policy reply of another conversation of (nearly) the same length: one
 * of the 5 closest in characters, drawn seeded, so length cannot tell the twin from the real reply.
 */
export function sameLengthSwappedTwin(rows: readonly TranscriptRow[], i: number, seed: number | string): TranscriptRow {
  if (rows.length < 2) throw new RangeError("swapping replies needs at least two conversations");
  const rng = createRng(`twins/same-length/${seed}/${rows[i].id}`);
  const pool = rows.flatMap((r, k) => (k === i ? [] : policyIndexes(r).map((j) => r.turns[j].text)));
  const replies = policyIndexes(rows[i]).map((j) => {
    const length = rows[i].turns[j].text.length;
    const nearest = [...pool].sort((a, b) => Math.abs(a.length - length) - Math.abs(b.length - length) || (a < b ? -1 : a > b ? 1 : 0)).slice(0, 5);
    return nearest[rng.int(nearest.length)];
  });
  return withReplies(rows[i], replies, "same-length");
}
