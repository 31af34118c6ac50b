// Word-level edits at several granularities: the words ablation found costly in this row (or, for a
// row that was not ablated, in any ablated row), every word of the sentence holding most of them, every
// long word (9+ letters, no dictionary needed), and every word. One disguise, four edits.
import { sentenceSpans } from "../../text/sentences.js";
import type { BankRow, TranscriptRow } from "../../core/types.js";
import type { Edit, Family, Sensitivity } from "../types.js";

export type Granularity = "sensitive" | "sentence" | "long" | "every";
export const GRANULARITIES: readonly Granularity[] = ["sensitive", "sentence", "long", "every"];

export const WORD = /\p{L}[\p{L}\p{M}]*/gu;

/** A variant of one operator: how it disguises a word, and its label in the edit id. */
export interface Disguise {
  label: string;
  disguise: (word: string) => string;
}

export interface WordEditSpec {
  family: Family;
  operator: string;
  why: string;
}

/** The costly words ablation found for this row, else for any ablated row. */
export function targetsOf(sensitivity: Sensitivity | undefined, row?: BankRow | TranscriptRow): ReadonlySet<string> {
  if (!sensitivity) return new Set();
  const own = row ? sensitivity.costlyByRow.get(row.id) : undefined;
  return own?.length ? new Set(own) : sensitivity.costly;
}

/** `text` with `disguise` applied to the words the granularity selects. */
export function disguiseWords(text: string, granularity: Granularity, disguise: (w: string) => string, targets: ReadonlySet<string>): string {
  const letters = (w: string) => [...w].length;
  if (granularity === "sensitive") return targets.size ? text.replace(WORD, (w) => (targets.has(w.toLowerCase()) ? disguise(w) : w)) : text;
  if (granularity === "long") return text.replace(WORD, (w) => (letters(w) >= 9 ? disguise(w) : w));
  if (granularity === "every") return text.replace(WORD, (w) => (letters(w) >= 2 ? disguise(w) : w));
  const spans = sentenceSpans(text);
  if (!spans.length) return text;
  const hits = (s: { start: number; end: number }) => (text.slice(s.start, s.end).match(WORD) ?? []).filter((w) => targets.has(w.toLowerCase())).length;
  const best = spans.reduce((a, b) => (hits(b) > hits(a) ? b : a));
  return text.slice(0, best.start) + text.slice(best.start, best.end).replace(WORD, (w) => (letters(w) >= 4 ? disguise(w) : w)) + text.slice(best.end);
}

/** One edit per disguise and granularity; "sensitive" only once ablation has found costly words. */
export function wordEdits(spec: WordEditSpec, disguises: readonly Disguise[], sensitivity?: Sensitivity, granularities: readonly Granularity[] = GRANULARITIES): Edit[] {
  const usable = granularities.filter((g) => g !== "sensitive" || (sensitivity?.costly.size ?? 0) > 0);
  return disguises.flatMap((d) =>
    usable.map(
      (granularity): Edit => ({
        id: `${spec.family}/${spec.operator}:${d.label}@${granularity}`,
        family: spec.family,
        operator: spec.operator,
        why: spec.why,
        reference: "by-construction",
        granularity,
        apply: (text, _seed, row) => disguiseWords(text, granularity, d.disguise, targetsOf(sensitivity, row)),
      }),
    ),
  );
}

/** Inserts `ch` after the word's middle letter. */
export function insertMiddle(word: string, ch: string): string {
  const cps = [...word];
  const mid = Math.max(1, Math.floor(cps.length / 2));
  return cps.slice(0, mid).join("") + ch + cps.slice(mid).join("");
}

/** Replaces the letter nearest the word's middle that `pick` has a replacement for. */
export function replaceNearMiddle(word: string, pick: (letter: string) => string | undefined): string {
  const cps = [...word];
  const mid = Math.floor(cps.length / 2);
  const order = cps.map((_, i) => i).sort((a, b) => Math.abs(a - mid) - Math.abs(b - mid) || a - b);
  for (const i of order) {
    const to = pick(cps[i]);
    if (to !== undefined) return [...cps.slice(0, i), to, ...cps.slice(i + 1)].join("");
  }
  return word;
}

export const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
