// Markup of any language read as rendered (issue 36, markup37): each language's shapes, generated over
// command and tag names no list holds, and the whole HTML5 entity table.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dropHeadings, readMarkup, unwrapSentenceEmphasis } from "../../src/text/markup.js";
import { isParatextLine, stripParatext } from "../../src/text/markup-paratext.js";
import { costlyWords } from "../../src/text/spelling.js";
import { pricedLemmas } from "../../src/terms/prose/stack/prepare.js";
import { DEFAULT_DICTIONARY_PATH } from "../../src/terms/prose/stack/resources.js";

const W = "tapestry";
const plain = `She saw the ${W} at dawn.`;
const inside = (form: string) => `She saw the ${form} at dawn.`;

/** Command and tag names: common ones and ones no renderer defines. */
const NAMES = ["i", "em", "b", "strong", "u", "textit", "emph", "textsc", "textbf", "underline", "color", "size", "foo", "zqx", "myStyle", "x1"];

describe("markup read as the text it renders", () => {
  it("reads every LaTeX command shape around a word, whatever the command's name", () => {
    for (const name of NAMES.filter((n) => /^[A-Za-z]+$/.test(n))) {
      for (const form of [`\\${name}{${W}}`, `\\${name}*{${W}}`, `\\${name}[opt]{${W}}`, `\\${name}[a][b]{${W}}`, `\\${name}{red}{${W}}`, `{\\${name} ${W}}`, `\\${name}{\\textit{${W}}}`]) {
        expect(readMarkup(inside(form)), form).toBe(plain);
      }
    }
  });

  it("reads TeX environments, escapes, ties and bare commands, and leaves math as written", () => {
    expect(readMarkup(`\\begin{quote}\n${plain}\n\\end{quote}`)).toBe(`${plain}\n`);
    expect(readMarkup(`\\noindent ${plain}`)).toBe(plain);
    expect(readMarkup("Fish \\& chips cost 5\\% more at Mr.~Gray's.")).toBe("Fish & chips cost 5% more at Mr. Gray's.");
    expect(readMarkup(`${plain} The sum $a^2 + b^2$ held.`)).toBe(`${plain} The sum $a^2 + b^2$ held.`);
    expect(readMarkup(`${plain} It was \\(\\textit{x}\\).`)).toBe(`${plain} It was \\(\\textit{x}\\).`);
  });

  it("reads every BBCode tag pair, known or not, with or without a value", () => {
    for (const name of NAMES) {
      for (const form of [`[${name}]${W}[/${name}]`, `[${name}=red]${W}[/${name}]`, `[${name} a=1]${W}[/${name}]`, `[${name.toUpperCase()}]${W}[/${name.toUpperCase()}]`, `[b][${name}]${W}[/${name}][/b]`]) {
        expect(readMarkup(inside(form)), form).toBe(plain);
      }
    }
    // Brackets that no matching close follows are text (stage directions, notes).
    expect(readMarkup("[Lights up.] She waits.")).toBe("[Lights up.] She waits.");
  });

  it("reads HTML and XML tags of any name, with attributes, comments and declarations", () => {
    for (const name of [...NAMES, "w:t", "x-custom", "my.tag"]) {
      for (const form of [`<${name}>${W}</${name}>`, `<${name} class="a" data-x='1'>${W}</${name}>`, `<${name}/>${W}`]) {
        expect(readMarkup(inside(form)), form).toBe(plain);
      }
    }
    expect(readMarkup(`<?xml version="1.0"?><!DOCTYPE p>${plain}<!-- note -->`)).toBe(plain);
    expect(readMarkup(`<![CDATA[${plain}]]>`)).toBe(plain);
  });

  it("decodes every named reference of the HTML5 table, and numeric ones across the code space", () => {
    const table = (JSON.parse(readFileSync(new URL("../../src/text/data/html-entities.json", import.meta.url), "utf8")) as { entities: Record<string, string> }).entities;
    const names = Object.keys(table);
    expect(names.length).toBe(2125);
    for (const name of names) expect(readMarkup(`a&${name};b`), name).toBe(`a${table[name]}b`);
    for (let cp = 0x20; cp <= 0x10ffff; cp += 997) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      expect(readMarkup(`&#${cp};`)).toBe(c);
      expect(readMarkup(`&#x${cp.toString(16)};`)).toBe(c);
    }
    expect(readMarkup("&notanentity; &#xD800;")).toBe("&notanentity; &#xD800;");
    // What a reference writes is text, not markup.
    expect(readMarkup("&lt;em&gt;word&lt;/em&gt; &bsol;textit{x}")).toBe("<em>word</em> \\textit{x}");
  });

  it("reads wiki, reStructuredText, AsciiDoc, org-mode and troff inline forms", () => {
    const forms = [
      `''${W}''`,
      `'''${W}'''`,
      `'''''${W}'''''`,
      `[[Main page|${W}]]`,
      `[[${W}]]`,
      `\`\`${W}\`\``,
      `:emphasis:\`${W}\``,
      `\`${W} <https://example.org>\`_`,
      `/${W}/`,
      `=${W}=`,
      `~${W}~`,
      `+${W}+`,
      `\\fI${W}\\fR`,
      `\\f(BI${W}\\fP`,
      `[${W}](https://example.org)`,
      `![${W}](a.png)`,
      `[${W}][ref]`,
      `\`${W}\``,
      `~~${W}~~`,
    ];
    for (const form of forms) expect(readMarkup(inside(form)), form).toBe(plain);
    expect(readMarkup(`${plain}[^1]\n\n[^1]: A note.`)).toBe(`${plain}\n\n`);
    // TeX quotes are quotes, not reST literals or wiki emphasis.
    const tex = "``Hello,'' she said. ``Come in.'' He ``waited.''";
    expect(readMarkup(tex)).toBe(tex);
  });

  it("reads a heading of every markup as a heading line, and leaves heading lines out", () => {
    const headings = [
      "\\section*{Part 1}",
      "\\chapter[short]{Part 1}",
      "\\zqxheading{Part 1}",
      "[h1]Part 1[/h1]",
      "[size=20]Part 1[/size]",
      "<h2>Part 1</h2>",
      "<x-title>Part 1</x-title>",
      "== Part 1 ==",
      "=== Part 1 ===",
      "= Part 1",
      "== Part 1",
      "* Part 1",
      "** Part 1",
      "Part 1\n======",
      "Part 1\n------",
      "~~~~~~\nPart 1\n~~~~~~",
      "Part 1\n^^^^^^",
      "# Part 1",
      "###### Part 1",
      "**Part 1**",
      "*Part 1*",
      "__Part 1__",
      "### **Part 1**",
    ];
    for (const h of headings) expect(readMarkup(`${h}\n${plain}`), h).toBe(plain);
    const troff = `.TH STORY 1\n.SH THE MORNING\n${plain}\n.PP\n${plain}`;
    expect(readMarkup(troff)).toBe(`${plain}\n\n${plain}`);
    // A heading without markup, alone between blank lines, anywhere.
    for (const h of ["Part 2", "Chapter Three", "IV", "I", "XII.", "3", "The Long Night", "Interlude: The Sea"]) expect(readMarkup(`${plain}\n\n${h}\n\n${plain}`), h).toBe(`${plain}\n\n\n\n${plain}`);
    for (const line of ["Silence.", "the rain, the rain", "And then nothing", "Not yet?"]) expect(readMarkup(`${plain}\n\n${line}\n\n${plain}`), line).toBe(`${plain}\n\n${line}\n\n${plain}`);
    // A marked line that closes a sentence is prose.
    expect(dropHeadings("## It was over.\nShe left.")).toBe("## It was over.\nShe left.");
  });

  it("reads emphasis over a whole sentence or paragraph as the sentence, and keeps emphasis of a word", () => {
    for (const d of ["*", "**", "***", "_", "__", "___"]) {
      expect(unwrapSentenceEmphasis(`${d}${plain} It rained.${d}`), d).toBe(`${plain} It rained.`);
      expect(unwrapSentenceEmphasis(`He waited. ${d}${plain}${d} Then he left.`), d).toBe(`He waited. ${plain} Then he left.`);
    }
    expect(unwrapSentenceEmphasis("*That was a *bad* day.*")).toBe("That was a *bad* day.");
    expect(unwrapSentenceEmphasis(`*${plain} *`)).toBe(plain);
    expect(unwrapSentenceEmphasis(`Before.\n\n*${plain}\n“Go,” she said.*\n\nAfter.`)).toBe(`Before.\n\n${plain}\n“Go,” she said.\n\nAfter.`);
    expect(unwrapSentenceEmphasis(`She saw the *${W}* at dawn.`)).toBe(`She saw the *${W}* at dawn.`);
    // The other markups' emphasis reads as plain text, so whole paragraphs in it read as the paragraphs.
    for (const [open, close] of [
      ["\\textit{", "}"],
      ["[i]", "[/i]"],
      ["<em>", "</em>"],
      ["''", "''"],
      ["{\\em ", "}"],
    ]) {
      expect(readMarkup(`${open}${plain} It rained.${close}`), open).toBe(`${plain} It rained.`);
    }
  });

  it("never reads a backslash inside a word as a TeX command (held-out battery 5: +0.057 on the merged v8)", () => {
    // Every priced form of the default dictionary, a backslash at every inner position: the word keeps all its
    // letters for the spelling reading to join ("tape\stry" is no "tape" and a command \stry).
    const forms = [...costlyWords(pricedLemmas(JSON.parse(readFileSync(DEFAULT_DICTIONARY_PATH, "utf8")))).forms];
    expect(forms.length).toBeGreaterThan(1000);
    let checked = 0;
    for (const form of forms) {
      for (let i = 1; i < form.length; i++) {
        const text = `The ${form.slice(0, i)}\\${form.slice(i)} of it.`;
        expect(readMarkup(text), text).toBe(text);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10_000);
    // A command that opens a word is still read: "\emph word" and "\textit{word}".
    expect(readMarkup("A \\emph word and \\textit{tapestry} here.")).toBe("A word and tapestry here.");
  });

  it("returns text without markup as it came", () => {
    const prose = "It was 5 a.m. — the sky, grey; she said “no” (twice) and left: 50% sure, 1/2 awake, and/or tired. [Pause.] The end? No.";
    expect(readMarkup(prose)).toBe(prose);
  });
});

