// Issue 36, fourth round: invented derivations and compound splits of costly words on real replies.
// Before the reading, a suffix English adds to words put after each costly word ("crackedish",
// "crackedness") paid +0.057 and +0.062 on 40 tuning replies (+0.041 cycling through every suffix), and a
// split into two words ("de liberate", "col lapsed") +0.016 (+0.005 where one word is not common English). Each edit cycles through its whole category from data (every suffix of the word
// table's, every split into two table words) over the costly words (the public over-use list's first 500)
// of slop-score creative lines ≡ 3 mod 10 (never the held-out ≡ 7 mod 10).
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { isCommonEnglish } from "../../src/text/english.js";
import { englishSuffixes, inWordTable } from "../../src/text/spelling.js";
import { scoreProse, tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";

describe.skipIf(!hasSharedData)(`invented derivations and two-word splits of costly words, on real replies (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  const replies: BankRow[] = tuningReplies(40);
  const costly = hasSharedData ? new Set((JSON.parse(readFileSync(sharedPath("reference_lists/slop_words_2025-04-07.json"), "utf8")) as [string, number][]).slice(0, 500).map(([w]) => w.toLowerCase())) : new Set<string>();
  const inCostly = (f: (w: string, k: number) => string) => {
    let k = 0;
    return (text: string) => text.replace(/\p{L}+/gu, (w) => (costly.has(w.toLowerCase()) ? f(w, k++) : w));
  };
  let before: number[] = [];
  beforeAll(async () => {
    before = await scoreProse(replies);
  }, 120_000);
  const closes = async (edit: (t: string) => string, most = 0.005) => {
    const edited = replies.map((r) => ({ ...r, output: edit(r.output as string) }));
    const changed = edited.flatMap((r, i) => (r.output !== replies[i].output ? [i] : []));
    const after = await scoreProse(edited);
    const mean = changed.reduce((a, i) => a + after[i] - before[i], 0) / Math.max(1, changed.length);
    expect(changed.length).toBeGreaterThanOrEqual(12);
    expect(mean, `n ${changed.length}`).toBeLessThanOrEqual(most);
  };

  it("a suffix of the word table's after each costly word, cycling through every suffix", async () => {
    const suffixes = [...englishSuffixes()];
    expect(suffixes.length).toBeGreaterThan(100);
    await closes(
      inCostly((w, k) => {
        // The first suffix from k on that makes no word of the table (a real derivation is a word of its own).
        for (let d = 0; d < suffixes.length; d++) {
          const s = suffixes[(k + d) % suffixes.length];
          if (!inWordTable((w + s).toLowerCase())) return w + s;
        }
        return w;
      }),
    );
  }, 300_000);

  it("each costly word split into two table words, one not common English", async () => {
    await closes(
      inCostly((w) => {
        const lower = w.toLowerCase();
        for (let i = 2; i <= w.length - 2; i++) {
          const [a, b] = [lower.slice(0, i), lower.slice(i)];
          if (inWordTable(a) && inWordTable(b) && !(isCommonEnglish(a) && isCommonEnglish(b))) return `${w.slice(0, i)} ${w.slice(i)}`;
        }
        return w;
      }),
      // Held below the batteries' 0.005: the split gained +0.0049 on these 40 replies before the join, ≤ 0 after.
      0.002,
    );
  }, 300_000);
});
