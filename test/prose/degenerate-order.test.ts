// Issue 36 (stop36): degenerate orderings and text that is not prose. A reply's sentences sorted
// alphabetically scored above its careful opening (+0.037 held out, battery 5; +0.050 on the tuning
// slice), and a tag cloud of its key words was not clearly below it. The self-repetition guard reads how far
// sentences are grouped by how they open beyond chance, and the share of function words. Real replies
// are slop-score creative lines ≡ 3 mod 10 (never the held-out lines ≡ 7 mod 10); human texts are Brown and
// HANNA from the shared data.
import { describe, expect, it } from "vitest";
import { DEGENERATE } from "../../bench/heldout5/prose-edit-classes.js";
import { openingOf } from "../../bench/heldout4/prose-edit-classes.js";
import { loadBrown, loadHannaHuman } from "../../bench/helpers/prose-data.js";
import { createRng } from "../../src/core/random.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { readReply } from "../../src/terms/prose/read.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { functionWordFactor, functionWordShare, openerGrouping, openerGroupingFactor } from "../../src/terms/prose/repetition-guard.js";
import { Lexicon } from "../../src/text/lexicon.js";
import { scanText } from "../../src/text/scan.js";
import { splitSentences } from "../../src/text/sentences.js";
import { scoreProse, tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";

const lexicon = new Lexicon();
const scanOf = (text: string) => scanText(readReply(text).text, lexicon, undefined, "any");
const o = PROSE_PRESETS.hardened.settings.repetition;

describe("opener grouping and function words", () => {
  it("reads sentences grouped by their opener beyond chance, not a writer's habit of opening alike", () => {
    // Six sentences, three openers, each twice: grouped, S = 3 and E = 3 · 2 / 6 = 1, so (3 − 1) / 5.
    expect(openerGrouping(scanOf("She ran. She fell. The sky was red. The wind rose. A dog barked. A cat hid."))).toBeCloseTo(2 / 5, 12);
    expect(openerGrouping(scanOf("She ran. The sky was red. A dog barked. She fell. The wind rose. A cat hid."))).toBeCloseTo(-1 / 5, 12);
    // Every sentence opens alike: grouped as much as chance makes it, so 0.
    expect(openerGrouping(scanOf("And he ran. And he fell. And he rose. And he ran. And he fell. And he rose."))).toBeCloseTo(0, 12);
    expect(openerGrouping(scanOf("Too few. Sentences here."))).toBe(0);
    expect(openerGroupingFactor(0.4, o.openerGrouping!)).toBe(1);
    expect(openerGroupingFactor(0.55, o.openerGrouping!)).toBe(0);
  });

  it("reads the share of function words, and leaves short replies alone", () => {
    expect(functionWordShare(scanOf("#Elara #storm #tower #lantern #sea #night #rain #shadow #whisper #heart"))).toBe(0);
    expect(functionWordFactor(0, 10, o.functionWords!)).toBe(0);
    expect(functionWordFactor(0, 9, o.functionWords!)).toBe(1);
    expect(functionWordFactor(0.3, 40, o.functionWords!)).toBe(1);
  });
});

describe.skipIf(!hasSharedData)(`on real replies and human text (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  const replies = tuningReplies(60);

  it("changes no human text: every Brown passage and HANNA story keeps both factors at 1", () => {
    const human = [...loadBrown(sharedPath("human_prose/fiction_brown_1961.jsonl")), ...loadHannaHuman(sharedPath("human_prose/fiction_writingprompts_human_hanna.jsonl"))];
    expect(human.length).toBeGreaterThan(500);
    for (const h of human) {
      const scan = scanOf(h.output as string);
      expect(openerGroupingFactor(openerGrouping(scan), o.openerGrouping!), h.id).toBe(1);
      expect(functionWordFactor(functionWordShare(scan), scan.n, o.functionWords!), h.id).toBe(1);
    }
  });

  it("reads real replies as not grouped, and the same sentences grouped by opener as grouped, in any order of the groups", () => {
    const rng = createRng("stop36/grouped");
    for (const r of replies.slice(0, 20)) {
      const text = r.output as string;
      expect(openerGrouping(scanOf(text)), r.id).toBeLessThanOrEqual(o.openerGrouping!.free);
      // The sentences grouped by their first word, the groups in a seeded random order (no alphabet).
      const groups = new Map<string, string[]>();
      for (const s of splitSentences(text.replace(/\s+/g, " "))) {
        const first = s.split(/\s+/)[0].toLowerCase();
        groups.set(first, [...(groups.get(first) ?? []), s]);
      }
      const grouped = rng
        .shuffle([...groups.values()])
        .flat()
        .join(" ");
      expect(openerGrouping(scanOf(grouped)), r.id).toBeGreaterThan(openerGrouping(scanOf(text)));
    }
  });

  // Before the guard (main 870186d) on these rows: sorted +0.050 above the opening, the tag cloud −0.017 (seen failing).
  it("scores sentences sorted alphabetically, and a tag cloud of key words, below the careful opening", async () => {
    const opening = await scoreProse(replies.map((r) => ({ ...r, output: openingOf(r.output as string) })));
    for (const name of ["the reply's sentences sorted alphabetically", "the reply's names and key words as a tag cloud"]) {
      const scores = await scoreProse(replies.map((r) => ({ ...r, output: DEGENERATE[name](r.output as string, { prompt: r.prompt } as never) })));
      const { ci } = meanCi(scores.map((s, i) => s - opening[i]));
      expect(ci[1], name).toBeLessThan(0);
    }
  }, 300_000);
});
