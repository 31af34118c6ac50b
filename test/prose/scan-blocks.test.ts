// Prepared rows' scans are carved from shared blocks (stack/prepare.ts ownScan): a row's words must stay
// its own while later rows fill the rest of its block and the blocks after it, and a row too large for
// a block gets a buffer of its own.
import { describe, expect, it } from "vitest";
import { compileProse, ownScan, prepareProse, SCAN_BLOCK_INTS } from "../../src/terms/prose/stack/prepare.js";
import { DEFAULT_PROSE_OPTIONS } from "../../src/terms/prose/reward.js";
import { createBuffers, scanText, type Scan } from "../../src/text/scan.js";
import type { BankRow } from "../../src/core/types.js";
import { fixtureDictionary } from "./dictionary-fixture.js";

const { reading, gates, openers } = DEFAULT_PROSE_OPTIONS;
const SENTENCES = ["The rain had not stopped for three days.", "“You’re late,” said the ferryman, and she laughed.", "Her breath caught — a thick, suffocating cloud rolled in."];

const row = (k: number, sentences: number): BankRow => ({
  id: `r${k}`,
  prompt: "Write about a river town.",
  output: Array.from({ length: sentences }, (_, i) => SENTENCES[(i + k) % SENTENCES.length]).join(" "),
});

const arrays = (s: Scan) => ({ n: s.n, sentences: s.sentences, surface: [...s.surface], lemma: [...s.lemma], flags: [...s.flags], sentence: [...s.sentence], start: [...s.start] });

describe("scans carved from shared blocks", () => {
  it("keep every row's words while later rows fill several blocks", () => {
    const compiled = compileProse(fixtureDictionary(), openers.mode);
    const rows = Array.from({ length: 800 }, (_, k) => row(k, 20 + (k % 13)));
    const prepared = rows.map((r) => prepareProse(r, compiled, reading, gates.script));
    const ints = prepared.reduce((sum, p) => sum + 5 * p.scan.n, 0);
    // Not vacuous: the rows need more than two blocks.
    expect(ints).toBeGreaterThan(2 * SCAN_BLOCK_INTS);
    const scratch = createBuffers();
    for (let k = 0; k < rows.length; k++) {
      const fresh = scanText(prepared[k].text, compiled.lexicon, scratch);
      const expected = arrays({ ...fresh, surface: fresh.surface.slice(0, fresh.n), lemma: fresh.lemma.slice(0, fresh.n), flags: fresh.flags.slice(0, fresh.n), sentence: fresh.sentence.slice(0, fresh.n), start: fresh.start.slice(0, fresh.n) });
      expect(arrays(prepared[k].scan)).toEqual(expected);
    }
  });

  it("gives a scan larger than a quarter block a buffer of its own, and an empty one no words", () => {
    const compiled = compileProse(fixtureDictionary(), openers.mode);
    const big = prepareProse(row(1, Math.ceil(SCAN_BLOCK_INTS / 4 / 5 / 5)), compiled, reading, gates.script).scan;
    expect(5 * big.n).toBeGreaterThan(SCAN_BLOCK_INTS / 4);
    expect(big.surface.buffer.byteLength).toBe(5 * big.n * 4);
    const small = prepareProse(row(2, 3), compiled, reading, gates.script).scan;
    expect(small.surface.buffer.byteLength).toBe(SCAN_BLOCK_INTS * 4);
    const empty = ownScan({ n: 0, sentences: 0, surface: new Int32Array(4), lemma: new Int32Array(4), flags: new Int32Array(4), sentence: new Int32Array(4), start: new Int32Array(4) });
    expect([empty.surface.length, empty.start.length]).toEqual([0, 0]);
  });
});