describe("paratext read by its shape", () => {
  const story =
    "The rain had not stopped for three days, and the river rose against the wall.\n\nShe walked to the bridge at noon and waited for the boat that never came.\n\nBy evening the water had reached the door, and she climbed the stairs with the lamp.";
  const top = [
    "The Weight of Water",
    "by Anonymous",
    "Chapter 1",
    "Part One",
    "XIV",
    "#grief #loss #rain",
    "* * *",
    "Title: The Weight of Water",
    "Content warning: themes of loss and grief.",
    "Genre: literary fiction | Tone: bittersweet | Rating: PG",
    "(5 min read)",
    "[Lights up.]",
    "For my grandmother, who told the best stories.",
    "In memory of my father.",
    "“All that is gold does not glitter.”\n— J. R. R. Tolkien",
  ];
  const bottom = [
    "The End.",
    "The End",
    "To Be Continued…",
    "Author's note: I wrote this in one sitting and tried to let the characters lead. Thank you for reading.",
    "Word count: 412",
    "(412 words)",
    "Thanks for reading! — A.",
    "© 2026 All rights reserved",
    "Tags: rain, loss, river",
    "— Anonymous",
  ];

  it("leaves out each shape at the top and at the bottom", () => {
    for (const p of top) expect(stripParatext(`${p}\n\n${story}`), p).toBe(story);
    for (const p of bottom) expect(stripParatext(`${story}\n\n${p}`), p).toBe(story);
    expect(stripParatext(`${top[0]}\n${top[1]}\n\n${top[12]}\n\n${story}\n\n${bottom[0]}\n${bottom[3]}`)).toBe(story);
  });

  it("keeps the story's own first and last lines", () => {
    for (const line of [
      "In his head was the echo of those titters with Anthea.",
      "“Through a door conveniently unlocked”, Madden supplemented.",
      "She did: he was satisfied, and said no more.",
      "It was raining.",
      "She had waited ten years for this.",
      "And in the end, that was enough.",
      "What use is a god who cannot act?",
      "Not until you remember.",
      "It’s been ten years since I saw the sun.",
    ]) {
      expect(isParatextLine(line, true) && isParatextLine(line), line).toBe(false);
      expect(stripParatext(`${line}\n\n${story}\n\n${line}`), line).toBe(`${line}\n\n${story}\n\n${line}`);
    }
  });

  it("never leaves out most of a reply, nor a fenced block's lines", () => {
    expect(stripParatext("Chapter 1\n\nRain.\n\nThe End")).toBe("Chapter 1\n\nRain.\n\nThe End");
    expect(stripParatext(`${story}\n\`\`\`\ncode here\n\`\`\``)).toBe(`${story}\n\`\`\`\ncode here\n\`\`\``);
  });
});
