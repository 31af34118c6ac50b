// The laughter vocabulary is data (SPEC §3): versioned JSON files beside this module, validated, hashed
// and compiled once into a single regular expression. Instruments record `vocab.hash` so scores taken
// with different vocabularies are never pooled. A user vocabulary (same schema) goes through
// `compileLaughterVocab`.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { InputError } from "../../core/errors.js";
import { hashOf } from "../../core/hash.js";
import { once } from "../../core/once.js";

export const LAUGHTER_VOCAB_VERSIONS = ["v2-seed", "v3"] as const;
export type LaughterVocabVersion = (typeof LAUGHTER_VOCAB_VERSIONS)[number];

/**
 * Where a match may sit: "word" (default) needs no letter, digit or underscore on either side; "none"
 * matches anywhere (scripts written without spaces); "cjk" needs no Han/kana neighbour (草 alone is
 * laughter, inside a Chinese sentence it means grass); "url-safe" is "word" plus not followed by "."
 * ("www" but not "www.example.com"); "number" needs no digit, "-" or "." around it and no digit after a
 * space ("555" but not "555-1234" or "555 1234"); "unit-safe" is "word" plus not right after a number
 * or before an exponent or slash ("Ha!" but not "200 ha" or "t ha⁻¹", where ha is hectares).
 * Every word-like boundary also treats an apostrophe between letters as part of the word ("ha'penny").
 */
const Boundary = z.enum(["word", "none", "cjk", "url-safe", "number", "unit-safe"]);

/** true: every character may repeat; a string: only those characters may ("o" lets "lol" be "loool" but not "loll"). */
const Elongate = z.union([z.boolean(), z.string().min(1)]);
type ElongateRule = z.infer<typeof Elongate>;

const common = {
  id: z.string().min(1),
  family: z.enum(["word", "emoji", "emoticon", "action", "other-language"]),
  caseInsensitive: z.boolean().optional(),
  boundary: Boundary.optional(),
};

const EntrySchema = z.discriminatedUnion("kind", [
  z.object({
    ...common,
    kind: z.literal("word"),
    text: z.string().min(1),
    /** Characters may repeat: true for every one ("lmao" → "lmaooo"), or a string of those that may. */
    elongate: Elongate.optional(),
  }),
  z.object({
    ...common,
    kind: z.literal("literal"),
    text: z.string().min(1),
  }),
  z.object({
    ...common,
    kind: z.literal("repeat"),
    /** The repeated syllable: "ha" with min 2 matches "haha", "hahaha", … */
    unit: z.string().min(1),
    min: z.number().int().min(1),
    /** Optional leading fragments ("a" for "ahaha", "mwa" for "mwahaha"); each may be absent. */
    prefixes: z.array(z.string().min(1)).optional(),
    /** A trailing fragment ("h" for "hahah"); optional unless tailRequired ("lo" + "l" = "lol"). */
    tail: z.string().min(1).optional(),
    tailRequired: z.boolean().optional(),
    elongate: Elongate.optional(),
  }),
  z.object({
    ...common,
    kind: z.literal("action"),
    /** Opening and closing marks: "*laughs*", "(laughs)", "[laughter]". */
    brackets: z.array(z.tuple([z.string().length(1), z.string().length(1)])).min(1),
    /** Word beginnings that make a bracketed span a laughter action ("laugh" covers laughs/laughing/laughter). */
    stems: z.array(z.string().min(1)).min(1),
    /** Other text allowed inside the brackets before and after the stem word ("*laughs softly*"). */
    maxExtraChars: z.number().int().min(0).max(200),
  }),
]);

export const LaughterVocabSchema = z.object({
  version: z.string().min(1),
  description: z.string(),
  residue: z.object({ emptyBrackets: z.boolean() }),
  entries: z.array(EntrySchema).min(1),
});

export type LaughterVocabData = z.infer<typeof LaughterVocabSchema>;
export type LaughterEntry = z.infer<typeof EntrySchema>;

