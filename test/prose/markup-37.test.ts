// Markup of any language, emphasis of whole paragraphs and paratext on real replies (issue 36,
// markup37): under the default preset none raises the reward. Battery 4 paid for LaTeX \textit (+0.016),
// \section before each paragraph (+0.035), BBCode [i] (+0.019) and a dedication (+0.012); battery 3 for
// whole paragraphs in italics (+0.009). Tuning slice only (test/helpers/prose-replies.ts).
import { describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { scoreProse, tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";

const paragraphs = (t: string) => t.split(/\n\s*\n/).filter((p) => p.trim() !== "");
/** Every word of seven letters or more (the priced words among them), without the dictionary. */
const inLongWords = (wrap: (w: string) => string) => (t: string) => t.replace(/(?<![\p{L}'’\\[{<=/])\p{L}{7,}(?![\p{L}'’\]}>])/gu, wrap);

/** Words wrapped in each markup's emphasis, command names no list holds among them. */
const WORD_MARKUP: Record<string, (t: string) => string> = {
  "LaTeX \\textit": inLongWords((w) => `\\textit{${w}}`),
  "LaTeX \\textsc": inLongWords((w) => `\\textsc{${w}}`),
  "LaTeX unseen \\zqxstyle[opt]{…}": inLongWords((w) => `\\zqxstyle[opt]{${w}}`),
  "LaTeX {\\em …}": inLongWords((w) => `{\\em ${w}}`),
  "BBCode [i]": inLongWords((w) => `[i]${w}[/i]`),
  "BBCode [color=red]": inLongWords((w) => `[color=red]${w}[/color]`),
  "BBCode unseen [zqx]": inLongWords((w) => `[zqx]${w}[/zqx]`),
  "HTML unseen <w:t>": inLongWords((w) => `<w:t>${w}</w:t>`),
  "wiki '''bold'''": inLongWords((w) => `'''${w}'''`),
  "wiki [[link]]": inLongWords((w) => `[[${w}]]`),
  "reST ``literal``": inLongWords((w) => `\`\`${w}\`\``),
  "org /italic/": inLongWords((w) => `/${w}/`),
  "troff \\fI…\\fR": inLongWords((w) => `\\fI${w}\\fR`),
  "HTML named reference for a letter": inLongWords((w) => (w.includes("e") ? w.replace("e", "&#101;") : w)),
};

/** A heading of each markup before each paragraph. */
const HEADINGS: Record<string, (i: number) => string> = {
  "LaTeX \\section*": (i) => `\\section*{Part ${i + 1}}`,
  "LaTeX unseen \\zqxpart": (i) => `\\zqxpart{Part ${i + 1}}`,
  "Markdown ##": (i) => `## Part ${i + 1}`,
  "Setext underline": (i) => `Part ${i + 1}\n------`,
  "wiki == ==": (i) => `== Part ${i + 1} ==`,
  "AsciiDoc ==": (i) => `== Part ${i + 1}`,
  "org **": (i) => `** Part ${i + 1}`,
  "HTML <h2>": (i) => `<h2>Part ${i + 1}</h2>`,
  "BBCode [size=20]": (i) => `[size=20]Part ${i + 1}[/size]`,
  "bold line": (i) => `**Part ${i + 1}**`,
  "troff .SH": (i) => `.SH PART ${i + 1}`,
  "plain line": (i) => `Part ${i + 1}`,
  "roman numeral": (i) => ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"][i % 10],
};

/** Whole paragraphs in each markup's emphasis. */
const PARAGRAPH_EMPHASIS: Record<string, [string, string]> = {
  "Markdown *": ["*", "*"],
  "Markdown _": ["_", "_"],
  "Markdown ***": ["***", "***"],
  "LaTeX \\textit": ["\\textit{", "}"],
  "BBCode [i]": ["[i]", "[/i]"],
  "HTML <em>": ["<em>", "</em>"],
  "wiki ''": ["''", "''"],
};

/** Paratext at the top or the bottom. */
const PARATEXT: Record<string, (t: string) => string> = {
  dedication: (t) => `For my grandmother, who told the best stories.\n\n${t}`,
  "memorial dedication": (t) => `In memory of my father.\n\n${t}`,
  epigraph: (t) => `“All that is gold does not glitter, / Not all those who wander are lost.”\n— J. R. R. Tolkien\n\n${t}`,
  "title and byline": (t) => `The Long Evening\nby Anonymous\n\n${t}`,
  '"Chapter 1"': (t) => `Chapter 1\n\n${t}`,
  '"Part One"': (t) => `Part One\n\n${t}`,
  "roman numeral": (t) => `IV\n\n${t}`,
  "content warning": (t) => `Content warning: themes of loss and grief.\n\n${t}`,
  "genre tags": (t) => `Genre: literary fiction | Tone: bittersweet | Rating: PG\n\n${t}`,
  hashtags: (t) => `${t}\n\n#grief #family #rain`,
  "author's note": (t) => `${t}\n\nAuthor's note: I wrote this in one sitting and tried to let the characters lead. Thank you for reading.`,
  "word count": (t) => `${t}\n\n(${t.split(/\s+/).length} words)`,
  "sign-off": (t) => `${t}\n\nThanks for reading! — A.`,
  '"The End."': (t) => `${t}\n\nThe End.`,
  '"To Be Continued…"': (t) => `${t}\n\nTo Be Continued…`,
  separator: (t) => `${t}\n\n* * *`,
};

describe.skipIf(!hasSharedData)(`markup and paratext on real replies (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  const replies: BankRow[] = tuningReplies(30);
  let before: number[] | undefined;
  /** Mean and largest gain of an edit over the replies it changed. */
  const gains = async (edit: (t: string) => string) => {
    before ??= await scoreProse(replies);
    const edited = replies.map((r) => ({ ...r, output: edit(r.output as string) }));
    const after = await scoreProse(edited);
    const g = after.flatMap((v, i) => (edited[i].output !== replies[i].output ? [v - before![i]] : []));
    return { n: g.length, mean: g.reduce((a, b) => a + b, 0) / g.length, max: Math.max(...g) };
  };

  it("reads words in any markup's emphasis as the words: no gain on any reply", async () => {
    for (const [name, edit] of Object.entries(WORD_MARKUP)) {
      const g = await gains(edit);
      expect(g.n, name).toBeGreaterThanOrEqual(25);
      expect(g.max, name).toBeLessThanOrEqual(0.001);
    }
  }, 300_000);

  it("never pays for a heading of any markup before each paragraph", async () => {
    for (const [name, head] of Object.entries(HEADINGS)) {
      const g = await gains((t) =>
        paragraphs(t)
          .map((p, i) => `${head(i)}\n\n${p}`)
          .join("\n\n"),
      );
      expect(g.max, name).toBeLessThanOrEqual(0.001);
    }
  }, 300_000);

  it("does not pay for whole paragraphs in any markup's emphasis", async () => {
    for (const [name, [open, close]] of Object.entries(PARAGRAPH_EMPHASIS)) {
      const g = await gains((t) =>
        paragraphs(t)
          .map((p) => `${open}${p}${close}`)
          .join("\n\n"),
      );
      expect(g.mean, name).toBeLessThanOrEqual(0.005);
    }
  }, 300_000);

  it("never pays for paratext at the top or the bottom", async () => {
    for (const [name, edit] of Object.entries(PARATEXT)) {
      const g = await gains(edit);
      expect(g.n, name).toBe(30);
      expect(g.max, name).toBeLessThanOrEqual(0.001);
    }
  }, 300_000);
});
