// Issue 36 (struct37): a reply reduced to its dialogue, or to mostly dialogue, dropped the narration the
// task asks for and its slop with it: "dialogue only (narration removed)" paid +0.098 [0.029, 0.168]
// (battery 4). Speech holds about 0.6 of narration's slop per word in human fiction and model replies
// alike (bench/studies/prose-speech.ts), so the hardened default reads slop density against the reply's
// own mix of speech and narration (reading.speech). Every share of narration kept, none to all, must not
// pay; with the reading off, dialogue only pays (the test fails without the fix). Real replies: slop-score
// creative lines ≡ 3 mod 10.
import { describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { proseOptions } from "../../src/stacks/prose.js";
import { getStack } from "../../src/stacks/registry.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { speechShare } from "../../src/terms/prose/stack/narration.js";
import { Lexicon } from "../../src/text/lexicon.js";
import { createBuffers, scanText } from "../../src/text/scan.js";
import { tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";

const QUOTED = /“[^“”]+”|"[^"\n]+"/g;
const paragraphsOf = (text: string) => text.split(/\n\s*\n/).filter((p) => p.trim() !== "");
const sentencesOf = (p: string) => p.split(/(?<=[.!?…]["”’)]?)\s+(?=["“‘(]?\p{Lu})/u).filter((s) => s !== "");

/** The reply with its speech kept and, of each paragraph's sentences that hold no speech, `kept` quarters. */
function narrationKept(text: string, kept: number): string {
  if (kept === 0) return (text.match(QUOTED) ?? []).join("\n\n");
  return paragraphsOf(text)
    .map((p) =>
      sentencesOf(p)
        .filter((s, i) => /["“”]/.test(s) || i % 4 < kept)
        .join(" "),
    )
    .filter((p) => p.trim() !== "")
    .join("\n\n");
}

describe("speech share", () => {
  const lexicon = new Lexicon();
  const share = (text: string) => speechShare(scanText(text, lexicon, createBuffers()));
  it("is the share of words inside quotation marks", () => {
    expect(share("“Come here,” she said. He came.")).toBeCloseTo(2 / 6, 5);
    expect(share("“Come here.”\n\n“No.”")).toBe(1);
    expect(share("He came home.")).toBe(0);
    expect(share("")).toBe(0);
  });
});

describe.skipIf(!hasSharedData)(`narration removed from real replies (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  // Replies with at least 80 words of speech: shorter dialogue alone is gated as abnormally short, which
  // says nothing of what the reading pays for.
  const rows = tuningReplies(400)
    .filter((r) => ((r.output as string).match(QUOTED) ?? []).join(" ").split(/\s+/).length >= 80)
    .slice(0, 60);
  const scorer = (reading: object) => getStack("prose").create(proseOptions.parse({ reading }), {});
  const gainOf = async (reading: object, kept: number) => {
    const s = await scorer(reading);
    const edited: BankRow[] = rows.map((r) => ({ ...r, output: narrationKept(r.output as string, kept) }));
    const [before, after] = [await s.scoreRows(rows), await s.scoreRows(edited)];
    return meanCi(after.map((a, i) => (a.value as number) - (before[i].value as number)));
  };
  const hardened = PROSE_PRESETS.hardened.settings.reading;

  it.each([0, 1, 2, 3])(
    "keeping %i quarters of the narration does not pay (95% CI lower bound ≤ 0.005)",
    async (kept) => {
      const gain = await gainOf(hardened, kept);
      expect(rows.length).toBeGreaterThanOrEqual(40);
      expect(gain.ci[0], `n ${rows.length}, gain ${gain.mean.toFixed(3)} [${gain.ci[0].toFixed(3)}, ${gain.ci[1].toFixed(3)}]`).toBeLessThanOrEqual(0.005);
    },
    300_000,
  );

  it("dialogue only pays when density is read without the mix (what the reading closes)", async () => {
    const gain = await gainOf({ ...hardened, speech: undefined }, 0);
    expect(gain.ci[0], `n ${rows.length}, gain ${gain.mean.toFixed(3)}`).toBeGreaterThan(0.005);
  }, 300_000);
});
