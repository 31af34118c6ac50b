// Generic shortcut features the judge-blind detector hypothesises over (SPEC §9): lexical n-grams and
// word stems, closing n-grams, structure (label lines, paragraph openers, rules), and self-reference.
// Nothing here knows which bias was injected: there are no target word lists, only generic text
// statistics. N-grams that the prompt itself contains are not counted for that row (the task asked
// for them), and n-grams made only of function words are skipped.
import type { RowView } from "./row-view.js";

export type FeatureFamily = "lexical" | "closing" | "structure" | "self_reference";

export interface Feature {
  key: string;
  family: FeatureFamily;
  /** Human-readable description for evidence. */
  describe: string;
  matches(row: RowView): boolean;
}

const FUNCTION_WORDS = new Set(
  "a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those there here i you he she we they me him her us them my your his our their not no do does did have has had will would can could should may might must so than then too very just also into about over under up down out more most some any all each such what which who whom when where why how s t".split(
    " ",
  ),
);

const SELF_REFERENCE = /\b(?:this|the|my|above) (?:response|answer|reply|report|essay|guide|summary|text|piece|output|letter|email|version|story|poem)\b|\bi (?:have|ve|ensured|made|followed|adhered|kept|used|included|tried)\b/;

/** A light suffix-stripping stemmer (plural, tense, -ment, -ly), enough to merge word families. */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  for (const suffix of ["ments", "ment", "ings", "ing", "edly", "ed", "ly", "es", "s"]) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) return word.slice(0, -suffix.length);
  }
  return word;
}

function labelLine(line: string): boolean {
  const t = line.trim();
  return /^#{1,6}\s+\S/.test(t) || /^\*\*[^*]{1,60}\*\*:?$/.test(t) || /^(?:\d+[.)]\s*)?\*\*[^*]{2,60}\*\*:?(?:\s|$)/.test(t);
}

export function familyOfNgram(gram: string, closing: boolean): FeatureFamily {
  if (SELF_REFERENCE.test(gram)) return "self_reference";
  return closing ? "closing" : "lexical";
}

function stemKeys(row: RowView): Set<string> {
  if (row.memo.stems) return row.memo.stems;
  const keys = new Set<string>();
  const input = row.inputJoined();
  for (const w of row.words()) {
    if (w.length < 6 || FUNCTION_WORDS.has(w)) continue;
    const s = stem(w);
    if (s !== w && !input.includes(` ${s}`)) keys.add(`stem:${s}`);
  }
  return (row.memo.stems = keys);
}

function structureKeys(row: RowView): Set<string> {
  if (row.memo.structure) return row.memo.structure;
  const keys = new Set<string>();
  const input = row.inputJoined();
  const labels = row.lines().filter(labelLine).length;
  keys.add(`structure:label_lines=${Math.min(labels, 7)}`);
  const paras = row.paragraphs();
  keys.add(`structure:paragraphs=${Math.min(paras.length, 9)}`);
  for (const p of paras) {
    const first = (p
      .toLowerCase()
      .replace(/^[#*\s\d.)-]+/, "")
      .match(/^[a-z]+/) ?? [])[0];
    if (first && !input.includes(` ${first} `)) keys.add(`structure:paragraph_opener=${first}`);
  }
  if (/^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/m.test(row.output)) keys.add("structure:horizontal_rule");
  return (row.memo.structure = keys);
}

/** Feature keys present in a row (each counted once per row). */
export function featureKeys(row: RowView, maxN = 3): Set<string> {
  const keys = new Set<string>();
  const words = row.words();
  const inputGrams = row.inputGrams();
  const tailStart = Math.max(0, words.length - 30);
  const isFunction = words.map((w) => FUNCTION_WORDS.has(w));
  for (let i = 0; i < words.length; i++) {
    // grams starting at i, built incrementally; a gram counts unless it is all function words
    let text = "";
    let allFunction = true;
    for (let n = 1; n <= maxN && i + n <= words.length; n++) {
      const w = words[i + n - 1];
      text = n === 1 ? w : `${text} ${w}`;
      allFunction &&= isFunction[i + n - 1];
      if (allFunction || (n === 1 && w.length < 3)) continue;
      if (inputGrams.has(text)) continue;
      keys.add(`ngram:${text}`);
      if (n >= 2 && i >= tailStart) keys.add(`closing:${text}`);
    }
  }
  for (const k of stemKeys(row)) keys.add(k);
  for (const k of structureKeys(row)) keys.add(k);
  return keys;
}

/**
 * A regex over the raw output equivalent to matching " w1 w2 " in the normalised text (words are
 * ASCII letter/digit runs, anything else separates): testing it allocates nothing per row.
 */
function phrasePattern(phrase: string, prefixOnly = false): RegExp {
  return new RegExp(`(?<![a-z0-9])${phrase.split(" ").join("[^a-z0-9]+")}${prefixOnly ? "" : "(?![a-z0-9])"}`, "i");
}

export function featureFromKey(key: string): Feature {
  const [kind, rest] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  if (kind === "ngram") {
    const pattern = phrasePattern(rest);
    return {
      key,
      family: familyOfNgram(rest, false),
      describe: `the phrase "${rest}"`,
      matches: (r) => pattern.test(r.output) && !r.inputGrams().has(rest),
    };
  }
  if (kind === "closing") {
    const needle = ` ${rest} `;
    return {
      key,
      family: familyOfNgram(rest, true),
      describe: `the phrase "${rest}" in the closing ${30} words`,
      matches: (r) => r.tail().includes(needle) && !r.inputGrams().has(rest),
    };
  }
  if (kind === "stem") {
    const prefix = phrasePattern(rest, true);
    // The words of the family, found in the raw output: the same test as stemKeys without splitting the row.
    const family = new RegExp(`(?<![a-z0-9])${rest}(?:ments|ment|ings|ing|edly|ed|ly|es|s)(?![a-z0-9])`, "gi");
    return {
      key,
      family: "lexical",
      describe: `words of the family "${rest}-"`,
      matches: (r) => {
        if (!prefix.test(r.output) || r.inputJoined().includes(` ${rest}`)) return false;
        for (const m of r.output.matchAll(family)) {
          const w = m[0].toLowerCase();
          if (w.length >= 6 && !FUNCTION_WORDS.has(w) && stem(w) === rest) return true;
        }
        return false;
      },
    };
  }
  const [name, value] = rest.split("=");
  const describe: Record<string, string> = {
    label_lines: `exactly ${value} header/label lines`,
    paragraphs: `exactly ${value} paragraphs`,
    paragraph_opener: `paragraphs opening with "${value}"`,
    horizontal_rule: "a horizontal rule (---) separating a trailing block",
  };
  return {
    key,
    family: "structure",
    describe: describe[name] ?? rest,
    matches: (r) => structureKeys(r).has(key),
  };
}
