// findPhraseUse's hardened rule (a phrase counts only in a sentence at most `maxSentenceShare` bonus
// phrases) now reads each sentence around its phrases instead of counting every word of the reply
// (issue 20). The oracle is the per-word count it replaced; texts are fuzzed from phrase words, other
// words and sentence marks so that sentences of every share occur.
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/random.js";
import type { PhraseEntry } from "../../src/mining/dictionary.js";
import { compilePhrases, findPhraseUse, type CompiledPhrases } from "../../src/terms/prose/phrases.js";
import { Lexicon } from "../../src/text/lexicon.js";
import { scanText, T_COMMA_AFTER, T_DASH_AFTER, T_END_AFTER, T_QUOTE_AFTER, T_SEMI_AFTER, type Scan } from "../../src/text/scan.js";

const entries: PhraseEntry[] = ["at least", "one of", "as soon as", "a little", "such a", "to do", "as soon"].map((phrase) => ({ phrase, humanPer1k: 1, modelPer1k: 0.2, ratio: 5, humanSources: 3 }));
const lexicon = new Lexicon();
const compiled = compilePhrases(entries, lexicon);

const BREAK_AFTER = T_COMMA_AFTER | T_DASH_AFTER | T_SEMI_AFTER | T_END_AFTER | T_QUOTE_AFTER;

/** findPhraseUse as it stood before issue 20. */
function oracle(scan: Scan, c: CompiledPhrases, maxSentenceShare: number): { ids: number[]; stuffed: number } {
  const { n, surface, flags, sentence } = scan;
  const found: number[] = [];
  const spans: { id: number; at: number; len: number }[] = [];
  for (let i = 0; i + 1 < n; i++) {
    const w = surface[i];
    if (w >= c.firstWords.length || c.firstWords[w] === 0 || flags[i] & BREAK_AFTER || sentence[i + 1] !== sentence[i]) continue;
    for (const p of c.starts.get(w, surface[i + 1]) ?? []) {
      if (p.third >= 0 && !(i + 2 < n && surface[i + 2] === p.third && (flags[i + 1] & BREAK_AFTER) === 0 && sentence[i + 2] === sentence[i])) continue;
      spans.push({ id: p.id, at: i, len: p.third >= 0 ? 3 : 2 });
    }
  }
  if (spans.length === 0) return { ids: found, stuffed: 0 };
  const covered = new Uint8Array(n);
  for (const sp of spans) covered.fill(1, sp.at, sp.at + sp.len);
  const sentences = sentence[n - 1] + 1;
  const words = new Int32Array(sentences);
  const phraseWords = new Int32Array(sentences);
  for (let i = 0; i < n; i++) {
    words[sentence[i]]++;
    if (covered[i]) phraseWords[sentence[i]]++;
  }
  const stuffedIds = new Map<number, Set<number>>();
  for (const sp of spans) {
    const k = sentence[sp.at];
    if (phraseWords[k] <= maxSentenceShare * words[k]) {
      if (!found.includes(sp.id)) found.push(sp.id);
    } else (stuffedIds.get(k) ?? stuffedIds.set(k, new Set()).get(k)!).add(sp.id);
  }
  let stuffed = 0;
  for (const ids of stuffedIds.values()) stuffed = Math.max(stuffed, ids.size);
  return { ids: found, stuffed };
}

const PIECES = ["at", "least", "one", "of", "as", "soon", "a", "little", "such", "to", "do", "the", "rain", "fell", "she", "ran", ",", ".", "!", " "];

describe("phrase use per sentence", () => {
  it("gives the per-word count's phrases and stuffed sentences on fuzzed texts", () => {
    const g = createRng(20);
    let stuffedSeen = 0;
    let paidSeen = 0;
    for (let k = 0; k < 600; k++) {
      const text = Array.from({ length: 4 + Math.floor(g.next() * 40) }, () => PIECES[Math.floor(g.next() * PIECES.length)]).join(" ");
      const scan = scanText(text, lexicon);
      for (const share of [0.3, 0.5, 1]) {
        const got = findPhraseUse(scan, compiled, share);
        expect(got, text).toEqual(oracle(scan, compiled, share));
        if (got.stuffed > 0) stuffedSeen++;
        if (got.ids.length > 0) paidSeen++;
      }
    }
    expect(stuffedSeen).toBeGreaterThan(50);
    expect(paidSeen).toBeGreaterThan(100);
  });
});
