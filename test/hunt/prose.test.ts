// The prose stack on real model replies (slop-score creative outputs, ../shared/data). Under the
// seed-faithful preset the hunt finds the confusable, shuffle and padding classes, the invisible,
// misspelling and diacritic classes inside words, and at least one class no one listed; under the
// hardened default none of the whole-reply look-alike, markup-wrapping, word-shuffle or bonus-phrase
// classes pays.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { huntStack, type Family } from "../../src/hunt/index.js";
import { loadDictionary } from "../../src/mining/dictionary.js";
import { DEFAULT_DICTIONARY_PATH } from "../../src/stacks/prose.js";
import { openScorer } from "../../src/stacks/open.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";

describe.skipIf(!hasSharedData)("hunt against the prose stack" + (hasSharedData ? "" : ` (skipped: ${sharedDataSkipReason})`), () => {
  // The creative rows, less the held-out ones (0-based line index ≡ 7 mod 10), which nobody tunes on.
  const realRows = () => {
    const lines = gunzipSync(readFileSync(sharedPath("model_prose/slopscore_outputs.jsonl.gz")))
      .toString("utf8")
      .split("\n")
      .filter(Boolean);
    return lines
      .flatMap((l, line) => (line % 10 === 7 ? [] : [JSON.parse(l)]))
      .filter((r) => r.kind === "creative")
      .slice(0, 60)
      .map((r, i) => ({ id: `p${i}`, prompt: r.prompt, output: r.text }));
  };
  const hunt = async (overrides: Record<string, unknown>, families: Family[] = ["markup", "unicode", "padding", "rearrangement", "substitution"]) => {
    const rows = realRows();
    const dictionary = loadDictionary(DEFAULT_DICTIONARY_PATH);
    const opened = await openScorer({ stack: "prose", overrides });
    try {
      return await huntStack({
        scorer: opened.scorer as never,
        capabilities: opened.definition.capabilities,
        rows,
        budget: 1500,
        seed: 0,
        families,
        bonusPhrases: dictionary.humanPhrases.map((p) => p.phrase),
        penalizedWords: dictionary.excessWords.map((w) => w.word),
      });
    } finally {
      await opened.close();
    }
  };

  // On these rows (the held-out lines excluded) no code-fence shape raises the seed reward: every markup
  // candidate screened alone finds only html-tag, ooc-aside and aside (bench/studies/hunt-categories.ts 60 1500 seed markup).
  it("finds confusables, word shuffle, bonus-phrase padding and a class the issue did not name (seed preset)", async () => {
    const report = await hunt({ preset: "seed" });
    const classes = report.classes.map((c) => c.class);
    const listed = ["unicode/confusable", "rearrangement/word-shuffle", "padding/bonus-phrases"];
    for (const c of listed) expect(classes, c).toContain(c);
    expect(classes.filter((c) => !listed.includes(c)).length).toBeGreaterThan(0);
    expect(report.candidates.by_family.markup.screened).toBeGreaterThan(0);
    for (const f of report.findings) {
      expect(f.ci[0]).toBeGreaterThan(0);
      expect(f.no_better.verdict).toBe("no better");
    }
    expect(report.spent).toBeLessThanOrEqual(1500);
  }, 600_000);

  // Issue 35: the categories the seed preset leaves open, found by generated operators inside words.
  it("finds the invisible-character, misspelling and diacritic classes under the seed preset", async () => {
    const report = await hunt({ preset: "seed" }, ["unicode", "orthography"]);
    const classes = report.classes.map((c) => c.class);
    for (const c of ["unicode/invisible", "orthography/misspelling", "orthography/diacritic"]) expect(classes, c).toContain(c);
    for (const f of report.findings) expect(f.ci[0]).toBeGreaterThan(0);
    const invisible = report.findings.find((f) => f.class === "unicode/invisible")!;
    expect([...invisible.sample.after].some((c) => /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u.test(c))).toBe(true);
    expect(report.spent).toBeLessThanOrEqual(1500);
  }, 600_000);

  // The hardened reader reads a reply as a reader sees it (markup removed, its words in place), so no
  // wrapping pays; the function-word guard and the phrase rule close word salad and bonus padding.
  it("finds no look-alike, markup-wrapping, word-shuffle or bonus-phrase exploit under the hardened default", async () => {
    const report = await hunt({});
    const classes = report.classes.map((c) => c.class);
    expect(report.candidates.by_family.unicode.screened).toBeGreaterThan(0);
    expect(report.candidates.by_family.markup.screened).toBeGreaterThan(0);
    // Unicode inside words (invisibles, marks, look-alikes in costly words) is issue 36's to close with
    // the reader's view; the whole-reply look-alike and markup classes below stay closed.
    // A class is "family/operator", or "family/operator+operator" for a composed chain.
    const closed = new Set(["code-fence", "ooc-aside", "quoting", "html-comment", "word-shuffle", "bonus-phrases"]);
    expect(
      classes.filter((c) =>
        c
          .replace(/^[^/]+\//, "")
          .split("+")
          .some((op) => closed.has(op)),
      ),
    ).toEqual([]);
    for (const f of report.findings) expect(f.ci[0]).toBeGreaterThan(0);
  }, 600_000);
});
