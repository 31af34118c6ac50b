// A corpus scanned once into flat typed arrays, so the several counting passes of mining iterate
// integers instead of re-tokenizing text. Sentence ids are global (never shared by two documents), so
// a window that stays inside one sentence never crosses documents.
import type { Lexicon } from "../text/lexicon.js";
import { createBuffers, scanText } from "../text/scan.js";

export interface ScannedCorpus {
  /** Words in all documents. */
  n: number;
  surface: Int32Array;
  lemma: Int32Array;
  flags: Int32Array;
  sentence: Int32Array;
  /** Group (scenario or source) of each word's document. */
  group: Int32Array;
  /** Word offset of each document, plus a final end offset. */
  docStart: Int32Array;
  docGroup: Int32Array;
}

export interface CorpusText {
  text: string;
  group: number;
}

export function scanCorpus(docs: CorpusText[], lexicon: Lexicon): ScannedCorpus {
  const buffers = createBuffers();
  let cap = 1 << 20;
  let surface = new Int32Array(cap);
  let lemma = new Int32Array(cap);
  let flags = new Int32Array(cap);
  let sentence = new Int32Array(cap);
  let group = new Int32Array(cap);
  const docStart = new Int32Array(docs.length + 1);
  const docGroup = new Int32Array(docs.length);
  let n = 0;
  let sentenceBase = 0;
  for (let d = 0; d < docs.length; d++) {
    const s = scanText(docs[d].text, lexicon, buffers);
    docStart[d] = n;
    docGroup[d] = docs[d].group;
    while (n + s.n > cap) {
      cap *= 2;
      const grow = (a: Int32Array): Int32Array<ArrayBuffer> => {
        const b = new Int32Array(cap);
        b.set(a);
        return b;
      };
      surface = grow(surface);
      lemma = grow(lemma);
      flags = grow(flags);
      sentence = grow(sentence);
      group = grow(group);
    }
    surface.set(s.surface.subarray(0, s.n), n);
    lemma.set(s.lemma.subarray(0, s.n), n);
    flags.set(s.flags.subarray(0, s.n), n);
    for (let i = 0; i < s.n; i++) {
      sentence[n + i] = sentenceBase + s.sentence[i];
      group[n + i] = docs[d].group;
    }
    sentenceBase += s.sentences + 1;
    n += s.n;
  }
  docStart[docs.length] = n;
  return { n, surface, lemma, flags, sentence, group, docStart, docGroup };
}
