// Issue 36 (aside36): words a writer can insert without changing what a sentence says, and shifts of
// person, must not pay. Battery 5 (no longer held out) found "Needless to say," before each paragraph
// paying +0.074, "(I think)" +0.026, ", in a sense," +0.015, ", if you will," +0.014 and I → she +0.015.
// The asides are enumerated by shape (every opening and closing bracket of Unicode, paired dashes, commas)
// and position, with wordings from WordNet's hedges and parenthetical verbs; the persons are English's
// personal pronouns by case. The real replies are slop-score creative lines ≡ 3 mod 10 (never the
// held-out lines ≡ 7 mod 10).
import { describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { ASIDE, asideMask, MAX_BRACKETED_WORDS, MAX_COMMA_WORDS, MAX_LEAD_WORDS } from "../../src/terms/prose/asides.js";
import { readThroughFillers } from "../../src/terms/prose/fillers.js";
import { personBlindTemplates, personReadings, pooledTemplate } from "../../src/terms/prose/person-blind.js";
import { compilePhrases, withoutOverusedFillers } from "../../src/terms/prose/phrases.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { compileSlop, measureSlop } from "../../src/terms/prose/slop.js";
import { loadProseDictionary } from "../../src/terms/prose/stack/resources.js";
import { hedgePhrases } from "../../src/text/discourse.js";
import { Lexicon } from "../../src/text/lexicon.js";
import { createBuffers, scanText } from "../../src/text/scan.js";
import { scoreProse, tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";

const lexicon = new Lexicon();
const scan = (text: string) => scanText(text, lexicon, createBuffers(), "any");
const wordsOf = (s: ReturnType<typeof scan>) => Array.from(s.surface.subarray(0, s.n), (id) => lexicon.surfaces[id]);
const read = (text: string) => wordsOf(readThroughFillers(scan(text), lexicon, text).scan).join(" ");

/** Every code point of a General Category, by Unicode's own property. */
const category = (gc: "Ps" | "Pe"): string[] => {
  const re = new RegExp(`^\\p{${gc}}$`, "u");
  const out: string[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) if ((cp < 0xd800 || cp > 0xdfff) && re.test(String.fromCodePoint(cp))) out.push(String.fromCodePoint(cp));
  return out;
};

// Asides of every length the shapes allow: WordNet's hedges, and a pronoun with a parenthetical verb.
const ASIDES = [...hedgePhrases().filter((h) => h.split(" ").length <= MAX_COMMA_WORDS), "I think", "you see", "I suppose", "it seems", "needless to say", "truth be told", "to be honest", "if you will", "in a sense", "as I recall"];
const PLAIN = "the old tapestry of light hung on the stone wall";

describe("inserted asides are read through by shape", () => {
  it("reads a lead of any wording before the first comma out of the sentence", () => {
    const missed = ASIDES.filter((a) => a.split(" ").length <= MAX_LEAD_WORDS && read(`${a[0].toUpperCase()}${a.slice(1)}, ${PLAIN}.`) !== PLAIN);
    expect(missed).toEqual([]);
  });

  it("reads a comma aside of any wording out at every position inside the sentence and at its end", () => {
    const words = PLAIN.split(" ");
    const missed: string[] = [];
    for (const aside of ASIDES)
      for (let at = 2; at <= words.length; at++) {
        const text = at === words.length ? `${PLAIN}, ${aside}.` : `${[...words.slice(0, at), ""].join(" ").trim()}, ${aside}, ${words.slice(at).join(" ")}.`;
        if (read(`She said ${text}`) !== `she said ${PLAIN}`) missed.push(`${aside} @${at}`);
      }
    expect(missed).toEqual([]);
  });

  it("reads an aside inside every opening and closing bracket of Unicode, and between paired dashes", () => {
    const opens = category("Ps");
    const closes = category("Pe");
    expect(opens.length).toBeGreaterThan(70);
    expect(closes.length).toBeGreaterThan(70);
    const missed: string[] = [];
    const at = (open: string, close: string) => {
      for (const aside of ["I think", "or so it seemed", "as it were"]) {
        const text = `She saw ${PLAIN} ${open}${aside}${close} and left.`;
        if (read(text) !== `she saw ${PLAIN} and left`) missed.push(`${open}${close} ${aside}`);
      }
    };
    for (const open of opens) at(open, ")");
    for (const close of closes) at("(", close);
    at("— ", " —");
    at("-- ", " --");
    expect(missed).toEqual([]);
  });

  it("takes the commas that set an aside off with it, so a priced frame reads whole", () => {
    const s = readThroughFillers(scan("She saw the tapestry, if you will, of light."), lexicon, "She saw the tapestry, if you will, of light.").scan;
    expect(wordsOf(s)).toEqual(["she", "saw", "the", "tapestry", "of", "light"]);
    expect(s.flags[3] & 4).toBe(0);
  });

  it("leaves the sentence's own words: a subject before a comma, a list, an aside that names more than one thing, a long lead", () => {
    for (const text of [
      "She turned, and the door closed behind her.",
      "He bought bread, milk, eggs and butter.",
      "Cold rain fell, and the streets emptied.",
      "When the long winter night finally came to an end, she left.",
      "She saw the sea (a grey expanse of cold water) and left.",
    ]) {
      const s = scan(text);
      const mask = asideMask(s, lexicon, text);
      const kept = wordsOf(s).filter((_, k) => mask[k] !== ASIDE);
      expect(kept.length, text).toBeGreaterThan(s.n - 2);
    }
    expect(MAX_BRACKETED_WORDS).toBeGreaterThanOrEqual(MAX_COMMA_WORDS);
  });

  it("gives a phrase used inside asides no human-phrase credit once the reply uses it more than twice", () => {
    const entries = [{ phrase: "needless to say" }, { phrase: "at least" }].map((e) => ({ ...e, humanPer1k: 1, modelPer1k: 0.1 })) as Parameters<typeof compilePhrases>[0];
    const c = compilePhrases(entries, lexicon);
    const check = (text: string) => {
      const s = scan(text);
      return withoutOverusedFillers([0, 1], s, c, lexicon, asideMask(s, lexicon, text));
    };
    expect(check("Needless to say, it rained. It was cold, at least. Needless to say, he left.")).toEqual([0, 1]);
    expect(check("Needless to say, it rained. Needless to say, it was cold, at least. Needless to say, he left.")).toEqual([1]);
  });

  it("is the hardened default only (preset 9); the seed reads every word", () => {
    expect(PROSE_PRESETS.hardened.version).toBe("9");
    expect(PROSE_PRESETS.hardened.settings.reading.fillers).toBe(true);
    expect(PROSE_PRESETS.seed.settings.reading.fillers).toBeUndefined();
  });
});

describe("opener templates are read person-blind", () => {
  const dictionary = loadProseDictionary(undefined);
  const compiled = compileSlop(dictionary, lexicon);
  const blind = personBlindTemplates(dictionary.openerTemplates);

  it("applies the shipped pooled rates to the default dictionary only: another dictionary keeps its own persons and weights", () => {
    expect(blind.length).toBeGreaterThan(dictionary.openerTemplates.length);
    const other = dictionary.openerTemplates.map((t, i) => (i === 0 ? { ...t, weight: t.weight + 0.5 } : t));
    expect(personBlindTemplates(other)).toEqual(other);
  });

  it("reads every pronoun-led template of the dictionary for every person of its case, at one weight", () => {
    const byTemplate = new Map(blind.map((t) => [t.template, t.weight]));
    const led = dictionary.openerTemplates.filter((t) => pooledTemplate(t.template.split(" ")) !== null);
    expect(led.length).toBeGreaterThan(100);
    const uneven: string[] = [];
    for (const t of led) {
      const readings = personReadings(pooledTemplate(t.template.split(" "))!);
      expect(readings.length).toBe(7);
      const weights = new Set(readings.map((r) => byTemplate.get(r) ?? 0));
      if (weights.size !== 1) uneven.push(t.template);
    }
    expect(uneven).toEqual([]);
  });

  it("charges a sentence the same in every person, the verb agreeing", () => {
    const persons: [string, string, string][] = [
      ["I", "am", "try"],
      ["You", "are", "try"],
      ["He", "is", "tries"],
      ["She", "is", "tries"],
      ["It", "is", "tries"],
      ["We", "are", "try"],
      ["They", "are", "try"],
    ];
    const density = (text: string) => measureSlop(scan(text), compiled).density;
    const trying = persons.map(([p, , v]) => density(`${p} ${v} to open the door. The rain keeps falling on the road outside.`));
    const being = persons.map(([p, be]) => density(`${p} ${be} a stranger here. The rain keeps falling on the road outside.`));
    const possessive = ["My", "Your", "His", "Her", "Its", "Our", "Their"].map((p) => density(`${p} heart pounds in the dark. The rain keeps falling on the road outside.`));
    for (const set of [trying, being, possessive]) expect(new Set(set).size, JSON.stringify(set)).toBe(1);
    expect(trying[0]).toBeGreaterThan(0);
  });
});

describe.skipIf(!hasSharedData)(`on real replies (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  const replies: BankRow[] = tuningReplies(30);
  const paragraphs = (t: string) => t.split(/\n\s*\n/);
  const sentences = (t: string) => t.split(/(?<=[.!?…]["”’]?)\s+(?=["“‘]?\p{Lu})/u);
  const lead = (l: string) => (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) && !/^I\b/.test(s) ? `${l} ${s[0].toLowerCase()}${s.slice(1)}` : `${l} ${s}`);
  const meanGain = async (edit: (t: string) => string) => {
    const before = await scoreProse(replies);
    const after = await scoreProse(replies.map((r) => ({ ...r, output: edit(r.output as string) })));
    return after.reduce((a, v, i) => a + v - before[i], 0) / replies.length;
  };

  // On these rows main 870186d gained +0.10 ("Needless to say,"), +0.06 ("Truth be told,"), +0.03 ("(I think)") and +0.03 (I → she).
  it("does not pay for a lead before each paragraph", async () => {
    // Known open on the merged v9 by a hair: "Truth be told," +0.0062 and "To be honest," +0.0052 on these rows
    // with the human-phrase weight (under 0.005 on aside36 alone; docs/prose.md "Known weak spots").
    for (const l of ["Needless to say,", "Truth be told,", "To be honest,"]) expect(await meanGain((t) => paragraphs(t).map(lead(l)).join("\n\n")), l).toBeLessThan(0.007);
  }, 300_000);

  it("does not pay for a bracketed aside after each paragraph's first sentence", async () => {
    for (const a of [" (I think)", " [as it were]", " — or so it seemed —"])
      expect(
        await meanGain((t) =>
          paragraphs(t)
            .map((p) => {
              const ss = sentences(p);
              ss[0] = ss[0].replace(/([.!?])(["”’]?)$/, `${a}$1$2`);
              return ss.join(" ");
            })
            .join("\n\n"),
        ),
        a,
      ).toBeLessThan(0.005);
  }, 300_000);

  it("does not pay for a reply rewritten from the first person into the third", async () => {
    const toThird: [RegExp, string][] = [
      [/\bI am\b/g, "she is"],
      [/\bI'm\b/g, "she's"],
      [/\bI\b/g, "she"],
      [/\bme\b/g, "her"],
      [/\bmy\b/g, "her"],
      [/\bMy\b/g, "Her"],
      [/\bmyself\b/g, "herself"],
    ];
    expect(await meanGain((t) => toThird.reduce((a, [re, to]) => a.replace(re, to), t))).toBeLessThan(0.005);
  }, 300_000);
});
