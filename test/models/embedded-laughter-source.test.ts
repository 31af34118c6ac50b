import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readCorpus } from "../../src/models/embedded/corpus.js";
import { canonicalCue, deriveLaughterCues } from "../../src/models/embedded/laughter-source.js";

describe("the embedded audience's laughter source", () => {
  it("ships exactly the cues derived from Unicode's emoji annotations and WordNet", () => {
    const shipped = JSON.parse(readFileSync(new URL("../../src/models/embedded/laughter-cues.json", import.meta.url), "utf8"));
    const derived = deriveLaughterCues(readCorpus().train.map((d) => d.text));
    expect(shipped).toEqual(derived);
    // Unicode annotates 😂 with "lol", "haha", "lmao"; WordNet's laugh family holds chuckle and giggle.
    for (const w of ["lol", "haha", "lmao", "chuckle", "giggles", "laughing"]) expect(derived.words).toContain(w);
    // "roar" is a hyponym of laugh whose first WordNet sense is not laughter; 🙂 is not annotated "laugh".
    expect(derived.words).not.toContain("roar");
    expect(derived.emoji).not.toContain("🙂");
  }, 60_000);

  it("collapses elongations and repeated syllables to one canonical form", () => {
    expect(canonicalCue("HAHAHAHAHA")).toBe("ha");
    expect(canonicalCue(" lmaooooo")).toBe("lmao");
    expect(canonicalCue("xDDD")).toBe("xd");
    expect(canonicalCue("hello")).toBe("helo");
  });
});