export interface LaughterVocab {
  version: string;
  /** sha256 of the canonical JSON of the vocabulary data: what an instrument records. */
  hash: string;
  data: LaughterVocabData;
  /** The whole vocabulary as one alternation (flags "gu"); one capture group per alternative. */
  pattern: RegExp;
  /** Capture group g (1-based) belongs to entry data.entries[groupEntry[g - 1]]. */
  groupEntry: number[];
  /** Per UTF-16 unit: START_NEVER, START_AT_BOUNDARY or START_ANYWHERE (see match.ts). */
  startTable: Uint8Array;
  /** Per first UTF-16 unit, the sticky regex of the alternatives that can begin with it. */
  startRules: Map<number, StartRule>;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const escapeInClass = (s: string): string => s.replace(/[\]\\^-]/g, "\\$&");

function charPattern(ch: string, caseInsensitive: boolean): string {
  if (caseInsensitive) {
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    if (lower !== upper && [...lower].length === 1 && [...upper].length === 1) return `[${lower}${upper}]`;
  }
  return escape(ch);
}

function repeats(ch: string, elongate: ElongateRule): boolean {
  if (typeof elongate === "boolean") return elongate;
  return elongate.toLowerCase().includes(ch.toLowerCase());
}

function sequence(text: string, caseInsensitive: boolean, elongate: ElongateRule): string {
  return [...text].map((ch) => charPattern(ch, caseInsensitive) + (repeats(ch, elongate) ? "+" : "")).join("");
}

/** A sequence split as (its first character, the rest) so a match can start by consuming a character. */
function splitSequence(text: string, caseInsensitive: boolean, elongate: ElongateRule): { first: string; rest: string } {
  const [head, ...tail] = [...text];
  const first = charPattern(head, caseInsensitive);
  return { first, rest: (repeats(head, elongate) ? `${first}*` : "") + sequence(tail.join(""), caseInsensitive, elongate) };
}

const WORD_CHAR = "[\\p{L}\\p{N}_]";
const CJK_CHAR = "[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}]";

type BoundaryKind = z.infer<typeof Boundary>;

/** What may not stand before a match, as a lookbehind alternative (null: anything may). */
function forbiddenBefore(boundary: BoundaryKind): string | null {
  switch (boundary) {
    case "none":
      return null;
    case "cjk":
      return CJK_CHAR;
    case "url-safe":
      return `(?:${WORD_CHAR}|\\.)`;
    case "number":
      return "[\\p{L}\\p{N}_.$-]";
    case "unit-safe":
      return `(?:${WORD_CHAR}|\\p{L}['’]|\\d[ \\u00A0])`;
    case "word":
      return `(?:${WORD_CHAR}|\\p{L}['’])`;
  }
}

/** What may not follow a match, as a negative lookahead ("" when anything may). */
function forbiddenAfter(boundary: BoundaryKind): string {
  switch (boundary) {
    case "none":
      return "";
    case "cjk":
      return `(?!${CJK_CHAR})`;
    case "url-safe":
      return `(?!${WORD_CHAR}|\\.\\S)`;
    case "number":
      return "(?![\\p{L}\\p{N}_-]|[.,]\\d|\\s\\d)";
    case "unit-safe":
      return `(?!${WORD_CHAR}|['’]\\p{L}|[⁻¹²³/])`;
    case "word":
      return `(?!${WORD_CHAR}|['’]\\p{L})`;
  }
}

interface Alternative {
  /** Regex for exactly one character: how every match of this alternative begins. */
  first: string;
  rest: string;
  /** A superset of `rest` without Unicode properties, when `rest` has them. */
  looseRest?: string;
  boundary: BoundaryKind;
}

/**
 * The entry as alternatives that each begin with one consumed character. Why: V8 scans for a pattern
 * that begins with a character class at near-memcpy speed, but tries a leading lookbehind or lookahead
 * at every position (the difference measured here is 10–50×), so the boundary check is placed after
 * the first character: `h(?<!W h)…` means "an h with no letter before it".
 */
