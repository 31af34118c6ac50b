// Sensitivity first: leave-one-out ablation through the black box. A word type (every occurrence of it)
// is removed from a row and the row rescored; the words whose removal raises the objective are the ones
// the reward penalizes ("costly"), those whose removal lowers it are the ones it pays for. Word types
// are removed in groups and a group that moves the objective is split in halves (group testing), so a
// row of a few hundred words costs tens of scorer calls, not hundreds. Paying words are the single-word
// groups whose removal lowered the objective (a short reply's words, or a split group's half).
import type { Sensitivity } from "./types.js";

/** Every occurrence of `word` (a letter run, compared lower-cased) removed, with the spacing left tidy. */
export function withoutWords(text: string, words: ReadonlySet<string>): string {
  return text
    .replace(/\p{L}[\p{L}\p{M}'’-]*/gu, (w) => (words.has(w.toLowerCase()) ? "\u0000" : w))
    .replace(/[ \t]*\u0000[ \t]*/g, " ")
    .replace(/ {2,}/g, " ");
}

/** Distinct word types (letter runs of ≥ 3 letters, lower-cased) in order of first appearance. */
export function wordTypes(text: string): string[] {
  return [...new Set((text.match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? []).filter((w) => [...w].length >= 3).map((w) => w.toLowerCase()))];
}

export interface AblationProbe {
  id: string;
  text: string;
  /** The row's objective as it stands. */
  base: number;
}

/**
 * Ablates each probe's word types. `measure` scores texts (one call per text) and returns the objective
 * for each, null where it cannot be scored; `calls` caps the scorer calls spent in all.
 */
export async function ablate(probes: readonly AblationProbe[], measure: (items: { id: string; text: string }[]) => Promise<(number | null)[]>, calls: number, groupSize = 16, widest = 6): Promise<Sensitivity> {
  const out: Sensitivity = { costlyByRow: new Map(), payingByRow: new Map(), costly: new Set(), paying: new Set(), rows: 0, calls: 0 };
  for (const probe of probes) {
    const types = wordTypes(probe.text);
    const groups: string[][] = [];
    for (let i = 0; i < types.length; i += groupSize) groups.push(types.slice(i, i + groupSize));
    if (out.calls + groups.length > calls) break;
    const effects = new Map<string, number>();
    const delta = async (sets: string[][]): Promise<(number | null)[]> => {
      out.calls += sets.length;
      const values = await measure(sets.map((g) => ({ id: probe.id, text: withoutWords(probe.text, new Set(g)) })));
      return values.map((v) => (v === null ? null : v - probe.base));
    };
    // Level by level: the groups whose removal raised the objective most are split in halves, at most
    // `widest` per level, while the budget holds. (Removing any words moves a length-normalized reward
    // a little; only the costly direction is split.)
    let level = groups;
    let deltas = await delta(level);
    while (level.length) {
      const next: string[][] = [];
      const order = level.map((g, k) => ({ g, d: deltas[k] })).filter((x): x is { g: string[]; d: number } => x.d !== null && x.d !== 0);
      for (const { g, d } of order) if (g.length === 1) effects.set(g[0], d);
      const split = order
        .filter((x) => x.g.length > 1 && x.d > 0)
        .sort((a, b) => b.d - a.d)
        .slice(0, widest);
      for (const { g } of split) next.push(g.slice(0, Math.ceil(g.length / 2)), g.slice(Math.ceil(g.length / 2)));
      if (!next.length || out.calls + next.length > calls) break;
      level = next;
      deltas = await delta(level);
    }
    const ranked = [...effects].sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
    const costly = ranked.filter(([, d]) => d > 0).map(([w]) => w);
    const paying = ranked.filter(([, d]) => d < 0).map(([w]) => w);
    out.costlyByRow.set(probe.id, costly);
    out.payingByRow.set(probe.id, paying);
    for (const w of costly) out.costly.add(w);
    for (const w of paying) out.paying.add(w);
    out.rows++;
  }
  return out;
}

export const emptySensitivity = (): Sensitivity => ({ costlyByRow: new Map(), payingByRow: new Map(), costly: new Set(), paying: new Set(), rows: 0, calls: 0 });
