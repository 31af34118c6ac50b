// Issue 36 (struct36): the default prose reward reads layout as plain prose. The dilution reading judged
// a reply by its own paragraphs, so the same sentences with their breaks removed paid +0.080 [0.064,
// 0.097] and as a bullet list +0.026 (battery 3, known). The reply is now read in blocks of whole
// sentences of bounded size, cut at line breaks only where they fall in that size
// (src/terms/prose/stack/prepare.ts sentenceBlocks); every layout family below, paragraphs,
// lines, lists, numbering, headings, quotes, indentation, emphasis and the markup of HTML, LaTeX,
// BBCode, reStructuredText and tables, must not raise the reward. Also: sentences that say nothing
// (a rhetorical question after each paragraph) thin nothing, and a text made of the prompt's own words
// scores below the reply's careful opening. Real replies: slop-score creative lines ≡ 3 mod 10.
import { describe, expect, it } from "vitest";
import { sentenceBlocks } from "../../src/terms/prose/stack/prepare.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { Lexicon } from "../../src/text/lexicon.js";
import { createBuffers, scanText } from "../../src/text/scan.js";
import { scoreProse, tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";

const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter((p) => p !== "");
const sentencesOf = (p: string) => p.split(/(?<=[.!?…]["”’)]?)\s+(?=["“‘(]?\p{Lu})/u).filter((s) => s !== "");
const allSentences = (text: string) => paragraphsOf(text).flatMap(sentencesOf);

/** Each layout family: the same sentences, laid out another way (nothing added but markup). */
const LAYOUTS: Record<string, (text: string) => string> = {
  "one paragraph": (t) => paragraphsOf(t).join(" "),
  "every sentence its own paragraph": (t) => allSentences(t).join("\n\n"),
  "single line breaks between paragraphs": (t) => paragraphsOf(t).join("\n"),
  "every sentence on its own line": (t) => allSentences(t).join("\n"),
  "CRLF line breaks": (t) => paragraphsOf(t).join("\r\n\r\n"),
  "Unicode paragraph separators": (t) => paragraphsOf(t).join("\u2029"),
  ...Object.fromEntries(
    ["-", "*", "+", "•", "◦", "▪", "‣", "⁃", "→", "🔹", "✅", "👉"].map((m) => [
      `sentences as a "${m}" list`,
      (t: string) =>
        allSentences(t)
          .map((s) => `${m} ${s}`)
          .join("\n"),
    ]),
  ),
  ...Object.fromEntries(
    ["1.", "1)", "(1)", "a.", "i."].map((m) => [
      `paragraphs numbered "${m}"`,
      (t: string) =>
        paragraphsOf(t)
          .map((p, i) => `${m.replace("1", String(i + 1))} ${p}`)
          .join("\n\n"),
    ]),
  ),
  "blockquote on every paragraph": (t) =>
    paragraphsOf(t)
      .map((p) => `> ${p}`)
      .join("\n>\n"),
  "indented paragraphs": (t) =>
    paragraphsOf(t)
      .map((p) => `    ${p}`)
      .join("\n"),
  "tab-indented paragraphs": (t) =>
    paragraphsOf(t)
      .map((p) => `\t${p}`)
      .join("\n"),
  "each paragraph's first sentence as a heading": (t) =>
    paragraphsOf(t)
      .map((p) => {
        const [h, ...rest] = sentencesOf(p);
        return `## ${h}\n\n${rest.join(" ")}`;
      })
      .join("\n\n"),
  "bold paragraphs": (t) =>
    paragraphsOf(t)
      .map((p) => `**${p}**`)
      .join("\n\n"),
  "italic sentences": (t) =>
    paragraphsOf(t)
      .map((p) =>
        sentencesOf(p)
          .map((s) => `_${s}_`)
          .join(" "),
      )
      .join("\n\n"),
  "HTML paragraphs": (t) =>
    paragraphsOf(t)
      .map((p) => `<p>${p}</p>`)
      .join("\n"),
  "HTML list": (t) =>
    `<ul>\n${allSentences(t)
      .map((s) => `<li>${s}</li>`)
      .join("\n")}\n</ul>`,
  "HTML line breaks": (t) => paragraphsOf(t).join("<br><br>"),
  "LaTeX itemize": (t) =>
    `\\begin{itemize}\n${allSentences(t)
      .map((s) => `\\item ${s}`)
      .join("\n")}\n\\end{itemize}`,
  "BBCode list": (t) =>
    `[list]\n${allSentences(t)
      .map((s) => `[*] ${s}`)
      .join("\n")}\n[/list]`,
  "reStructuredText bullets": (t) =>
    allSentences(t)
      .map((s) => `* ${s}\n`)
      .join("\n"),
  "table rows": (t) =>
    allSentences(t)
      .map((s) => `| ${s} |`)
      .join("\n"),
};

describe("sentence blocks: bounded whatever the layout", () => {
  const lexicon = new Lexicon();
  const blocks = (text: string) => sentenceBlocks(text, scanText(text, lexicon, createBuffers())).map((b) => b.replace(/\s+/g, " ").trim());
  const wordsOf = (b: string) => b.split(" ").length;
  const story = Array.from({ length: 40 }, (_, i) => `The keeper of lamp ${i % 3 === 0 ? "and harbour" : "by the sea"} walked ${["north", "home", "slowly"][i % 3]} past the boats before dawn.`);
  const paragraphs = [story.slice(0, 6), story.slice(6, 14), story.slice(14, 19), story.slice(19, 27), story.slice(27, 34), story.slice(34)].map((p) => p.join(" "));

  it("cuts a reply without breaks, one sentence per line or per paragraph, into blocks of 20 to 200 words", () => {
    for (const layout of [story.join(" "), story.join("\n"), story.join("\n\n"), story.map((s) => `- ${s}`).join("\n")]) {
      const cut = blocks(layout);
      expect(cut.length, layout.slice(0, 40)).toBeGreaterThan(2);
      for (const b of cut) expect(wordsOf(b)).toBeGreaterThanOrEqual(20);
      for (const b of cut) expect(wordsOf(b)).toBeLessThanOrEqual(200);
      expect(cut.join(" ").replace(/- /g, "")).toBe(story.join(" "));
    }
  });

  it("keeps paragraphs of the usual size as blocks, so an added paragraph is a block of its own", () => {
    expect(blocks(paragraphs.join("\n\n"))).toEqual(paragraphs);
    const other = "Sixteen years had Miss Taylor been in Mr. Woodhouse's family, less as a governess than a friend. She was very fond of both daughters, but particularly of Emma. Between them it was more the intimacy of sisters.";
    for (const at of [0, 3, 6]) {
      const edited = [...paragraphs.slice(0, at), other, ...paragraphs.slice(at)];
      expect(blocks(edited.join("\n\n"))).toEqual(edited);
    }
  });
});

describe.skipIf(!hasSharedData)(`layout, empty sentences and prompt echo on real replies (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  const rows = tuningReplies(24);
  const gainOf = async (edit: (text: string) => string) => {
    const [before, after] = await Promise.all([scoreProse(rows), scoreProse(rows.map((r) => ({ ...r, output: edit(r.output as string) })))]);
    return meanCi(after.map((a, i) => a - before[i]));
  };

  it("enumerates the layout families", () => {
    expect(Object.keys(LAYOUTS).length).toBeGreaterThanOrEqual(30);
    expect(rows.length).toBe(24);
  });

  it.each(Object.keys(LAYOUTS))(
    "%s does not raise the reward (CI lower bound ≤ 0.005)",
    async (name) => {
      const g = await gainOf(LAYOUTS[name]);
      expect(g.ci[0], `${name}: ${g.mean.toFixed(3)} [${g.ci[0].toFixed(3)}, ${g.ci[1].toFixed(3)}]`).toBeLessThanOrEqual(0.005);
    },
    120_000,
  );

  it.each([
    ["a rhetorical question", ["Isn't that something?", "And who could blame them?", "What else could it be?"]],
    ["an exclamation", ["How strange it all was!", "What a night!", "Oh, the irony!"]],
    ["a bare aside", ["Such is life.", "So it goes.", "Or so it seemed."]],
  ])(
    "%s after each paragraph does not raise the reward",
    async (_name, lines) => {
      const g = await gainOf((t) =>
        paragraphsOf(t)
          .map((p, i) => `${p} ${lines[i % lines.length]}`)
          .join("\n\n"),
      );
      expect(g.ci[0], `${g.mean.toFixed(3)} [${g.ci[0].toFixed(3)}, ${g.ci[1].toFixed(3)}]`).toBeLessThanOrEqual(0.005);
    },
    120_000,
  );

  it.each(["right", "yes", "no", "eh", "okay", "huh", "see", "correct", "sure", "true"])(
    'a ", %s?" tag on each paragraph\'s last sentence does not raise the reward',
    async (tag) => {
      const g = await gainOf((t) =>
        paragraphsOf(t)
          .map((p) => p.replace(/[.!](["”’]?)$/, `, ${tag}?$1`))
          .join("\n\n"),
      );
      expect(g.ci[0], `${g.mean.toFixed(3)} [${g.ci[0].toFixed(3)}, ${g.ci[1].toFixed(3)}]`).toBeLessThanOrEqual(0.005);
    },
    120_000,
  );

  it.each([
    ["shuffled", (words: string[]) => words.map((_, i) => words[(i * 7) % words.length])],
    ["repeated twice", (words: string[]) => [...words, ...words]],
    ["in order", (words: string[]) => words],
  ])(
    "the prompt's own words %s score below the reply's careful opening",
    async (_name, arrange) => {
      const opening = (t: string) => allSentences(t).slice(0, 4).join(" ");
      const made = rows.map((r) => {
        const words = (r.prompt as string)
          .replace(/[.!?]+/g, "")
          .split(/\s+/)
          .filter((w) => w !== "");
        const text = arrange(words).join(" ");
        return { ...r, output: `${text[0].toUpperCase()}${text.slice(1)}.` };
      });
      const [degenerate, openings] = await Promise.all([scoreProse(made), scoreProse(rows.map((r) => ({ ...r, output: opening(r.output as string) })))]);
      const d = meanCi(degenerate.map((x, i) => x - openings[i]));
      expect(d.ci[1], `${d.mean.toFixed(3)} [${d.ci[0].toFixed(3)}, ${d.ci[1].toFixed(3)}]`).toBeLessThan(0);
    },
    120_000,
  );
});