function alternatives(entry: LaughterEntry): Alternative[] {
  const ci = entry.caseInsensitive ?? false;
  switch (entry.kind) {
    case "word": {
      const { first, rest } = splitSequence(entry.text, ci, entry.elongate ?? false);
      return [{ first, rest, boundary: entry.boundary ?? "word" }];
    }
    case "literal": {
      const emoji = /\p{Extended_Pictographic}$/u.test(entry.text);
      const { first, rest } = splitSequence(entry.text, ci, false);
      const suffix = emoji ? "\\uFE0F?[\\u{1F3FB}-\\u{1F3FF}]?" : "";
      return [{ first, rest: rest + suffix, looseRest: rest, boundary: entry.boundary ?? (emoji ? "none" : "word") }];
    }
    case "repeat": {
      const el = entry.elongate ?? false;
      const boundary = entry.boundary ?? "word";
      const unit = `(?:${sequence(entry.unit, ci, el)})`;
      const tail = entry.tail ? `(?:${sequence(entry.tail, ci, el)})${entry.tailRequired ? "" : "?"}` : "";
      const withPrefix = (entry.prefixes ?? []).map((p) => {
        const { first, rest } = splitSequence(p, ci, el);
        return { first, rest: `${rest}${unit}{${entry.min},}${tail}`, boundary };
      });
      const bare = splitSequence(entry.unit, ci, el);
      return [...withPrefix, { first: bare.first, rest: `${bare.rest}${unit}{${entry.min - 1},}${tail}`, boundary }];
    }
    case "action": {
      const stems = entry.stems.map((s) => sequence(s, true, false)).join("|");
      return entry.brackets.map(([open, close]) => {
        const inside = `[^${escapeInClass(close)}${escapeInClass(open)}\\n]`;
        const n = entry.maxExtraChars;
        return {
          first: escape(open),
          rest: `${inside}{0,${n}}?(?<![\\p{L}])(?:${stems})\\p{L}*${inside}{0,${n}}${escape(close)}`,
          looseRest: `${inside}{0,${n}}?(?:${stems})${inside}*${escape(close)}`,
          boundary: "none" as const,
        };
      });
    }
  }
}

function alternativeSource({ first, rest, boundary }: Alternative): string {
  const before = forbiddenBefore(boundary);
  return `${first}${before ? `(?<!${before}${first})` : ""}${rest}${forbiddenAfter(boundary)}`;
}

/**
 * A pattern that matches wherever `alternativeSource` does (and sometimes where it does not), written
 * without the "u" flag: no lookbehind, ASCII-only word lookahead. It exists for speed — V8 runs a small
 * non-unicode sticky regex in ~40 ns but a unicode one with lookarounds in ~1 µs — and every match it
 * finds is confirmed with the exact pattern.
 */
function looseSource({ first, rest, looseRest, boundary }: Alternative): string {
  const after = WORDLIKE.has(boundary) ? "(?![A-Za-z0-9_])" : "";
  return `${first}${looseRest ?? rest}${after}`;
}

/** Regex source for one entry, boundaries included (no capture groups inside). */
export function entrySource(entry: LaughterEntry): string {
  return `(?:${alternatives(entry).map(alternativeSource).join("|")})`;
}

/** Start-table values: where an alternative beginning with this UTF-16 unit may start. */
export const START_NEVER = 0;
/** Only where the previous character is not an ASCII/Latin-1 word character (word-like boundaries). */
export const START_AT_BOUNDARY = 1;
export const START_ANYWHERE = 2;

/** The UTF-16 code units an alternative's first character can begin with. */
function firstUnits(alt: Alternative): number[] {
  const units = new Set<number>();
  const oneChar = new RegExp(`^${alt.first}$`, "u");
  // Classes here are a single char or a [xX] pair (charPattern/escape), so listing is exact.
  const chars = alt.first.startsWith("[") ? [...alt.first.slice(1, -1)] : [alt.first.replace(/^\\/, "")];
  for (const ch of chars) {
    if (!oneChar.test(ch)) throw new Error(`laughter vocab: cannot index first character of ${alt.first}`);
    units.add(ch.charCodeAt(0));
  }
  return [...units];
}

