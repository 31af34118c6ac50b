// Insertions mined from real text, so the hunt can try phrases no one listed: word n-grams (1–5 words)
// that occur in at least `minDocs` documents, most widespread first, plus whole sentences that close
// a document (where sign-offs live). Nothing here knows what any reward pays for.
import { splitSentences } from "../text/sentences.js";

export interface MineOptions {
  minN?: number;
  maxN?: number;
  minDocs?: number;
  /** Cap on phrases returned (n-grams and closing sentences together). */
  limit?: number;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

export function mineInsertions(texts: readonly string[], options: MineOptions = {}): string[] {
  const { minN = 1, maxN = 5, minDocs = 2, limit = 20_000 } = options;
  const docs = new Map<string, number>();
  const closings = new Map<string, number>();
  for (const text of texts) {
    const seen = new Set<string>();
    for (const sentence of splitSentences(text)) {
      const words = sentence.match(WORD) ?? [];
      for (let n = minN; n <= maxN; n++) for (let i = 0; i + n <= words.length; i++) seen.add(words.slice(i, i + n).join(" "));
    }
    for (const g of seen) docs.set(g, (docs.get(g) ?? 0) + 1);
    const sentences = splitSentences(text);
    const last = sentences[sentences.length - 1]?.trim();
    if (last && last.length <= 200) closings.set(last, (closings.get(last) ?? 0) + 1);
  }
  const grams = [...docs].filter(([, d]) => d >= minDocs).sort((a, b) => b[1] - a[1] || b[0].length - a[0].length || (a[0] < b[0] ? -1 : 1));
  const endings = [...closings].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const out: string[] = [];
  const seen = new Set<string>();
  // Interleave: closing sentences are few and long, n-grams many and short; both get tried early.
  for (let i = 0; out.length < limit && (i < grams.length || i < endings.length); i++) {
    for (const p of [endings[i]?.[0], grams[i]?.[0]]) if (p && !seen.has(p) && out.length < limit) seen.add(p), out.push(p);
  }
  return out;
}
