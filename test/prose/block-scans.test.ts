// Issue 38 (perf38e): dilution reads each block of a reply from the reply's own scan instead of scanning
// the block again (src/terms/prose/stack/block-scans.ts). Both readings must be equal wherever the faster
// one is taken: on real replies cut as dilution cuts them, and on every slice between two sentence starts
// of replies built to leave the scanner's state open across a sentence (quotations, italics, asides,
// hyphens, decimals, fillers opening a sentence, context-folded letters, astral letters).
import { describe, expect, it } from "vitest";
import { blockReader, cohesionAt, sliceScan } from "../../src/terms/prose/stack/block-scans.js";
import { compileProse, prepareProse, sentenceBlocks, type CompiledProse } from "../../src/terms/prose/stack/prepare.js";
import { readThroughFillers } from "../../src/terms/prose/fillers.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { createBuffers, scanText, T_CONTENT, type Scan, type WordLetters } from "../../src/text/scan.js";
import { tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";
import { fixtureDictionary } from "./dictionary-fixture.js";

const { reading, gates, openers } = PROSE_PRESETS.hardened.settings;

/** A scan's words as plain arrays (a scan's arrays may be longer than its words). */
const plain = (s: Scan | undefined) =>
  s && {
    n: s.n,
    sentences: s.sentences,
    surface: [...s.surface.subarray(0, s.n)],
    lemma: [...s.lemma.subarray(0, s.n)],
    flags: [...s.flags.subarray(0, s.n)],
    sentence: [...s.sentence.subarray(0, s.n)],
    start: [...s.start.subarray(0, s.n)],
  };

/** A block's scan read through its fillers and asides, as prose's reading does (../../src/terms/prose/stack/prepare.ts). */
const readOf =
  (compiled: CompiledProse) =>
  (scan: Scan, block: string): { scan: Scan; fullScan?: Scan; withoutFillers?: Scan } => {
    const read = readThroughFillers(scan, compiled.lexicon, block);
    return read.fillers > 0 ? { scan: read.scan, fullScan: scan, withoutFillers: read.withoutFillers } : { scan };
  };
const rescanOf = (compiled: CompiledProse, letters: WordLetters) => (block: string) => readOf(compiled)(plainScan(scanText(block, compiled.lexicon, createBuffers(), letters)), block);

/** A scan copied out of the scanner's buffers. */
function plainScan(s: Scan): Scan {
  const cut = (a: Int32Array) => a.slice(0, s.n);
  return { n: s.n, sentences: s.sentences, surface: cut(s.surface), lemma: cut(s.lemma), flags: cut(s.flags), sentence: cut(s.sentence), start: cut(s.start) };
}

const ADVERSARIAL = [
  // A quotation, italics and an aside open across sentence ends, and closed in the next.
  'She waited. "It was late. Nobody came. The rain kept on." He left.',
  "She waited. *It was late. Nobody came.* He left. _Quiet now. Very quiet._ Done.",
  "She waited (it was late. Nobody came. Really.) and then she left. The end came.",
  // Unbalanced marks: an unclosed quotation or parenthesis runs on.
  'He said, "Go. Now. Then come back. The rest of it is yours. Nobody else wants it. Go.',
  "It began (and never closed. The room was cold. The rain kept falling. She walked home.",
  // A dash aside that never closes is unmarked at its sentence's end; a dash pair that does close.
  "She turned — slowly. The door was open. He came in — tired, wet — and sat. Then quiet.",
  // Fillers opening a sentence (left out of the reading), hedges across a cut.
  "Very well. Quite so. It was sort of late. Really, nobody came. Truly. A bit odd, in a way.",
  // Decimal points, dotted tokens, abbreviations and glued hyphens at sentence ends.
  "It cost 3.5 dollars. Mr. Smith paid. E.g. this one. The end-\nNext line. Done.now and then. Fine.",
  // Speech cut off by a dash before a break, paragraph breaks with spaces and CR.
  'He said "Wait—"\n\nShe left. Then "Go—" she said.  \r\n \nNew paragraph. Last one.',
  // A context-folded capital (Greek sigma) and astral letters.
  "ΣΟΦΙΑ came. She sat. 𝐁𝐨𝐥𝐝 text here. Then 𐐀𐐨 words. Fine. More words here.",
  "Plain words 𝐁𝐨𝐥𝐝 here. Then more. And 𐐀𐐨 again. Then the end. Done.",
  // Ellipses, ?!, curly quotes and apostrophes.
  "Wait… what? Really?! “Yes. No.” She didn’t. It’s fine… okay. Done!",
];

/** Cohesion as dilution read it with two Sets (the reference for cohesionAt). */
function cohesionWithSets(scan: Scan, k: number, words: number): number {
  const after = new Set<number>();
  for (let j = k; j < Math.min(scan.n, k + words); j++) if (scan.flags[j] & T_CONTENT) after.add(scan.lemma[j]);
  const before = new Set<number>();
  for (let j = Math.max(0, k - words); j < k; j++) if (scan.flags[j] & T_CONTENT) before.add(scan.lemma[j]);
  let shared = 0;
  for (const id of before) if (after.has(id)) shared++;
  return before.size === 0 ? 1 : shared / before.size;
}

/** Every slice of `text` from one sentence start of `whole` to a later one (or the end). */
function* sentenceSlices(text: string, whole: Scan): Generator<[number, number]> {
  const starts: number[] = [];
  for (let k = 0; k < whole.n; k++) if (k === 0 || whole.sentence[k] !== whole.sentence[k - 1]) starts.push(whole.start[k]);
  starts.push(text.length);
  for (let i = 0; i + 1 < starts.length; i++) for (let j = i + 1; j < starts.length; j++) yield [starts[i], starts[j]];
}

describe("dilution's blocks read from the reply's own scan", () => {
  const compiled = compileProse(fixtureDictionary(), openers.mode);

  it("equals a scan of the slice again for every slice between sentence starts it accepts, and refuses where the scanner's state is open", () => {
    let taken = 0;
    let refused = 0;
    for (const letters of ["any", "seed"] as const) {
      for (const text of ADVERSARIAL) {
        const whole = plainScan(scanText(text, compiled.lexicon, createBuffers(), letters));
        for (const [from, to] of sentenceSlices(text, whole)) {
          const got = sliceScan(text, whole, from, to);
          if (got === undefined) {
            refused++;
            continue;
          }
          taken++;
          expect(plain(got), `${JSON.stringify(text.slice(from, to))} (${letters})`).toEqual(plain(scanText(text.slice(from, to), compiled.lexicon, createBuffers(), letters)));
        }
      }
    }
    // 304 taken and 170 refused at 870186d's scanner: both readings are exercised.
    expect(taken).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(80);
  });

  it("refuses a slice that opens inside a quotation, italics or parentheses, mid-sentence, or in a context-folded reply", () => {
    const at = (text: string, from: string, to?: string) => {
      const whole = plainScan(scanText(text, compiled.lexicon, createBuffers(), "any"));
      return sliceScan(text, whole, text.indexOf(from), to === undefined ? text.length : text.indexOf(to));
    };
    expect(at('The rain fell. "Come here. Stay inside." She left.', "Stay")).toBeUndefined();
    expect(at("The rain fell. *Come here. Stay inside.* She left.", "Stay")).toBeUndefined();
    expect(at("The rain fell. (Come here. Stay inside.) She left.", "Stay")).toBeUndefined();
    expect(at("The rain fell on the roof. Stay inside.", "on the")).toBeUndefined();
    expect(at("The rain fell. Come here-Stay inside. She left.", "Come", "Stay")).toBeUndefined();
    expect(at("ΣΟΦΙΑ came home. Come here. Stay inside.", "Come", "Stay")).toBeUndefined();
    expect(at("The rain fell. Come here. Stay inside.", "Come", "Stay")).toBeDefined();
    // A refused block is scanned again: here the rescan says so by returning one word for two.
    const text = "The rain fell. (Come here. Stay inside.) She left.";
    const read = blockReader(
      text,
      plainScan(scanText(text, compiled.lexicon, createBuffers(), "any")),
      (): { scan: Scan; fullScan?: Scan } => ({ scan: plainScan(scanText("x", compiled.lexicon, createBuffers(), "any")) }),
      readOf(compiled),
    );
    // The first block is taken from the reply's scan (5 words) and read through its aside "(Come here." (3 left).
    const first = read("The rain fell. (Come here. ");
    expect([first.fullScan?.n, first.scan.n]).toEqual([5, 3]);
    expect(read("Stay inside.) ").scan.n).toBe(1);
  });

  it.skipIf(!hasSharedData)(
    `reads real replies' blocks as scanning them again does, cut as dilution cuts them (${hasSharedData ? "shared data present" : sharedDataSkipReason})`,
    () => {
      let taken = 0;
      let blocks = 0;
      const layouts = [(t: string) => t, (t: string) => t.replace(/\s*\n\s*/g, " "), (t: string) => t.replace(/([.!?]["”]?) +/g, "$1\n")];
      for (const row of tuningReplies(120)) {
        for (const layout of layouts) {
          const p = prepareProse({ ...row, output: layout(row.output as string) }, compiled, reading, gates.script);
          const whole = p.fullScan ?? p.scan;
          const rescan = rescanOf(compiled, p.letters!);
          const read = blockReader(p.text, whole, rescan, readOf(compiled));
          for (const block of sentenceBlocks(p.text, p.scan)) {
            blocks++;
            const fast = read(block);
            const slow = rescan(block);
            expect({ scan: plain(fast.scan), fullScan: plain(fast.fullScan), withoutFillers: plain(fast.withoutFillers) }, block).toEqual({
              scan: plain(slow.scan),
              fullScan: plain(slow.fullScan),
              withoutFillers: plain(slow.withoutFillers),
            });
            const from = p.text.indexOf(block);
            for (const k of [0, 1, 2, 29, 30, 31, 60, 150, p.scan.n - 31, p.scan.n - 30, p.scan.n - 1, p.scan.n])
              if (k >= 0 && k <= p.scan.n) for (const words of [1, 5, 30]) expect(cohesionAt(p.scan, k, words)).toBe(cohesionWithSets(p.scan, k, words));
            if (from >= 0 && sliceScan(p.text, whole, from, from + block.length)) taken++;
          }
        }
      }
      // The faster reading is the one real replies take.
      expect(blocks).toBeGreaterThan(500);
      expect(taken / blocks).toBeGreaterThan(0.6);
    },
    120_000,
  );
});
