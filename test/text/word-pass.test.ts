// The engine's word table (src/text/word-pass.ts, perf38d) changes how fast the spelling passes run,
// never what they read: an id names one form as written wherever it stands, ids survive the table's
// growth, every fact equals the function it stands for, and the join, the reading and the non-word count
// answer with the table exactly as without it — over every priced form split by a space at every point
// (the join's pre-test of a spaced span) and over real replies.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pricedLemmas } from "../../src/terms/prose/stack/prepare.js";
import { DEFAULT_DICTIONARY_PATH } from "../../src/terms/prose/stack/resources.js";
import { COMMON_ENGLISH, isCommonEnglish } from "../../src/text/english.js";
import { costlyWords, countNonWords, isEnglishWord, joinSplitWords, readSpelling } from "../../src/text/spelling.js";
import { formEnds, WORD_IDS_LIMIT, WordIds } from "../../src/text/word-pass.js";
import { tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";

const fresh = () => costlyWords(pricedLemmas(JSON.parse(readFileSync(DEFAULT_DICTIONARY_PATH, "utf8"))));
/** The default lexicon under another identity: the passes then ask it of every word (no table). */
const unmemoized = (w: string) => isEnglishWord(w);

describe("WordIds", () => {
  it("gives one id per form as written, wherever it stands, and keeps ids through growth", () => {
    const ids = new WordIds(isEnglishWord, () => formEnds([]));
    // Many more forms than the first table's slots, so it grows several times; case and marks make other forms.
    const forms = Array.from({ length: 20_000 }, (_, k) => [`w${k.toString(36)}`, `W${k.toString(36)}`, `w${k.toString(36)}\u0301`][k % 3]);
    const first = forms.map((f) => ids.idOf(`  ${f} `, 2, 2 + f.length));
    expect(new Set(first).size).toBe(forms.length);
    const again = forms.map((f) => ids.idOf(`x${f}`, 1, 1 + f.length));
    expect(again).toEqual(first);
    expect(first.every((id, k) => ids.written[id] === forms[k] && ids.lower[id] === forms[k].toLowerCase())).toBe(true);
    expect(ids.size).toBe(forms.length);
  });

  it("answers each fact as the function it stands for", () => {
    const priced = ["tapestry", "whispered", "glow"];
    const joinable = [...priced, "the", "other", "together"];
    const ends = formEnds(priced);
    const joinEnds = formEnds(joinable);
    const ids = new WordIds(
      isEnglishWord,
      () => ends,
      () => joinEnds,
    );
    const words = ["the", "The", "her", "toge", "tapestry", "Tape", "stry", "tapes", "try", "xqzv", "don’t", "gl", "ow", "whisper", "ered", "Zq"];
    for (const w of words) {
      const id = ids.idOf(w, 0, w.length);
      const lower = w.toLowerCase();
      // Asked twice: computed, then read back.
      for (let k = 0; k < 2; k++) {
        expect(ids.english(id)).toBe(isEnglishWord(lower));
        expect(ids.common(id)).toBe(isCommonEnglish(lower));
        expect(ids.opensPriced(id)).toBe(priced.some((f) => f.startsWith(lower)));
        expect(ids.closesPriced(id)).toBe(priced.some((f) => f.endsWith(lower)));
        expect(ids.opensJoin(id)).toBe(joinable.some((f) => f.startsWith(lower)));
        expect(ids.closesJoin(id)).toBe(joinable.some((f) => f.endsWith(lower)));
      }
    }
  });

  it("is cleared only at the start of a row, once it holds WORD_IDS_LIMIT forms", () => {
    const ids = new WordIds(isEnglishWord, () => formEnds([]));
    for (let k = 0; k < WORD_IDS_LIMIT + 10; k++) ids.idOf(`f${k}`, 0, `f${k}`.length);
    expect(ids.size).toBe(WORD_IDS_LIMIT + 10);
    ids.startRow();
    expect(ids.size).toBe(0);
    const id = ids.idOf("storm", 0, 5);
    expect(ids.written[id]).toBe("storm");
    expect(ids.english(id)).toBe(true);
  });
});

describe("the spelling passes with the word table", () => {
  it("join every priced form and common English word split by a space at every point as without it", () => {
    const costly = fresh();
    const plain = fresh();
    // The join reads no span shorter than four letters.
    const forms = [...new Set([...costly.forms, ...[...COMMON_ENGLISH].filter((w) => w.length >= 4)])];
    const spans: string[] = [];
    for (const f of forms) for (let k = 1; k < f.length; k++) spans.push(`${f.slice(0, k)} ${f.slice(k)}`);
    expect(spans.length).toBeGreaterThan(40_000);
    // In lines of 200 spans, each alone between commas (", " ends a span).
    let joined = 0;
    for (let k = 0; k < spans.length; k += 200) {
      const text = spans.slice(k, k + 200).join(", ");
      const withTable = joinSplitWords(text, costly.isEnglish, costly, costly.ids);
      expect(withTable).toBe(joinSplitWords(text, unmemoized, plain));
      joined += withTable.split(", ").filter((s) => !s.includes(" ")).length;
    }
    // The join does read many of them whole (the test would pass vacuously if it read none).
    expect(joined).toBeGreaterThan(1000);
  });

  it.skipIf(!hasSharedData)(`read, join and count real replies as without it, cold and warm (${hasSharedData ? "shared data" : sharedDataSkipReason})`, () => {
    const costly = fresh();
    const plain = fresh(); // read through `unmemoized`: no table is used
    const replies = tuningReplies(12).map((r) => r.output as string);
    replies.push("The storm had come wihtout warning. Eliias whisperred to the tpstry, “Don’t.” tape stry, g low, the m", "She ffaiint-ly saw shdows — tape-stry and t apestr y — at the cafe\u0301. Marcos said: no. Tapest. hung");
    for (let round = 0; round < 2; round++) {
      for (const r of replies) {
        expect(readSpelling(r, undefined, costly)).toBe(readSpelling(r, unmemoized, plain));
        expect(joinSplitWords(r, costly.isEnglish, costly, costly.ids)).toBe(joinSplitWords(r, unmemoized, plain));
        const prompt = new Set(["tapestry", "eliias"]);
        expect(countNonWords(r, prompt, costly.isEnglish, costly.ids)).toEqual(countNonWords(r, prompt, unmemoized));
      }
    }
  });
});
