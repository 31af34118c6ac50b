// Markup is read before any word is (held-out battery 5: "<mark>" around priced words paid +0.019 on v7
// and on the merged v8: the word-forms reading took "mark>" for a disguised "marks" before the tags were read).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { readReply } from "../../src/terms/prose/read.js";
import { pricedLemmas } from "../../src/terms/prose/stack/prepare.js";
import { DEFAULT_DICTIONARY_PATH } from "../../src/terms/prose/stack/resources.js";
import { costlyWords } from "../../src/text/spelling.js";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";
import { tuningReplies } from "../helpers/prose-replies.js";

const costly = costlyWords(pricedLemmas(JSON.parse(readFileSync(DEFAULT_DICTIONARY_PATH, "utf8"))));
const reading = PROSE_PRESETS.hardened.settings.reading;
const read = (text: string) => readReply(text, reading, costly).text;
// Tag names: every one-letter name but "p" (a paragraph, which breaks the text as HTML does), names that are
// priced or common words, custom elements; with and without attributes.
const NAMES = [..."abcdefghijklmnoqrstuvwxyz", "mark", "span", "em", "strong", "ins", "del", "kbd", "var", "cite", "dfn", "abbr", "time", "font", "blink", "marks", "tapestry", "x-glow", "my-word"];
const wraps = NAMES.flatMap((n) => [
  [`<${n}>`, `</${n}>`],
  [`<${n} class="hl">`, `</${n}>`],
]);

describe("markup is read before the words", () => {
  it("reads a sentence with every priced form wrapped in a tag as the sentence", () => {
    const forms = [...costly.forms].slice(0, 400);
    for (const [open, close] of wraps) {
      for (const form of forms) {
        const plain = `The ${form} of the night was there.`;
        expect(read(`The ${open}${form}${close} of the night was there.`), `${open}${form}`).toBe(read(plain));
      }
    }
  });

  it.skipIf(!hasSharedData)(`reads real replies with tags around their priced words as the replies (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
    for (const row of tuningReplies(12)) {
      const text = row.output as string;
      for (const [open, close] of wraps.filter((_, i) => i % 5 === 0)) {
        const wrapped = text.replace(/\p{L}+/gu, (w) => (costly.forms.has(w.toLowerCase()) ? `${open}${w}${close}` : w));
        expect(wrapped).not.toBe(text);
        expect(read(wrapped), open).toBe(read(text));
      }
    }
  });
});
