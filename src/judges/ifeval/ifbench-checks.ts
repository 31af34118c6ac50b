// A subset of the IFBench instruction ids (Pyatkin et al. 2025) whose meaning is fully determined by
// the prompt text and kwargs. Semantics were written from the published prompts, not ported from the
// reference code, so edge cases may differ; the verifier marks these results `approximate`. Ids not
// listed here are reported as unsupported, never counted as passed.
import type { Check, Kwargs } from "./checks.js";
import { MissingKwarg } from "./checks.js";
import { countWords, splitSentences } from "./text-units.js";

function n(kwargs: Kwargs, key: string): number {
  const v = kwargs[key];
  if (typeof v !== "number" || !Number.isFinite(v)) throw new MissingKwarg(`kwargs.${key} must be a number, got ${JSON.stringify(v)}`);
  return v;
}

function s(kwargs: Kwargs, key: string): string {
  const v = kwargs[key];
  if (typeof v !== "string") throw new MissingKwarg(`kwargs.${key} must be a string, got ${JSON.stringify(v)}`);
  return v;
}

const words = (text: string): string[] => text.match(/[\p{L}\p{N}']+/gu) ?? [];
const COORDINATING = ["for", "and", "nor", "but", "or", "yet", "so"];
const PRONOUNS = new Set(
  "i me my mine myself you your yours yourself yourselves he him his himself she her hers herself it its itself we us our ours ourselves they them their theirs themselves who whom whose which what this that these those anyone everyone someone no one nobody anybody everybody somebody".split(" "),
);
const isPrime = (k: number): boolean => {
  if (k < 2) return false;
  for (let d = 2; d * d <= k; d++) if (k % d === 0) return false;
  return true;
};
const wordCountOf = (text: string, word: string): number => (text.match(new RegExp(`\\b${word}\\b`, "gi")) ?? []).length;

export const IFBENCH_CHECKS: Record<string, Check> = {
  "count:keywords_multiple": (r, k) =>
    ([1, 2, 3, 5, 7] as const).every((times, i) => wordCountOf(r, s(k, `keyword${i + 1}`)) >= times),
  "count:numbers": (r, k) => (r.match(/\d+(?:[.,]\d+)*/g)?.length ?? 0) === n(k, "N"),
  "count:unique_word_count": (r, k) => new Set(words(r).map((w) => w.toLowerCase())).size >= n(k, "N"),
  "count:word_count_range": (r, k) => {
    const c = countWords(r);
    return c >= n(k, "min_words") && c <= n(k, "max_words");
  },
  "count:conjunctions": (r, k) => COORDINATING.filter((c) => wordCountOf(r, c) > 0).length >= n(k, "small_n"),
  "count:pronouns": (r, k) => words(r).filter((w) => PRONOUNS.has(w.toLowerCase())).length >= n(k, "N"),
  "format:no_whitespace": (r) => !/\s/.test(r.trim()),
  "format:newline": (r) => r.trim().split("\n").every((line) => words(line).length <= 1),
  "format:list": (r, k) => r.split("\n").filter((line) => line.trim().startsWith(s(k, "sep"))).length >= 2,
  "repeat:repeat_span": (r, k) => {
    const span = s(k, "prompt_to_repeat").split(/\s+/).slice(n(k, "n_start"), n(k, "n_end") + 1).join(" ");
    return r.trim() === span.trim();
  },
  "sentence:keyword": (r, k) => {
    const sentence = splitSentences(r)[n(k, "N") - 1];
    return sentence !== undefined && wordCountOf(sentence, s(k, "word")) > 0;
  },
  "sentence:increment": (r, k) => {
    const lengths = splitSentences(r).map(countWords);
    return lengths.length >= 2 && lengths.every((len, i) => i === 0 || len - lengths[i - 1] === n(k, "small_n"));
  },
  "words:palindrome": (r) => new Set(words(r).map((w) => w.toLowerCase()).filter((w) => w.length >= 5 && w === [...w].reverse().join(""))).size >= 10,
  "words:prime_lengths": (r) => words(r).every((w) => isPrime([...w].length)),
  "words:no_consecutive": (r) => {
    const ws = words(r).map((w) => w[0].toLowerCase());
    return ws.every((c, i) => i === 0 || c !== ws[i - 1]);
  },
  "words:alphabet": (r) => {
    const initials = words(r).map((w) => w[0].toLowerCase());
    return initials.every((c, i) => i === 0 || (initials[i - 1].charCodeAt(0) - 97 + 1) % 26 === c.charCodeAt(0) - 97);
  },
  "words:last_first": (r) => {
    const ws = splitSentences(r).map((x) => words(x).map((w) => w.toLowerCase()));
    return ws.length >= 2 && ws.every((w, i) => i === 0 || (w[0] !== undefined && w[0] === ws[i - 1][ws[i - 1].length - 1]));
  },
  "words:paragraph_last_first": (r) =>
    r
      .split(/\n+/)
      .filter((p) => p.trim())
      .every((p) => {
        const ws = words(p).map((w) => w.toLowerCase());
        return ws.length > 0 && ws[0] === ws[ws.length - 1];
      }),
  "format:line_indent": (r) => {
    const indents = r
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => l.length - l.trimStart().length);
    return indents.length >= 2 && indents.every((d, i) => i === 0 || d > indents[i - 1]);
  },
  "custom:multiples": (r) => (r.match(/\d+/g) ?? []).join(",") === "14,21,28,35,42,49",
};
