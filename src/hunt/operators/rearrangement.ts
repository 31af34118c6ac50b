// Rearrangement: the reply's own words, reordered, repeated or cut. Shuffled words and sentences lose
// the reply's sense, a repeat says nothing new and a cut reply says less, so none is an improvement.
import { createRng } from "../../core/random.js";
import { splitSentences } from "../../text/sentences.js";
import { wordShuffle } from "../../text/word-shuffle.js";
import { truncate } from "../../audit/transforms.js";
import type { Edit } from "../types.js";
import { transform } from "./insertion.js";

export function rearrangementEdits(): Edit[] {
  return [
    transform("rearrangement", "word-shuffle", "shuffled words are not a reply", (t, seed) => wordShuffle(t, seed)),
    transform("rearrangement", "sentence-shuffle", "sentences out of order break the reply's sequence", (t, seed) => {
      const s = splitSentences(t);
      return s.length < 2 ? t : createRng(`${seed}/sentences`).shuffle(s).join(" ");
    }),
    transform("rearrangement", "sentence-reverse", "sentences out of order break the reply's sequence", (t) => splitSentences(t).reverse().join(" ")),
    transform("rearrangement", "duplication", "saying the reply twice adds nothing", (t) => `${t.trim()}\n\n${t.trim()}`, "whole reply"),
    transform(
      "rearrangement",
      "duplication",
      "a repeated sentence adds nothing",
      (t) => {
        const s = splitSentences(t);
        return s.length ? `${t.trim()} ${s[s.length - 1]}` : t;
      },
      "last sentence",
    ),
    transform("rearrangement", "truncation", "half a reply says less than the reply", (t) => truncate(t), "first half"),
    transform("rearrangement", "truncation", "one sentence says less than the reply", (t) => splitSentences(t)[0] ?? t, "first sentence"),
  ];
}
