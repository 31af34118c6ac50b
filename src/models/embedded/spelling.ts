// Character-bigram spelling model for out-of-vocabulary words: P(spelling | <unk>). It is trained on
// the words seen once in the training text (the best sample of what unseen words look like) and backs
// off to character frequencies and then to a uniform distribution over all Unicode code points, so
// any string, emoji and "ㅋㅋ" included, gets a finite log-probability. An end symbol closes the word,
// which makes the probabilities of all strings sum to 1.

const CODE_POINTS = 0x110000;
const END = -1;
const START = -2;
const ALPHA = 1;
const BETA = 1;

export interface SpellingModelData {
  /** [previous code point (START for the first), next code point (END to stop), count] */
  pairs: [number, number, number][];
}

export class SpellingModel {
  private readonly pair = new Map<number, Map<number, number>>();
  private readonly from = new Map<number, number>();
  private readonly single = new Map<number, number>();
  private singleTotal = 0;

  constructor(data: SpellingModelData) {
    for (const [prev, next, count] of data.pairs) {
      let row = this.pair.get(prev);
      if (!row) this.pair.set(prev, (row = new Map()));
      row.set(next, count);
      this.from.set(prev, (this.from.get(prev) ?? 0) + count);
      this.single.set(next, (this.single.get(next) ?? 0) + count);
      this.singleTotal += count;
    }
  }

  private charProb(prev: number, next: number): number {
    const unigram = ((this.single.get(next) ?? 0) + BETA / (CODE_POINTS + 1)) / (this.singleTotal + BETA);
    const row = this.pair.get(prev);
    const c = row?.get(next) ?? 0;
    return (c + ALPHA * unigram) / ((this.from.get(prev) ?? 0) + ALPHA);
  }

  /** Natural-log probability of a spelling (the lower-cased token, leading space included). */
  logprob(text: string): number {
    let lp = 0;
    let prev = START;
    for (const ch of text) {
      const cp = ch.codePointAt(0) as number;
      lp += Math.log(this.charProb(prev, cp));
      prev = cp;
    }
    return lp + Math.log(this.charProb(prev, END));
  }
}

export function countSpellings(words: Iterable<string>): SpellingModelData {
  const counts = new Map<string, number>();
  for (const word of words) {
    let prev = START;
    for (const ch of word) {
      const cp = ch.codePointAt(0) as number;
      const key = `${prev},${cp}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      prev = cp;
    }
    const key = `${prev},${END}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const pairs: [number, number, number][] = [];
  for (const [key, count] of counts) {
    const [a, b] = key.split(",").map(Number);
    pairs.push([a, b, count]);
  }
  return { pairs };
}