/** Boundaries whose lookbehind forbids every ASCII/Latin-1 word character before the match. */
const WORDLIKE: ReadonlySet<BoundaryKind> = new Set(["word", "url-safe", "number", "unit-safe"]);

/** The alternatives that can begin with one UTF-16 unit, as one sticky regex. */
export interface StartRule {
  /** Flags "y": a cheap necessary condition (see looseSource). */
  loose: RegExp;
  /** Flags "uy"; capture group g (1-based) belongs to entry data.entries[groupEntry[g - 1]]. */
  sticky: RegExp;
  groupEntry: number[];
}

/**
 * One regex for the whole vocabulary (for users and for checking), plus, for fast scanning, one small
 * sticky regex per possible first UTF-16 unit: at a candidate position only the handful of alternatives
 * that can start with that character are tried (a single sticky regex of every alternative cost ~1 µs per
 * candidate position; the per-unit ones fail after a character or two).
 */
function compilePattern(entries: readonly LaughterEntry[]): {
  pattern: RegExp;
  groupEntry: number[];
  startTable: Uint8Array;
  startRules: Map<number, StartRule>;
} {
  const sources: string[] = [];
  const groupEntry: number[] = [];
  const startTable = new Uint8Array(65536);
  const byUnit = new Map<number, { sources: string[]; loose: string[]; entries: number[] }>();
  entries.forEach((entry, i) => {
    for (const alt of alternatives(entry)) {
      const source = `(${alternativeSource(alt)})`;
      sources.push(source);
      groupEntry.push(i);
      const level = WORDLIKE.has(alt.boundary) ? START_AT_BOUNDARY : START_ANYWHERE;
      for (const unit of firstUnits(alt)) {
        startTable[unit] = Math.max(startTable[unit], level);
        const rule = byUnit.get(unit) ?? { sources: [], loose: [], entries: [] };
        rule.sources.push(source);
        rule.loose.push(looseSource(alt));
        rule.entries.push(i);
        byUnit.set(unit, rule);
      }
    }
  });
  const startRules = new Map<number, StartRule>();
  for (const [unit, rule] of byUnit) {
    startRules.set(unit, {
      loose: new RegExp(rule.loose.join("|"), "y"),
      sticky: new RegExp(rule.sources.join("|"), "uy"),
      groupEntry: rule.entries,
    });
  }
  return { pattern: new RegExp(sources.join("|"), "gu"), groupEntry, startTable, startRules };
}

/** Validates and compiles vocabulary data; `where` names its origin in error messages. */
export function compileLaughterVocab(raw: unknown, where = "laughter vocabulary"): LaughterVocab {
  const parsed = LaughterVocabSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${where} ${issue.path.join(".") || "(root)"}`, issue.message);
  }
  const data = parsed.data;
  const ids = new Set<string>();
  for (const [i, e] of data.entries.entries()) {
    if (ids.has(e.id)) throw new InputError(`${where} entries.${i}.id`, `duplicate id "${e.id}"`);
    ids.add(e.id);
  }
  return { version: data.version, hash: hashOf(data), data, ...compilePattern(data.entries) };
}

/** Each shipped version's vocabulary, compiled on first use. */
const SHIPPED: ReadonlyMap<LaughterVocabVersion, () => LaughterVocab> = new Map(
  LAUGHTER_VOCAB_VERSIONS.map((version) => [version, once(() => compileLaughterVocab(JSON.parse(readFileSync(new URL(`./vocab-${version}.json`, import.meta.url), "utf8")), `vocab-${version}.json`))]),
);

/** The shipped vocabulary of a version, compiled once per process. */
export function loadLaughterVocab(version: LaughterVocabVersion): LaughterVocab {
  const shipped = SHIPPED.get(version);
  if (!shipped) throw new InputError("laughter vocabulary", `unknown version "${String(version)}" (known: ${LAUGHTER_VOCAB_VERSIONS.join(", ")})`);
  return shipped();
}

/** Content hash of a shipped vocabulary version (what instruments record). */
export function laughterVocabHash(version: LaughterVocabVersion): string {
  return loadLaughterVocab(version).hash;
}
