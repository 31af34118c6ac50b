// Rule checks for the IFEval instruction ids (Zhou et al. 2023; semantics follow the reference
// implementation google-research/instruction_following_eval, strict mode). A check receives the
// response and the instruction's kwargs and returns whether the constraint is met; kwargs it needs
// but did not get throw, so a malformed prompt row is reported rather than silently passed.
import { detectLanguage } from "./langdetect.js";
import { countSentences } from "./punkt.js";
import { countWords, isLowerText, isUpperText, isUpperToken, nltkLikeTokens } from "./text-units.js";

export type Kwargs = Record<string, unknown>;
export type Check = (response: string, kwargs: Kwargs) => boolean;

export class MissingKwarg extends Error {}

function num(kwargs: Kwargs, key: string): number {
  const v = kwargs[key];
  if (typeof v !== "number" || !Number.isFinite(v)) throw new MissingKwarg(`kwargs.${key} must be a number, got ${JSON.stringify(v)}`);
  return v;
}

function str(kwargs: Kwargs, key: string): string {
  const v = kwargs[key];
  if (typeof v !== "string") throw new MissingKwarg(`kwargs.${key} must be a string, got ${JSON.stringify(v)}`);
  return v;
}

function strList(kwargs: Kwargs, key: string): string[] {
  const v = kwargs[key];
  if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) throw new MissingKwarg(`kwargs.${key} must be a list of strings`);
  return v as string[];
}

function compare(count: number, relation: string, n: number): boolean {
  if (relation === "less than") return count < n;
  if (relation === "at least") return count >= n;
  throw new MissingKwarg(`relation must be "less than" or "at least", got "${relation}"`);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The official checker counts a text it cannot detect (no letters) as passing the language condition. */
function isEnglishOrUndetectable(text: string): boolean {
  const lang = detectLanguage(text);
  return lang === null || lang === "en";
}

export const IFEVAL_CHECKS: Record<string, Check> = {
  "punctuation:no_comma": (r) => !r.includes(","),
  "length_constraints:number_words": (r, k) => compare(countWords(r), str(k, "relation"), num(k, "num_words")),
  "length_constraints:number_sentences": (r, k) => compare(countSentences(r), str(k, "relation"), num(k, "num_sentences")),
  "keywords:forbidden_words": (r, k) => strList(k, "forbidden_words").every((w) => !new RegExp(`\\b${escapeRegExp(w)}\\b`, "i").test(r)),
  "detectable_format:number_highlighted_sections": (r, k) => {
    const single = (r.match(/\*[^\n*]*\*/g) ?? []).filter((h) => h.replace(/^\*|\*$/g, "").trim() !== "").length;
    const double = (r.match(/\*\*[^\n*]*\*\*/g) ?? []).filter((h) => h.replace(/^\*\*|\*\*$/g, "").trim() !== "").length;
    return single + double >= num(k, "num_highlights");
  },
  "keywords:frequency": (r, k) => compare((r.match(new RegExp(escapeRegExp(str(k, "keyword")), "gi")) ?? []).length, str(k, "relation"), num(k, "frequency")),
  "combination:repeat_prompt": (r, k) => r.trim().toLowerCase().startsWith(str(k, "prompt_to_repeat").trim().toLowerCase()),
  "startend:quotation": (r) => {
    const t = r.trim();
    return t.length > 1 && t.startsWith('"') && t.endsWith('"');
  },
  "change_case:english_lowercase": (r) => isLowerText(r) && isEnglishOrUndetectable(r),
  "keywords:existence": (r, k) => strList(k, "keywords").every((w) => new RegExp(escapeRegExp(w), "i").test(r)),
  "detectable_format:title": (r) => (r.match(/<<[^\n]+>>/g) ?? []).some((t) => t.replace(/^<<|>>$/g, "").trim() !== ""),
  "keywords:letter_frequency": (r, k) => {
    const letter = str(k, "letter").toLowerCase();
    const count = [...r.toLowerCase()].filter((c) => c === letter).length;
    return compare(count, str(k, "let_relation"), num(k, "let_frequency"));
  },
  "detectable_format:number_bullet_lists": (r, k) => {
    const stars = r.match(/^\s*\*[^*].*$/gm)?.length ?? 0;
    const dashes = r.match(/^\s*-.*$/gm)?.length ?? 0;
    return stars + dashes === num(k, "num_bullets");
  },
  "language:response_language": (r, k) => {
    const lang = detectLanguage(r);
    return lang === null || lang === str(k, "language");
  },
  "detectable_content:number_placeholders": (r, k) => (r.match(/\[.*?\]/g)?.length ?? 0) >= num(k, "num_placeholders"),
  "length_constraints:number_paragraphs": (r, k) => {
    const paragraphs = r.split(/\s?\*\*\*\s?/);
    let n = paragraphs.length;
    for (let i = 0; i < paragraphs.length; i++) {
      if (paragraphs[i].trim()) continue;
      if (i === 0 || i === paragraphs.length - 1) n--;
      else return false;
    }
    return n === num(k, "num_paragraphs");
  },
  "startend:end_checker": (r, k) => r.trim().toLowerCase().endsWith(str(k, "end_phrase").trim().toLowerCase()),
  "detectable_content:postscript": (r, k) => {
    const marker = str(k, "postscript_marker");
    const pattern = marker === "P.P.S" ? /\s*p\.\s?p\.\s?s.*$/m : marker === "P.S." ? /\s*p\.\s?s\..*$/m : new RegExp(`\\s*${marker.toLowerCase()}.*$`, "m");
    return pattern.test(r.toLowerCase());
  },
  "change_case:english_capital": (r) => isUpperText(r) && isEnglishOrUndetectable(r),
  "change_case:capital_word_frequency": (r, k) => compare(nltkLikeTokens(r).filter(isUpperToken).length, str(k, "capital_relation"), num(k, "capital_frequency")),
  "combination:two_responses": (r) => {
    const parts = r.split("******");
    const valid: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      if (!parts[i].trim()) {
        if (i !== 0 && i !== parts.length - 1) return false;
      } else valid.push(parts[i]);
    }
    return valid.length === 2 && valid[0].trim() !== valid[1].trim();
  },
  "detectable_format:json_format": (r) => {
    const body = r
      .trim()
      .replace(/^```(?:json|Json|JSON)?/, "")
      .replace(/```$/, "")
      .trim();
    try {
      JSON.parse(body);
      return true;
    } catch {
      return false;
    }
  },
  "detectable_format:multiple_sections": (r, k) => {
    const splitter = str(k, "section_spliter").trim();
    const sections = r.split(new RegExp(`\\s?${escapeRegExp(splitter)}\\s?\\d+\\s?`));
    return sections.length - 1 >= num(k, "num_sections");
  },
  "length_constraints:nth_paragraph_first_word": (r, k) => {
    const paragraphs = r.split(/\n\n/);
    const count = paragraphs.filter((p) => p.trim()).length;
    const nth = num(k, "nth_paragraph");
    if (nth > count) return false;
    const paragraph = paragraphs[nth - 1]?.trim() ?? "";
    if (!paragraph) return false;
    const word = paragraph.split(/\s+/)[0].replace(/^['"]+/, "");
    let first = "";
    for (const ch of word) {
      if (".,?!'\"".includes(ch)) break;
      first += ch.toLowerCase();
    }
    return count === num(k, "num_paragraphs") && first === str(k, "first_word").toLowerCase();
  },
  "detectable_format:constrained_response": (r) => ["My answer is yes.", "My answer is no.", "My answer is maybe."].some((o) => r.trim().includes(o)),
};
