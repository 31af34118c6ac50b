// Insertion at a position of a reply, keeping the reply's own spacing.
import { sentenceSpans } from "../text/sentences.js";
import type { Position } from "./types.js";

/** `insert` placed at `position` of `text`; "per-turn" behaves as "end" on one reply. */
export function insertAt(text: string, insert: string, position: Position): string {
  const body = text.trimEnd();
  const piece = insert.trim();
  if (position === "start") return `${piece} ${text.trimStart()}`;
  if (position === "end-paragraph") return `${body}\n\n${piece}`;
  if (position === "after-sentence") {
    const first = sentenceSpans(body)[0];
    if (first && first.end < body.length) return `${body.slice(0, first.end)} ${piece}${body.slice(first.end)}`;
  }
  return `${body} ${piece}`;
}

/** Characters added or changed: the length of the differing middle once the common prefix and suffix are removed. */
export function editCost(before: string, after: string): number {
  const a = [...before];
  const b = [...after];
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  return Math.max(a.length - p - s, b.length - p - s);
}
