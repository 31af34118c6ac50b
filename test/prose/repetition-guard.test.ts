// The opt-in self-repetition guard: the repeated 6-gram share by hand, the factor's ramp, and on the
// prose stack that saying a reply twice stops paying while ordinary paragraphs lose nothing.
import { describe, expect, it } from "vitest";
import { runStackTransformAudit } from "../../src/audit/stack-transforms.js";
import type { BankRow } from "../../src/core/types.js";
import { proseOptions } from "../../src/stacks/prose.js";
import { getStack } from "../../src/stacks/registry.js";
import { Lexicon } from "../../src/text/lexicon.js";
import { REPEAT_NGRAM, repeatedShare, repetitionFactor, SHARED_WINDOWS, WindowScratch } from "../../src/terms/prose/repetition-guard.js";
import { scanText } from "../../src/text/scan.js";
import { PARAGRAPHS } from "./paragraphs.js";

const lexicon = new Lexicon();
const windows = new WindowScratch();
const share = (text: string) => repeatedShare(scanText(text, lexicon), REPEAT_NGRAM, windows);
const rows: BankRow[] = PARAGRAPHS.map((output, i) => ({ id: `p${i}`, output }));

describe("self-repetition guard", () => {
  it("counts the 6-grams that repeat an earlier one", () => {
    // 14 words, 9 windows; the last two ("a … f", "b … g") repeat the first two.
    expect(share("a b c d e f g a b c d e f g")).toBeCloseTo(2 / 9, 12);
    expect(share("The rain fell. The rain fell on the roof.")).toBe(0);
    expect(share("too short")).toBe(0);
    // Said twice: the N − 5 windows inside the second copy repeat; the 5 across the seam do not.
    const n = scanText(PARAGRAPHS[0], lexicon).n;
    expect(share(`${PARAGRAPHS[0]} ${PARAGRAPHS[0]}`)).toBeCloseTo((n - 5) / (2 * n - 5), 12);
  });

  it("keeps a bounded table between replies: a reply longer than the bound counts in its own (issue 20)", () => {
    // 40,000 distinct words said twice: 79,995 windows, of which the 39,995 inside the second copy repeat.
    const distinct = Array.from({ length: 40_000 }, (_, k) => `w${k.toString(36)}`).join(" ");
    expect(share(`${distinct} ${distinct}`)).toBeCloseTo(39_995 / 79_995, 12);
    // Before the bound the table grew to 2^18 slots for that reply and kept them for every later one.
    expect(windows.slots()).toBeLessThanOrEqual(2 * SHARED_WINDOWS);
    expect(share("a b c d e f g a b c d e f g")).toBeCloseTo(2 / 9, 12);
    expect(windows.slots()).toBeLessThanOrEqual(2 * SHARED_WINDOWS);
  });

  it("is free to 5% and reaches 0 at 50%", () => {
    const o = { free: 0.05, full: 0.5 };
    expect([repetitionFactor(0, o), repetitionFactor(0.05, o), repetitionFactor(0.5, o), repetitionFactor(0.9, o)]).toEqual([1, 1, 0, 0]);
    expect(repetitionFactor(0.275, o)).toBeCloseTo(0.5, 12);
  });

  it("stops the prose reward paying for a reply said twice, and leaves ordinary prose alone", async () => {
    const stack = getStack("prose");
    const plain = await stack.create(proseOptions.parse({ repetition: { enabled: false } }), {});
    const guarded = await stack.create(proseOptions.parse({}), {});
    const change = async (scorer: typeof plain) => (await runStackTransformAudit(scorer, rows, ["repetition"])).results.find((r) => r.quantity === "reward")!.change!;
    const [before, after] = [await change(plain), await change(guarded)];
    console.info(`repetition, reward change: lexical ${before.mean.toFixed(3)}, guarded ${after.mean.toFixed(3)}`);
    expect(after.ci95[1]).toBeLessThan(0);
    expect(after.mean).toBeLessThan(before.mean - 0.3);
    const [a, b] = [await plain.scoreRows(rows), await guarded.scoreRows(rows)];
    b.forEach((s, i) => {
      expect(s.terms.self_repetition.value).toBe(1);
      expect(s.value).toBe(a[i].value);
    });
    expect(a[0].terms.self_repetition).toEqual({ value: 1, details: { enabled: false } });
  });

  it("names a bad ramp", () => {
    const bad = proseOptions.safeParse({ repetition: { enabled: true, free: 0.5, full: 0.2 } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(["repetition", "full"]);
  });
});
