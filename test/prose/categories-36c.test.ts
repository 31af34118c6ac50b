// Issue 36, third round: the structural categories battery 2 still found paying the default prose preset
// (discourse padding, list markup, added stage directions, an unrelated paragraph inserted mid-reply),
// each closed as a category and enumerated from its data; and the human rate of padding. The real
// replies are slop-score creative lines ≡ 3 mod 10 (never the held-out lines ≡ 7 mod 10). On the build
// before (main 746a27b) every corpus test here failed: "Well, you see," before each paragraph gained
// +0.02, a tail +0.03, a numbered list +0.02, stage directions +0.01 and a mid-reply paragraph +0.05.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { stripListMarkup } from "../../src/terms/prose/list-markup.js";
import { padding } from "../../src/terms/prose/padding.js";
import { nonWordsFactor } from "../../src/text/spelling.js";
import { HARDENED_PADDING } from "../../src/terms/prose/presets.js";
import { paragraphRelevance, unrelatedParagraphs } from "../../src/terms/prose/relevance.js";
import { isDiscourseWord, isParentheticalVerb } from "../../src/text/discourse.js";
import { Lexicon } from "../../src/text/lexicon.js";
import { createBuffers, scanText } from "../../src/text/scan.js";
import { gzLines as lines, scoreProse, tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";

const table = JSON.parse(readFileSync(new URL("../../src/text/data/discourse-words.json", import.meta.url), "utf8")) as {
  classes: Record<string, string[]>;
  phrases: Record<string, string[]>;
  parentheticalVerbs: string[];
};
const lexicon = new Lexicon();
const padOf = (text: string) => padding(text, scanText(text, lexicon, createBuffers()), lexicon);
const codePoints = (re: RegExp) => {
  const out: string[] = [];
  for (let c = 0x21; c <= 0xffff; c++) if (c < 0xd800 || c > 0xdfff) if (re.test(String.fromCodePoint(c))) out.push(String.fromCodePoint(c));
  return out;
};

describe("discourse padding, by part of speech (no corpus needed)", () => {
  it("derives its classes from the lexicon: interjections, conjunctions, adverbs and aside verbs", () => {
    expect(table.classes.Expression.length).toBeGreaterThan(100);
    expect(table.classes.Conjunction).toEqual(expect.arrayContaining(["and", "but", "however"]));
    expect(table.classes.Adverb).toEqual(expect.arrayContaining(["well", "so", "then", "indeed"]));
    expect(table.parentheticalVerbs).toEqual(expect.arrayContaining(["see", "know", "mean", "guess", "suppose", "think"]));
    // Verbs of doing are not asides: "he smiled", "she said" stay clauses.
    for (const verb of ["smile", "say", "walk", "turn"]) expect(isParentheticalVerb(verb), verb).toBe(false);
  });

  it("reads every single-word member of each class as padding when it leads a sentence", () => {
    const words = Object.values(table.classes).flat();
    expect(words.length).toBeGreaterThan(150);
    const missed = words.filter((w) => !isDiscourseWord(w) || padOf(`${w[0].toUpperCase()}${w.slice(1)}, the rain fell on the roof.`).discourse !== 1);
    expect(missed).toEqual([]);
    // and any -ly adverb, which the table leaves to its suffix
    expect(padOf("Slowly, the rain fell on the roof.").discourse).toBe(1);
  });

  it("reads every multi-word member as padding when it leads a sentence", () => {
    const phrases = Object.values(table.phrases).flat();
    expect(phrases.length).toBeGreaterThan(50);
    const missed = phrases.filter((p) => p.split(" ").length <= 4 && padOf(`${p[0].toUpperCase()}${p.slice(1)}, the rain fell on the roof.`).discourse !== p.split(" ").length);
    expect(missed).toEqual([]);
  });

  it("reads every aside verb after a pronoun as padding at the end of a sentence", () => {
    const missed = table.parentheticalVerbs.filter((v) => padOf(`The rain fell on the roof, you ${v}.`).discourse !== 2);
    // The lemmatizer reads a few base forms as another word (their own lemma is not the table's).
    expect(missed.length / table.parentheticalVerbs.length).toBeLessThan(0.02);
  });

  it("reads runs of padding at both ends, and leaves clauses alone", () => {
    expect(padOf("Oh, well, you know, the rain fell, you see.").discourse).toBe(6);
    expect(padOf("So, as it happened, the rain fell.").discourse).toBe(4);
    expect(padOf("And then, of course, she left.").discourse).toBe(4);
    expect(padOf("She looked at him, and he smiled.").discourse).toBe(0);
    expect(padOf("In the morning, she left the house.").discourse).toBe(0);
    expect(padOf("The rain fell, and the river rose.").discourse).toBe(0);
  });

  it("charges padding only beyond the human rate, down to a floor", () => {
    expect(nonWordsFactor(HARDENED_PADDING.free, HARDENED_PADDING)).toBe(1);
    expect(nonWordsFactor(0.2, HARDENED_PADDING)).toBeLessThan(0.75);
    expect(nonWordsFactor(0.9, HARDENED_PADDING)).toBe(HARDENED_PADDING.floor);
  });
});

describe("added lines and list markup, by Unicode category (no corpus needed)", () => {
  // Every opening bracket of Unicode whose closing bracket follows it (Ps then Pe): ( [ { ⁅ 「 【 〔 …
  const pairs = codePoints(/\p{Ps}/u)
    .map((o) => [o, String.fromCodePoint(o.codePointAt(0)! + 1)])
    .filter(([, c]) => /\p{Pe}/u.test(c));

  it("reads a line wholly inside brackets of any kind as padding", () => {
    expect(pairs.length).toBeGreaterThan(50);
    const missed = pairs.filter(([o, c]) => padOf(`The rain fell on the roof.\n\n${o}Pause and lights down.${c}\n\nShe slept.`).bracketed !== 4);
    expect(missed).toEqual([]);
    // A bracketed aside inside a line of narration is narration.
    expect(padOf("The rain fell (it always did) on the roof.").bracketed).toBe(0);
  });

  const markers = [
    ...Array.from({ length: 30 }, (_, i) => [`${i + 1}.`, `${i + 1})`, `(${i + 1})`, `#${i + 1}`]).flat(),
    ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".split("").flatMap((l) => [`${l}.`, `${l})`, `(${l})`]),
    ..."i ii iii iv v vi vii viii ix x xi xii xiii xiv xv xvi xvii xviii xix xx".split(" ").flatMap((r) => [`${r}.`, `${r.toUpperCase()}.`, `${r})`]),
    ..."# ## ### #### ##### ######".split(" "),
    ..."- * + • ‣ ⁃ ∙ ◦".split(" "),
  ];

  it("strips every enumerator, heading and bullet at the start of a line", () => {
    const missed = markers.filter((m) => stripListMarkup(`${m} The rain fell.\n${m} She slept.`) !== "The rain fell.\nShe slept.");
    expect(missed).toEqual([]);
  });

  it("strips every symbol (Unicode So and Sm) used as a bullet", () => {
    const symbols = codePoints(/[\p{So}\p{Sm}]/u);
    expect(symbols.length).toBeGreaterThan(3500);
    const missed = symbols.filter((s) => stripListMarkup(`${s} The rain fell.`) !== "The rain fell.");
    expect(missed).toEqual([]);
  });

  it("strips bold markers and keeps prose, dashes and numbers", () => {
    expect(stripListMarkup("**The rain** fell __hard__.")).toBe("The rain fell hard.");
    expect(stripListMarkup("It cost 10 dollars - maybe 12.\n— Go, she said.")).toBe("It cost 10 dollars - maybe 12.\n— Go, she said.");
  });
});

describe("paragraph relevance (no corpus needed)", () => {
  const lemmas = (text: string) => {
    const scan = scanText(text, lexicon, createBuffers());
    const out = new Map<number, number>();
    for (let k = 0; k < scan.n; k++) out.set(scan.lemma[k], 1);
    return out;
  };
  it("reads a paragraph that shares no words with the prompt or the reply as unrelated, again after it is ignored", () => {
    const story = [
      "The lighthouse keeper Mara climbed the spiral stairs with her lantern, counting the brass rivets and the gulls asleep on the rail.",
      "At the top Mara trimmed the lantern wick, wiped the brass lens and watched the gulls wheel over the rail and the stairs below.",
      "Parliament debated the corn laws through the winter session while merchants in Liverpool petitioned for tariffs on imported grain and cotton.",
    ].map(lemmas);
    const shares = paragraphRelevance(story, new Map());
    expect(shares[2]).toBeLessThan(0.25);
    expect(shares[0]).toBeGreaterThan(0.25);
    expect(unrelatedParagraphs(story, new Map(), [24, 24, 22], 100)).toEqual([2]);
  });
});

describe.skipIf(!hasSharedData)(`on real replies (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  const replies: BankRow[] = tuningReplies(30);
  const donors: string[] = hasSharedData
    ? lines(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz"))
        .map((l) => (JSON.parse(l) as { text: string }).text.replace(/\s+/g, " ").trim())
        .filter((t) => t.split(" ").length >= 80 && t.split(" ").length <= 160)
    : [];
  const score = scoreProse;
  const meanGain = async (edit: (t: string, i: number) => string) => {
    const before = await score(replies);
    const after = await score(replies.map((r, i) => ({ ...r, output: edit(r.output as string, i) })));
    return after.reduce((a, v, i) => a + v - before[i], 0) / replies.length;
  };
  const paragraphs = (t: string) => t.split(/\n\s*\n/).filter((p) => p.trim() !== "");
  const sentences = (p: string) => p.split(/(?<=[.!?]["”’]?)\s+(?=["“]?[A-Z])/);
  const lower = (s: string) => (/^[A-Z][a-z]/.test(s) && !s.startsWith("I ") ? `${s[0].toLowerCase()}${s.slice(1)}` : s);
  const eachSentence = (f: (s: string, i: number) => string) => (t: string) =>
    paragraphs(t)
      .map((p) => sentences(p).map(f).join(" "))
      .join("\n\n");

  it("does not pay for discourse leads or tails on paragraphs and sentences", async () => {
    expect(
      await meanGain((t) =>
        paragraphs(t)
          .map((p) => `Well, you see, ${lower(p)}`)
          .join("\n\n"),
      ),
    ).toBeLessThan(0.005);
    expect(await meanGain(eachSentence((s, i) => `${["Oh, well, I mean,", "And so, of course,", "Now, as it happened,"][i % 3]} ${lower(s)}`))).toBeLessThan(0.005);
    expect(await meanGain(eachSentence((s) => s.replace(/([.!?])(["”’]?)$/, ", you know$1$2")))).toBeLessThan(0.005);
  }, 120_000);

  it("does not pay for paragraphs written as a list, numbered, lettered, bulleted or headed", async () => {
    for (const marker of [(i: number) => `${i + 1}. `, (i: number) => `${"abcdefghijklmnopqrstuvwxyz"[i % 26]}) `, () => "• ", () => "- ", (i: number) => `## Part ${i + 1}\n`]) {
      expect(
        await meanGain((t) =>
          paragraphs(t)
            .map((p, i) => `${marker(i)}${p.replace(/\n/g, " ")}`)
            .join("\n"),
        ),
      ).toBeLessThan(0.005);
    }
  }, 240_000);

  it("does not pay for stage directions or notes in any bracket between paragraphs", async () => {
    for (const [open, close] of [
      ["[", "]"],
      ["(", ")"],
      ["{", "}"],
      ["【", "】"],
    ]) {
      expect(await meanGain((t) => `${open}Lights up.${close}\n\n${paragraphs(t).join(`\n\n${open}Pause.${close}\n\n`)}\n\n${open}Author's note: thanks for reading.${close}`)).toBeLessThanOrEqual(0.002);
    }
  }, 240_000);

  it("pays little for an unrelated paragraph inserted at the start or end, and under half of what it did in the middle", async () => {
    const inserted = (at: number) =>
      meanGain((t, i) => {
        const ps = paragraphs(t);
        const k = Math.round(ps.length * at);
        return [...ps.slice(0, k), donors[i * 11], ...ps.slice(k)].join("\n\n");
      });
    // At either end the runs of end paragraphs read it out (on battery 2's 100 held-out rows an appended
    // Brown or HANNA paragraph gains +0.004 before and after this change); a paragraph the relevance
    // check misjudges still moves a reply by a little either way, so the bound is 0.01 on these 30 rows;
    // 0.012 at the start since v8: one reply's bold title no longer hides its opener (+0.0106; reports/markup37-prose.md).
    expect(await inserted(0)).toBeLessThan(0.012);
    expect(await inserted(1)).toBeLessThan(0.01);
    // Open in part: the lexical relevance check misses about a quarter of borrowed paragraphs (those
    // sharing many common words with the story: bench/studies/prose-relevance.ts), and those still thin
    // the reply. On these rows the build before gained +0.056 here.
    expect(await inserted(0.5)).toBeLessThan(0.025);
  }, 240_000);
});
