// The laughter vocabulary is data (SPEC §3): versioned JSON files beside this module, validated, hashed
// and compiled once into a single regular expression. Instruments record `vocab.hash` so scores taken
// with different vocabularies are never pooled. A user vocabulary (same schema) goes through
// `compileLaughterVocab`.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { InputError } from "../../core/errors.js";
import { hashOf } from "../../core/hash.js";

export const LAUGHTER_VOCAB_VERSIONS = ["v2-seed", "v3"] as const;
export type LaughterVocabVersion = (typeof LAUGHTER_VOCAB_VERSIONS)[number];

/**
 * Where a match may sit: "word" (default) needs no letter, digit or underscore on either side; "none"
 * matches anywhere (scripts written without spaces); "cjk" needs no Han/kana neighbour (草 alone is
 * laughter, inside a Chinese sentence it means grass); "url-safe" is "word" plus not followed by "."
 * ("www" but not "www.example.com"); "number" needs no digit, "-" or "." around it and no digit after a
 * space ("555" but not "555-1234" or "555 1234").
 */
const Boundary = z.enum(["word", "none", "cjk", "url-safe", "number"]);

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
    /** Every character may repeat: "lmao" also matches "lmaooo". */
    elongate: z.boolean().optional(),
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
    elongate: z.boolean().optional(),
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
  /** One alternation, one capture group per entry (in entry order), flags "gu". */
  pattern: RegExp;
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

function sequence(text: string, caseInsensitive: boolean, elongate: boolean): string {
  return [...text].map((ch) => charPattern(ch, caseInsensitive) + (elongate ? "+" : "")).join("");
}

const WORD_CHAR = "[\\p{L}\\p{N}_]";
const CJK_CHAR = "[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}]";

function bounded(body: string, boundary: z.infer<typeof Boundary>): string {
  switch (boundary) {
    case "none":
      return body;
    case "cjk":
      return `(?<!${CJK_CHAR})${body}(?!${CJK_CHAR})`;
    case "url-safe":
      return `(?<!${WORD_CHAR}|\\.)${body}(?!${WORD_CHAR}|\\.\\S)`;
    case "number":
      return `(?<![\\p{L}\\p{N}_.$-])${body}(?![\\p{L}\\p{N}_-]|[.,]\\d|\\s\\d)`;
    case "word":
      return `(?<!${WORD_CHAR})${body}(?!${WORD_CHAR})`;
  }
}

/** Regex source for one entry (no capture groups inside, so group i+1 is entry i). */
export function entrySource(entry: LaughterEntry): string {
  const ci = entry.caseInsensitive ?? false;
  switch (entry.kind) {
    case "word": {
      const body = sequence(entry.text, ci, entry.elongate ?? false);
      return bounded(body, entry.boundary ?? "word");
    }
    case "literal": {
      const emoji = /\p{Extended_Pictographic}$/u.test(entry.text);
      const body = sequence(entry.text, ci, false) + (emoji ? "\\uFE0F?[\\u{1F3FB}-\\u{1F3FF}]?" : "");
      return bounded(body, entry.boundary ?? (emoji ? "none" : "word"));
    }
    case "repeat": {
      const el = entry.elongate ?? false;
      const unit = `(?:${sequence(entry.unit, ci, el)})`;
      const prefix = entry.prefixes?.length
        ? `(?:${entry.prefixes.map((p) => sequence(p, ci, el)).join("|")})?`
        : "";
      const tail = entry.tail ? `(?:${sequence(entry.tail, ci, el)})${entry.tailRequired ? "" : "?"}` : "";
      return bounded(`${prefix}${unit}{${entry.min},}${tail}`, entry.boundary ?? "word");
    }
    case "action": {
      const stems = entry.stems.map((s) => sequence(s, true, false)).join("|");
      const alternatives = entry.brackets.map(([open, close]) => {
        const inside = `[^${escapeInClass(close)}${escapeInClass(open)}\\n]`;
        const n = entry.maxExtraChars;
        return `${escape(open)}${inside}{0,${n}}?(?<![\\p{L}])(?:${stems})\\p{L}*${inside}{0,${n}}${escape(close)}`;
      });
      return `(?:${alternatives.join("|")})`;
    }
  }
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
  const pattern = new RegExp(data.entries.map((e) => `(${entrySource(e)})`).join("|"), "gu");
  return { version: data.version, hash: hashOf(data), data, pattern };
}

const cache = new Map<LaughterVocabVersion, LaughterVocab>();

/** The shipped vocabulary of a version, compiled once per process. */
export function loadLaughterVocab(version: LaughterVocabVersion): LaughterVocab {
  const hit = cache.get(version);
  if (hit) return hit;
  if (!LAUGHTER_VOCAB_VERSIONS.includes(version)) {
    throw new InputError("laughter vocabulary", `unknown version "${String(version)}" (known: ${LAUGHTER_VOCAB_VERSIONS.join(", ")})`);
  }
  const file = new URL(`./vocab-${version}.json`, import.meta.url);
  const vocab = compileLaughterVocab(JSON.parse(readFileSync(file, "utf8")), `vocab-${version}.json`);
  cache.set(version, vocab);
  return vocab;
}

/** Content hash of a shipped vocabulary version (what instruments record). */
export function laughterVocabHash(version: LaughterVocabVersion): string {
  return loadLaughterVocab(version).hash;
}
