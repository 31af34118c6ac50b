// A prepared row's scan must hold only its own words' memory: a server keeps a call's prepared rows
// alive across the call's awaits (a reference-LM call for the word-order guard), while other calls
// keep preparing rows. A scan carved from a block shared with later rows (tried in stop 30) kept
// 1 MiB alive per small row, ~60 MiB for 60 rows of four words.
import { describe, expect, it } from "vitest";
import { compileProse, prepareProse } from "../../src/terms/prose/stack/prepare.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import type { BankRow } from "../../src/core/types.js";
import { fixtureDictionary } from "./dictionary-fixture.js";

const { reading, gates, openers } = PROSE_PRESETS.hardened.settings;
const row = (k: number, output: string): BankRow => ({ id: `r${k}`, prompt: "Write about a river town.", output });

describe("a prepared row's scan", () => {
  it("keeps its own words' buffer alive, no more, while other rows are prepared around it", () => {
    const compiled = compileProse(fixtureDictionary(), openers.mode);
    const kept = [];
    for (let k = 0; k < 400; k++) {
      const p = prepareProse(row(k, k % 50 === 0 ? "The rain stopped." : "The ferryman laughed, and the river rose over the town's low stone wall. ".repeat(20)), compiled, reading, gates.script);
      if (k % 50 === 0) kept.push(p);
    }
    for (const p of kept) {
      expect(p.scan.n).toBe(3);
      // The five arrays are views of one buffer of exactly their size.
      expect(p.scan.surface.buffer.byteLength).toBe(5 * p.scan.n * Int32Array.BYTES_PER_ELEMENT);
      expect(p.scan.start.buffer).toBe(p.scan.surface.buffer);
    }
  });
});
