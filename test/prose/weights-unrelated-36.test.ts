// Issue 36 (auc36): the prose default's factor weights and text unrelated to the reply at any position.
// The human-phrase bonus weighs a fifth in the hardened product (presets.ts HARDENED_WEIGHTS); the seed
// multiplies every factor as written. A paragraph of unrelated public-domain prose inserted into a real
// reply (slop-score creative lines ≡ 3 mod 10, never the held-out lines ≡ 7 mod 10) and read as unrelated
// raises the slop factor no more than cutting it out again would: on v8 such a paragraph paid +0.020 on
// the tuning slice and +0.018 on battery 2, since it took the cap's room from the reply's own unrelated
// blocks.
import { describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { proseOptions } from "../../src/stacks/prose.js";
import { getStack } from "../../src/stacks/registry.js";
import { HARDENED_WEIGHTS, PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { gzLines, tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";

const create = async (options: Record<string, unknown>) => getStack("prose").create(proseOptions.parse(options), {});
const FACTORS = ["thinking_length", "slop", "human_phrases", "openers", "echo", "self_repetition", "function_order", "word_order"];

describe("factor weights", () => {
  it("the hardened preset weighs the human-phrase bonus a fifth and nothing else; the seed weighs nothing", () => {
    expect(HARDENED_WEIGHTS).toEqual({ human_phrases: 0.2 });
    expect(PROSE_PRESETS.hardened.settings.weights).toBe(HARDENED_WEIGHTS);
    expect(PROSE_PRESETS.seed.settings.weights).toBeUndefined();
    expect(PROSE_PRESETS.hardened.version).toBe("9");
    expect((proseOptions.parse({ preset: "seed" }) as { weights?: unknown }).weights).toBeUndefined();
  });

  it("rejects a weight for an unknown factor or out of range, naming it", () => {
    expect(() => proseOptions.parse({ weights: { slop: 1, tapestry: 1 } })).toThrow(/tapestry/);
    expect(() => proseOptions.parse({ weights: { echo: -1 } })).toThrow(/echo/);
  });

  const hand: BankRow[] = [
    {
      id: "plain",
      prompt: "Write the opening of a story about a lighthouse keeper.",
      output:
        "The lamp went out at four. Mara climbed the stairs with a candle, counting them the way her father had, and found the wick burned down to nothing. She swore, trimmed it, and lit it again. Out on the water a trawler was already turning for the rocks.",
    },
    {
      id: "phrases",
      prompt: "Write the opening of a story about a lighthouse keeper.",
      output:
        "To be honest, the lamp went out at four, and I suppose that was the least of it. Mara climbed the stairs with a candle all the same. By the way, the wick was gone. She swore, trimmed it, and lit it again, for what it was worth.",
    },
  ];

  it("the hardened reward is the product of its factors with the human-phrase bonus raised to 0.2", async () => {
    const scores = await (await create({})).scoreRows(hand);
    for (const s of scores) {
      const product = FACTORS.reduce((p, t) => p * (t === "human_phrases" ? (s.terms[t]?.value ?? 1) ** 0.2 : (s.terms[t]?.value ?? 1)), 1);
      expect(s.value).toBeCloseTo(product, 12);
    }
    // A reply without any human phrase (0.70) loses about 7% to the bonus, not 30%.
    const bonus = scores.map((s) => s.terms.human_phrases?.value as number);
    expect(Math.min(...bonus)).toBeLessThan(1);
  });

  it("the seed preset multiplies its factors unweighted, and an explicit weight of 1 changes nothing", async () => {
    const seed = await (await create({ preset: "seed" })).scoreRows(hand);
    for (const s of seed) expect(s.value).toBe(FACTORS.reduce((p, t) => p * (s.terms[t]?.value ?? 1), 1));
    const [a, b] = [await (await create({})).scoreRows(hand), await (await create({ weights: { human_phrases: 0.2, slop: 1 } })).scoreRows(hand)];
    expect(b.map((s) => s.value)).toEqual(a.map((s) => s.value));
  });
});

describe.skipIf(!hasSharedData)(`unrelated text at any position (${hasSharedData ? "real replies" : sharedDataSkipReason})`, () => {
  const words = (t: string) => t.split(/\s+/).length;
  const donors = hasSharedData
    ? gzLines(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz"))
        .map((l) => (JSON.parse(l) as { text: string }).text.replace(/\s+/g, " ").trim())
        .filter((t, i) => i % 3 === 0 && words(t) >= 80 && words(t) <= 160)
    : [];
  const paragraphs = (t: string) => t.split(/\n\s*\n/).filter((p) => p.trim() !== "");
  const at: Record<string, (ps: string[], d: string) => string[]> = {
    start: (ps, d) => [d, ...ps],
    middle: (ps, d) => [...ps.slice(0, Math.max(1, Math.floor(ps.length / 2))), d, ...ps.slice(Math.max(1, Math.floor(ps.length / 2)))],
    end: (ps, d) => [...ps, d],
  };

  it.each(Object.keys(at))("a public-domain paragraph put at the %s and read as unrelated does not raise the slop factor", async (where) => {
    const rows = tuningReplies(40).map((r) => ({ ...r, output: paragraphs(r.output as string).join("\n\n") }));
    const scorer = await create({});
    const before = await scorer.scoreRows(rows);
    const after = await scorer.scoreRows(rows.map((r, i) => ({ ...r, id: `${r.id}-${where}`, output: at[where](paragraphs(r.output as string), donors[i % donors.length]).join("\n\n") })));
    const read = after.flatMap((s, i) => ((s.terms.slop?.details as { unrelated_paragraphs?: number } | undefined)?.unrelated_paragraphs ? [i] : []));
    expect(read.length).toBeGreaterThan(30);
    const raised = read.filter((i) => (after[i].terms.slop?.value as number) > (before[i].terms.slop?.value as number) + 1e-9);
    const gain = read.reduce((a, i) => a + (after[i].value as number) - (before[i].value as number), 0) / read.length;
    // v8 with the weights: +0.009, +0.007 and +0.008 over these rows (start, middle, end); now about 0.
    expect(gain).toBeLessThan(0.004);
    // Cut out again, the borrowed paragraph leaves the reply as it was: the slop factor rises only where the
    // cap (a quarter of the reply's words) left it out of the blocks read as unrelated, or it merged with a
    // block of the reply's own.
    expect(raised.length, `raised in ${raised.length} of ${read.length}`).toBeLessThanOrEqual(Math.floor(read.length / 4));
  });
});
