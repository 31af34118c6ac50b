import { describe, expect, it } from "vitest";
import { cleanProse, cleanText, foldHomoglyphs, stripInvisible, stripHtml, stripMarkup, stripZalgo, tidyWhitespace } from "../../src/text/cleanup.js";
import { stripRoleplayMeta } from "../../src/text/roleplay-meta.js";

describe("stripMarkup", () => {
  it("removes HTML tags, comments and script/style blocks, decodes entities", () => {
    expect(stripMarkup('<p class="x">Tom &amp; Jerry&#39;s <b>big</b>&nbsp;day</p><!-- note --><script>alert(1)</script>')).toBe("Tom & Jerry's big day\n");
    expect(stripMarkup("a &#x1F602; b &bogus; c")).toBe("a 😂 b &bogus; c");
  });
  it("keeps comparisons that are not tags", () => {
    expect(stripMarkup("if a < b and c > d")).toBe("if a < b and c > d");
  });
  it("removes markdown headers, emphasis, links, images, code and quotes but keeps their text", () => {
    const md = "## The Plan\n> **Bold** and *italic* and __strong__ and _em_ and ~~gone~~\n[docs](http://x.y) ![a cat](c.png) `npm i`\n```ts\nconst x = 1;\n```\n---";
    expect(stripMarkup(md)).toBe("The Plan\nBold and italic and strong and em and gone\ndocs a cat npm i\nconst x = 1;\n");
  });
  it("removes nested blockquote markers", () => {
    expect(stripMarkup("> > quoted twice\n>> again")).toBe("quoted twice\nagain");
  });
  it("leaves snake_case identifiers and lone asterisks alone", () => {
    expect(stripMarkup("use snake_case_names and 2 * 3 = 6")).toBe("use snake_case_names and 2 * 3 = 6");
  });
});

describe("stripHtml", () => {
  it("removes tags and comments but no markdown", () => {
    expect(stripHtml("<span>dark</span> <b>*night*</b><!-- pad pad pad --> &amp; rain")).toBe("dark *night* & rain");
  });
});

describe("stripInvisible", () => {
  it("removes zero-width characters inside words, BOMs and bidi controls", () => {
    expect(stripInvisible("\uFEFFsl\u200Bop\u200C wo\u2060rd \u202Eevil\u202C")).toBe("slop word evil");
  });
  it("keeps the zero-width joiner inside emoji sequences but not between letters", () => {
    const family = "👨\u200D👩\u200D👧";
    expect(stripInvisible(family)).toBe(family);
    expect(stripInvisible("a\u200Db")).toBe("ab");
  });
});

describe("stripZalgo", () => {
  it("removes combining-mark floods", () => {
    expect(stripZalgo("Z̸̢̛̗a̷̡͎l̴̰g̸o̵ text")).toBe("Zalgo text");
    expect(stripZalgo("H\u0336\u0336\u0336e\u0489llo")).toBe("Hello");
  });
  it("keeps real diacritics (precomposed or composable) and other scripts' vowel signs", () => {
    expect(stripZalgo("café naïve Việt")).toBe("café naïve Việt");
    expect(stripZalgo("cafe\u0301")).toBe("café");
    expect(stripZalgo("नमस्ते हूँ")).toBe("नमस्ते हूँ");
  });
  it("strips a flood on a non-Latin letter", () => {
    expect(stripZalgo("न\u0301\u0302\u0303\u0304")).toBe("न");
  });
});

describe("foldHomoglyphs", () => {
  it("folds Cyrillic look-alikes hidden in Latin words", () => {
    expect(foldHomoglyphs("\u041D\u0435ll\u043E")).toBe("Hello"); // "Неllо": Cyrillic Н, е, о
    expect(foldHomoglyphs("\u041D\u0435llo")).toBe("Hello");
    expect(foldHomoglyphs("p\u0430ss\u0432ord")).toBe("p\u0430ss\u0432ord".replace("\u0430", "a"));
  });
  it("folds whole words made only of look-alikes, Greek included, and fullwidth ASCII", () => {
    expect(foldHomoglyphs("\u0421\u0410\u0422 \u039A\u039F")).toBe("CAT KO");
    expect(foldHomoglyphs("Ｈｅｌｌｏ！")).toBe("Hello!");
  });
  it("keeps real Cyrillic and Greek words", () => {
    expect(foldHomoglyphs("Привет мир λόγος")).toBe("Привет мир λόγος");
  });
});

describe("cleanText", () => {
  it("applies every step and tidies whitespace", () => {
    expect(cleanText("  <i>\u041D\u0435llo</i>\u200B   **there**  \n\n\n\nZ̸̢̛̗a̷̡͎l̴̰g̸o̵ ")).toBe("Hello there\n\nZalgo");
  });
  it("returns plain text unchanged", () => {
    const plain = "She closed the door. It was late, and the printer hummed.";
    expect(cleanText(plain)).toBe(plain);
  });
  it("tidyWhitespace keeps single spaces and single newlines", () => {
    expect(tidyWhitespace("a  b\t c \n d\n\n\n\ne")).toBe("a b c\nd\n\ne");
  });
});

describe("stripRoleplayMeta / cleanProse", () => {
  it("removes OOC notes, stat lines and bare headers, keeps the story", () => {
    const reply = "[Aria]\nShe smiles. ((brb, dinner))\nHP: 20/20 | MP: 5/5\n(OOC: sorry for the wait)\nOOC: next scene?\nAria:\nThe door opens.";
    expect(cleanProse(reply)).toBe("She smiles.\n\nThe door opens.");
    expect(stripRoleplayMeta("He said: fine.")).toBe("He said: fine.");
  });
});
