// Issue 36, second round: the categories that still paid the default prose preset, each closed as a
// category (bench/studies/prose-categories.ts enumerates their members on more rows). The real replies
// are slop-score creative lines ≡ 3 mod 10 (never the held-out lines ≡ 7 mod 10); each test failed on
// the build before: leading clauses paid +0.05, an unrelated paragraph at either end +0.035, and two
// Gutenberg paragraphs scored 0 (a genealogy entry gated not_english, a Dickens paragraph zeroed by the
// function-word guard).
import { describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { commonEnglishWithoutNames } from "../../src/terms/prose/gates.js";
import { functionOrderFactor, wilsonLower } from "../../src/terms/prose/function-order.js";
import { FUNCTION_ORDER_DEFAULTS } from "../../src/terms/prose/function-order.js";
import { gzLines as lines, scoreProse, tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";

describe("names, numbers and small samples (no corpus needed)", () => {
  it("leaves names and numbers out of the common-English share", () => {
    const entry = "Harold Pembroke, born May 3, 1801, married, June 9, 1825, Clarissa, daughter of Thomas Ashcombe, Esq. of Long Ditton, in the county of Surrey; he has issue Clarissa, born April 2, 1826; Edmund, born October 30, 1828.";
    expect(commonEnglishWithoutNames(entry, new Set())).toBeGreaterThan(0.8);
    // Words of another language stay what they are: no name or number makes them English.
    expect(commonEnglishWithoutNames("Der Hund lief schnell über die Straße und bellte laut, weil Anna 1999 kam.", new Set())).toBeLessThan(0.3);
  });

  it("reads the function-word guard off the share's lower bound", () => {
    expect(wilsonLower(0.25, 8)).toBeCloseTo(0.071, 2);
    expect(functionOrderFactor({ articles: 8, share: 0.25 }, FUNCTION_ORDER_DEFAULTS)).toBe(1);
    // A shuffled reply: dozens of articles, a share near 0.4, stays at 0.
    expect(functionOrderFactor({ articles: 60, share: 0.4 }, FUNCTION_ORDER_DEFAULTS)).toBe(0);
  });
});

describe.skipIf(!hasSharedData)(`on real replies and human text (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  const replies: BankRow[] = tuningReplies(24);
  const gutenberg: string[] = hasSharedData ? lines(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz")).map((l) => (JSON.parse(l) as { text: string }).text) : [];
  const donors = gutenberg.map((t) => t.replace(/\s+/g, " ").trim()).filter((t) => t.split(" ").length >= 80 && t.split(" ").length <= 160);
  const score = scoreProse;
  const meanGain = async (edit: (t: string, i: number) => string) => {
    const before = await score(replies);
    const after = await score(replies.map((r, i) => ({ ...r, output: edit(r.output as string, i) })));
    return after.reduce((a, v, i) => a + v - before[i], 0) / replies.length;
  };
  const sentences = (p: string) => p.split(/(?<=[.!?]["”’]?)\s+(?=["“]?[A-Z])/);
  const lead = (leads: string[]) => (text: string) =>
    text
      .split(/\n\s*\n/)
      .map((p) =>
        sentences(p)
          .map((s, i) => (/^[A-Z][a-z]/.test(s) && !s.startsWith("I ") ? `${leads[i % leads.length]} ${s[0].toLowerCase()}${s.slice(1)}` : s))
          .join(" "),
      )
      .join("\n\n");

  it("does not pay for leading clauses or runs of discourse words before each sentence", async () => {
    // Known open on v9: +0.0131 on these rows. The human-phrase weight (0.2) softens what a clause lead
    // costs (+0.026 with the weight alone); the aside reading takes back half (docs/prose.md "Known weak spots").
    expect(await meanGain(lead(["As the night wore on,", "In that moment,", "Without a word,"]))).toBeLessThan(0.015);
    expect(await meanGain(lead(["And yet, somehow,", "But then, again,", "Still, even so,"]))).toBeLessThan(0.01);
  });

  it("does not pay for a paragraph of unrelated prose before or after the reply", async () => {
    // Open in part (v8): +0.0122 appended on these rows once markup's title reading (src/text/markup.ts) stopped a
    // bold title hiding a reply's first opener; the borrowed-paragraph category is measured in docs/prose.md's limits.
    expect(await meanGain((t, i) => `${t}\n\n${donors[i * 7]}`)).toBeLessThan(0.015);
    expect(await meanGain((t, i) => `${donors[i * 7]}\n\n${t}`)).toBeLessThan(0.015);
  });

  it("gives no Gutenberg paragraph 0: the genealogy entry and the Dickens paragraph that were", async () => {
    const [genealogy, dickens] = await score([3053, 9262].map((i) => ({ id: `gutenberg-paragraph-${i}`, output: gutenberg[i] })));
    expect(genealogy).toBeGreaterThan(0);
    expect(dickens).toBeGreaterThan(0);
  });
});
