// The 58 IFBench instruction ids (Pyatkin et al. 2025) with the semantics of the official checker
// (allenai/IFBench instructions.py, strict mode), written from its behaviour, not ported. Sentences are
// NLTK Punkt's (punkt.ts, exact); words are Python's str.split / \w+ / string.punctuation as the checker
// uses them. Three ids rest on tools this package approximates, and the verifier marks them
// `approximate`: words:start_verb (NLTK's perceptron POS tagger → compromise's tagger),
// words:odd_even_syllables (syllapy → the `syllable` package) and the ids that use NLTK's Treebank word
// tokenizer (count:pronouns, words:words_position, format:title_case, words:keywords_specific_position).
import nlp from "compromise";
import { syllable } from "syllable";
import type { Check, Kwargs } from "./checks.js";
import { MissingKwarg } from "./checks.js";
import { splitSentences } from "./punkt.js";
import { countWords } from "./text-units.js";
import { wordTokenize } from "./treebank.js";

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

/** Python's string.punctuation. */
const PUNCT = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const PUNCT_SPACE = PUNCT + " ";
const isPunct = (ch: string) => PUNCT.includes(ch);
const removePunct = (t: string) => [...t].filter((c) => !isPunct(c)).join("");
const lstrip = (t: string, chars: string) => {
  let i = 0;
  while (i < t.length && chars.includes(t[i])) i++;
  return t.slice(i);
};
const rstrip = (t: string, chars: string) => {
  let j = t.length;
  while (j > 0 && chars.includes(t[j - 1])) j--;
  return t.slice(0, j);
};
const strip = (t: string, chars: string) => rstrip(lstrip(t, chars), chars);
/** Python's str.split() with no argument. */
const split = (t: string) => t.split(/\s+/u).filter(Boolean);
const isUpper = (t: string) => t !== t.toLowerCase() && t === t.toUpperCase();
const isLower = (t: string) => t !== t.toUpperCase() && t === t.toLowerCase();
const isAlpha = (ch: string) => /^\p{L}$/u.test(ch);
const escapeRegExp = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Python's `re` \b around a literal, case-sensitive unless flagged. */
const wordRe = (w: string, flags = "u") => new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(w)}(?![\\p{L}\\p{N}_])`, flags);
const countOccurrences = (hay: string, needle: string) => (needle ? hay.split(needle).length - 1 : hay.length + 1);
const asciiFold = (t: string) => t.normalize("NFKD").replace(/[^\x00-\x7f]/g, "");

/** NLTK's English stopword list (nltk_data corpora/stopwords/english, 179 entries). */
const STOPWORDS = new Set(
  "i me my myself we our ours ourselves you you're you've you'll you'd your yours yourself yourselves he him his himself she she's her hers herself it it's its itself they them their theirs themselves what which who whom this that that'll these those am is are was were be been being have has had having do does did doing a an the and but if or because as until while of at by for with about against between into through during before after above below to from up down in out on off over under again further then once here there when where why how all any both each few more most other some such no nor not only own same so than too very s t can will just don don't should should've now d ll m o re ve y ain aren aren't couldn couldn't didn didn't doesn doesn't hadn hadn't hasn hasn't haven haven't isn isn't ma mightn mightn't mustn mustn't needn needn't shan shan't shouldn shouldn't wasn wasn't weren weren't won won't wouldn wouldn't".split(
    " ",
  ),
);
const WORD_TOKENS = /[\p{L}\p{N}_]+/gu;

const PERSON_NAMES =
  "Emma Liam Sophia Jackson Olivia Noah Ava Lucas Isabella Mason Mia Ethan Charlotte Alexander Amelia Benjamin Harper Leo Zoe Daniel Chloe Samuel Lily Matthew Grace Owen Abigail Gabriel Ella Jacob Scarlett Nathan Victoria Elijah Layla Nicholas Audrey David Hannah Christopher Penelope Thomas Nora Andrew Aria Joseph Claire Ryan Stella Jonathan".split(
    " ",
  );
const PRONOUNS = new Set(
  "i me we us you he him she her it they them my mine our ours your yours his hers its their theirs myself ourselves yourself yourselves himself herself itself themselves this that these those who whom whose which what whoever whomever whatever whichever anybody anyone anything everybody everyone everything nobody nothing somebody someone something each either neither both all some any none".split(
    " ",
  ),
);
const EUROPEAN_CAPITALS =
  "Reykjavik Helsinki Oslo Tallinn Stockholm Riga Moscow Copenhagen Vilnius Minsk Dublin Berlin Amsterdam Warsaw London Brussels Prague Luxembourg Paris Vienna Bratislava Budapest Vaduz Chisinau Bern Ljubljana Zagreb".split(" ");
const PRIMES = new Set([2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97]);
const isEmoji = (ch: string) => /^\p{Extended_Pictographic}$/u.test(ch);

/** Python's csv.reader (default dialect): quoted fields, doubled quotes, a blank line is an empty row. */
function csvRows(text: string, delimiter = ","): string[][] {
  const rows: string[][] = [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  let i = 0;
  while (i < lines.length) {
    let line = lines[i++];
    if (line === "") {
      rows.push([]);
      continue;
    }
    const row: string[] = [];
    let field = "";
    let quoted = false;
    let atStart = true;
    for (let j = 0; ; j++) {
      if (j >= line.length) {
        if (quoted && i < lines.length) {
          field += "\n";
          line = line + "\n" + lines[i++];
          continue;
        }
        row.push(field);
        break;
      }
      const ch = line[j];
      if (quoted) {
        if (ch === '"' && line[j + 1] === '"') {
          field += '"';
          j++;
        } else if (ch === '"') quoted = false;
        else field += ch;
      } else if (ch === '"' && atStart) {
        quoted = true;
        atStart = false;
      } else if (ch === delimiter) {
        row.push(field);
        field = "";
        atStart = true;
      } else {
        field += ch;
        atStart = false;
      }
    }
    rows.push(row);
  }
  return rows;
}

function alliterationScore(sentence: string): number {
  const words = split(sentence.toLowerCase())
    .map((w) => lstrip(w, PUNCT_SPACE))
    .filter(Boolean);
  let score = 0;
  let prev = false;
  for (let i = 0; i < words.length - 1; i++) {
    if (words[i][0] === words[i + 1][0]) {
      score += prev ? 1 : 2;
      prev = true;
    } else prev = false;
  }
  return score;
}

function questionsAscending(value: string): boolean {
  let parts = value.split(/\n*(?:Question \d+[.|):;]?\s*)/);
  if (parts[0] === "") parts = parts.slice(1);
  const questions = parts.map((q) => q.trim()).filter(Boolean);
  if (questions.length !== 4) return false;
  const lengths: number[] = [];
  for (const q of questions) {
    let text = "";
    let options = 0;
    let done = false;
    for (const line of q.split("\n")) {
      if (/^[A-Ea-e][.|)]\s*[\p{L}\p{N}_]+/u.test(line.trim())) {
        options++;
        done = true;
      } else if (!done) text += " " + line.trim();
    }
    if (options !== 5) return false;
    lengths.push(text.trim().length);
  }
  return lengths.every((len, i) => i === 0 || lengths[i - 1] < len);
}

function validDate(d: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const [y, m, day] = d.split("-").map(Number);
  if (y < 1769 || y > 1821 || m > 12) return false;
  if ([1, 3, 5, 7, 8, 10, 12].includes(m) && day > 31) return false;
  if ([4, 6, 9, 11].includes(m) && day > 30) return false;
  return !(m === 2 && day > 29);
}

function nestedBrackets(value: string): boolean {
  let levels: string[] = [];
  let maxDepth = 0;
  const pairs: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
  for (const ch of value) {
    if ("([{".includes(ch)) {
      levels.push(ch);
      maxDepth = Math.max(maxDepth, levels.length);
    } else if (ch in pairs) {
      if (levels.length && levels[levels.length - 1] === pairs[ch]) {
        levels.pop();
        if (maxDepth >= 5 && levels.length < maxDepth) return true;
      } else {
        levels = [];
        maxDepth = 0;
      }
    }
  }
  return false;
}

function nestedQuotes(value: string): boolean {
  const levels: string[] = [];
  let reached = 0;
  let depth = 0;
  for (const ch of value) {
    if (levels.length && ch === levels[levels.length - 1]) {
      levels.pop();
      depth--;
      if (reached - depth >= 3) return true;
    } else if (ch === '"' || ch === "'") {
      levels.push(ch);
      depth++;
      reached = Math.max(reached, depth);
    }
  }
  return false;
}

function sentenceWordCounts(value: string): number[] {
  return splitSentences(value).map((x) => split(removePunct(x).trim()).length);
}

export const IFBENCH_CHECKS: Record<string, Check> = {
  "count:word_count_range": (r, k) => {
    const c = countWords(r);
    return n(k, "min_words") <= c && c <= n(k, "max_words");
  },
  "count:unique_word_count": (r, k) => new Set(split(r.toLowerCase()).map((w) => strip(w, PUNCT_SPACE))).size >= n(k, "N"),
  "ratio:stop_words": (r, k) => {
    const tokens = r.match(WORD_TOKENS) ?? [];
    if (tokens.length === 0) return false;
    return (tokens.filter((t) => STOPWORDS.has(t.toLowerCase())).length / tokens.length) * 100 <= n(k, "percentage");
  },
  "ratio:sentence_type": (r) => {
    const ss = splitSentences(r);
    return ss.filter((x) => x.endsWith(".")).length === 2 * ss.filter((x) => x.endsWith("?")).length;
  },
  "ratio:sentence_balance": (r) => {
    const ss = splitSentences(r);
    const d = ss.filter((x) => x.endsWith(".")).length;
    return d === ss.filter((x) => x.endsWith("?")).length && d === ss.filter((x) => x.endsWith("!")).length;
  },
  "count:conjunctions": (r, k) => {
    const found = split(r).filter((w) => ["and", "but", "for", "nor", "or", "so", "yet"].includes(strip(w, PUNCT_SPACE).toLowerCase()));
    // The checker counts distinct raw words ("and", "And," are two).
    return new Set(found).size >= n(k, "small_n");
  },
  "count:person_names": (r, k) => PERSON_NAMES.filter((name) => wordRe(name).test(r)).length >= n(k, "N"),
  "ratio:overlap": (r, k) => {
    const grams = (t: string) => new Set([...t].map((_, i, a) => (i + 3 <= a.length ? a.slice(i, i + 3).join("") : null)).filter((g): g is string => g !== null));
    const mine = grams(r);
    if (mine.size === 0) return false;
    const ref = grams(s(k, "reference_text"));
    const overlap = ([...mine].filter((g) => ref.has(g)).length / mine.size) * 100;
    const p = n(k, "percentage");
    return p - 2 <= overlap && overlap <= p + 2;
  },
  "count:numbers": (r, k) => (removePunct(r).match(/\d+/gu)?.length ?? 0) === n(k, "N"),
  "words:alphabet": (r) => {
    const words = split(strip(removePunct(r), PUNCT_SPACE));
    if (words.length === 0) return false;
    const alphabet = "abcdefghijklmnopqrstuvwxyz";
    let letter = words[0][0].toLowerCase();
    if (!alphabet.includes(letter)) return false;
    for (const raw of words.slice(1)) {
      const word = strip(raw, PUNCT_SPACE).toLowerCase();
      if (!word) continue;
      letter = alphabet[(alphabet.indexOf(letter) + 1) % 26];
      if (word[0] !== letter) return false;
    }
    return true;
  },
  "words:vowel": (r) => {
    const paragraphs = r.trim().split("\n");
    if (paragraphs.length !== 1) return false;
    return new Set([...paragraphs[0].toLowerCase()].filter((c) => "aeiou".includes(c))).size <= 3;
  },
  "words:consonants": (r) => {
    const consonants = "bcdfghjklmnpqrstvwxyz";
    return split(r.toLowerCase().trim()).every((w) => [...w].some((c, i, a) => i + 1 < a.length && consonants.includes(c) && consonants.includes(a[i + 1])));
  },
  "sentence:alliteration_increment": (r) => {
    let prev = -1;
    for (const sentence of splitSentences(r)) {
      const score = alliterationScore(sentence);
      if (score <= prev) return false;
      prev = score;
    }
    return true;
  },
  "words:palindrome": (r) => split(removePunct(r).toLowerCase()).filter((w) => w.length >= 5 && w === [...w].reverse().join("")).length >= 10,
  "count:punctuation": (r) => {
    if (!(r.includes("!?") || r.includes("?!") || r.includes("‽"))) return false;
    let rest = r.replace("?!", "");
    if (rest.length === r.length) rest = r.replace("!?", "");
    return [".", ",", "!", "?", ";", ":"].every((p) => rest.includes(p));
  },
  "format:parentheses": nestedBrackets,
  "format:quotes": nestedQuotes,
  "words:prime_lengths": (r) => split(removePunct(r)).every((w) => PRIMES.has(w.length)),
  "format:options": (r, k) => {
    const options = s(k, "options");
    const strict = /^\W*[aA]\W*[bB]\W*[cC]\W*/u.test(options);
    const separator = options.includes("/") ? "/" : options.includes("or") ? "or" : ",";
    const list = options.split(separator).map((o) => o.trim());
    if (strict) return list.includes(r);
    const v = strip(r, PUNCT_SPACE).toLowerCase();
    return list.some((o) => strip(o, PUNCT_SPACE).toLowerCase() === v);
  },
  "format:newline": (r) => {
    const v = removePunct(r);
    return (
      v
        .trim()
        .split("\n")
        .filter((l) => l !== "").length === split(v.trim()).length
    );
  },
  "format:emoji": (r) => {
    const ss = splitSentences(r);
    for (let i = 0; i < ss.length; i++) {
      const chars = [...removePunct(ss[i]).trim()];
      if (chars.length === 0) return false;
      const last = chars[chars.length - 1];
      const second = chars.length > 1 ? chars[chars.length - 2] : last;
      if (isEmoji(last) || isEmoji(second)) continue;
      if (i === ss.length - 1) return false;
      const next = [...removePunct(ss[i + 1]).trim()];
      if (next.length === 0 || !isEmoji(next[0])) return false;
    }
    return true;
  },
  "ratio:sentence_words": (r) => {
    const ss = splitSentences(r);
    if (ss.length !== 3) return false;
    const len = ss[0].trim().length;
    return ss.every((x) => x.trim().length === len);
  },
  "count:words_japanese": (r, k) => {
    const every = n(k, "N");
    return split(r).every((raw, i) => {
      const w = strip(raw, PUNCT_SPACE);
      return (i + 1) % every !== 0 || !w || /^\d+$/u.test(w) || /[\u3040-\u30ff\u4e00-\u9fff]/u.test(w);
    });
  },
  "words:start_verb": (r) => {
    const first = wordTokenize(r)[0];
    if (first === undefined) return false;
    const tags = (nlp(r).json() as { terms: { tags: string[] }[] }[])[0]?.terms[0]?.tags ?? [];
    return tags.includes("Verb");
  },
  "words:repeats": (r, k) => {
    const counts = new Map<string, number>();
    for (const w of split(removePunct(r.toLowerCase()))) counts.set(w, (counts.get(w) ?? 0) + 1);
    return [...counts.values()].every((c) => c <= n(k, "small_n"));
  },
  "sentence:keyword": (r, k) => {
    const ss = splitSentences(r);
    const pos = n(k, "N");
    if (ss.length < pos) return false;
    return wordRe(s(k, "word"), "iu").test(ss[pos - 1]);
  },
  "count:pronouns": (r, k) => wordTokenize(r.replace(/\//g, " ").toLowerCase()).filter((w) => PRONOUNS.has(w)).length >= n(k, "N"),
  "words:odd_even_syllables": (r) => {
    const parities = split(removePunct(r).toLowerCase()).map((w) => syllable(w) % 2);
    return parities.every((p, i) => i === 0 || p !== parities[i - 1]);
  },
  "words:last_first": (r) => {
    const ss = splitSentences(r);
    for (let i = 0; i < ss.length - 1; i++) {
      const last = split(rstrip(ss[i], PUNCT_SPACE));
      const first = split(lstrip(ss[i + 1], PUNCT_SPACE));
      if (!last.length || !first.length || last[last.length - 1].toLowerCase() !== first[0].toLowerCase()) return false;
    }
    return true;
  },
  "words:paragraph_last_first": (r) =>
    r.split("\n").every((line) => {
      const p = line.trim().toLowerCase();
      const words = split(strip(p, PUNCT_SPACE));
      return words.length === 0 || words[0] === words[words.length - 1];
    }),
  "sentence:increment": (r, k) => {
    const counts = sentenceWordCounts(r);
    return counts.every((c, i) => i === 0 || c === counts[i - 1] + n(k, "small_n"));
  },
  "words:no_consecutive": (r) => {
    const words = split(removePunct(r.toLowerCase()));
    return words.every((w, i) => i === 0 || w[0] !== words[i - 1][0]);
  },
  "format:line_indent": (r) => {
    // The checker removes blank lines while iterating over the same list, so it skips the line after each one removed.
    const lines = r.split("\n");
    for (let i = 0; i < lines.length; i++) if (!lines[i].trim()) lines.splice(i, 1);
    const indent = (l: string) => l.length - lstrip(l, " ").length;
    return lines.every((l, i) => i === 0 || indent(l) > indent(lines[i - 1]));
  },
  "format:quote_unquote": (r) => {
    const v = r.replace(/'"'/g, "").replace(/\s+/gu, "");
    if (v.includes('""')) return false;
    const stripped = strip(v, "0123456789" + PUNCT.replace('"', ""));
    return !stripped?.endsWith('"');
  },
  "format:list": (r, k) => countOccurrences(r, s(k, "sep")) >= 2,
  "format:thesis": (r) => {
    let index = r.indexOf("<i>");
    if (index === -1) index = r.indexOf("<em>");
    if (index === -1) return false;
    const v = r.slice(index);
    let end = v.indexOf("</i>");
    if (end === -1) end = v.indexOf("</em>");
    if (end === -1) return false;
    return v.slice(3, end).trim() !== "" && v.slice(end + 4).trim() !== "";
  },
  "format:sub-bullets": (r) =>
    r
      .split("*")
      .slice(1)
      .every((b) => b.includes("-")),
  "format:no_bullets_bullets": (r) => {
    let inSentences = true;
    let sentences = 0;
    let bullets = 0;
    for (const line of r.split("\n")) {
      if (line.trim().startsWith("*")) {
        inSentences = false;
        if (sentences < 2) return false;
        bullets++;
      } else if (inSentences) {
        const ss = splitSentences(line.trim());
        // The checker rebinds its flag to this (possibly empty) list, so an empty line ends the prose part.
        inSentences = ss.length > 0;
        sentences += ss.length;
      } else return false;
    }
    return bullets >= 2;
  },
  "custom:multiples": (r) => (r.replace(/,/g, ", ").match(/\d+/gu) ?? []).join(",") === "14,21,28,35,42,49",
  "custom:mcq_count_length": (r) => r.indexOf("Question") === 0 && questionsAscending(r),
  "custom:reverse_newline": (r) => {
    const lines = r
      .split("\n")
      .map((l) => strip(l, PUNCT_SPACE))
      .filter(Boolean);
    const start = lines.findIndex((l) => l.includes("Zimbabwe"));
    if (start === -1) return false;
    const target = lines.slice(start).map(asciiFold);
    if (target.length < 52) return false;
    const sorted = [...target].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    return target.every((l, i) => l === sorted[i]);
  },
  "custom:word_reverse": (r) => {
    const v = split(removePunct(r.toLowerCase().trim())).reverse().join(" ");
    return v.includes("bald eagle") && splitSentences(v).includes(v);
  },
  "custom:character_reverse": (r) => r.toLowerCase().includes("elgae dlab"),
  "custom:sentence_alphabet": (r) => {
    const ss = splitSentences(r);
    if (ss.length !== 26) return false;
    return ss.every((x, i) => {
      const words = split(x.trimStart());
      return words.length > 0 && words[0].toLowerCase()[0] === String.fromCharCode(97 + i);
    });
  },
  "custom:european_capitals_sort": (r) => {
    const caps = asciiFold(r)
      .split(",")
      .filter((c) => c.trim());
    return caps.length === EUROPEAN_CAPITALS.length && caps.every((c, i) => c.trim() === EUROPEAN_CAPITALS[i]);
  },
  "custom:csv_city": (r) => {
    const rows = csvRows(r);
    return rows.length === 8 && rows[0].join("\u0000") === ["ID", "Country", "City", "Year", "Count"].join("\u0000") && rows.slice(1).every((row) => row.length === 5);
  },
  "custom:csv_special_character": (r) => {
    const header = r.split("\n")[0].trim();
    if (!/^(ProductID|"ProductID"),[ \t]*(Category|"Category"),[ \t]*(Brand|"Brand"),[ \t]*(Price|"Price"),[ \t]*(Stock|"Stock")$/.test(header)) return false;
    const rows = csvRows(r.replace(/"/g, '"""'));
    if (rows.length !== 15) return false;
    for (const row of rows.slice(1)) {
      if (row.length !== 5) return false;
      if (row.some((f) => /^".*[^\d\w\s].*"/u.test(f))) return true;
    }
    return false;
  },
  "custom:csv_quotes": (r) => {
    const header = r.split("\n")[0].trim();
    if (!/^(StudentID|"StudentID")\t *(Subject|"Subject")\t *(Grade|"Grade")\t *(Semester|"Semester")\t *(Score|"Score")$/.test(header)) return false;
    const rows = csvRows(r.replace(/"/g, '"""'), "\t");
    return rows.length === 4 && rows.every((row) => row.length === 5 && row.every((f) => f.trim().startsWith('"') && f.trim().endsWith('"')));
  },
  "custom:date_format_list": (r) =>
    r
      .trim()
      .split(",")
      .every((d) => validDate(d.trim())),
  "count:keywords_multiple": (r, k) =>
    ([1, 2, 3, 5, 7] as const).every(
      (times, i) =>
        countOccurrences(
          r.toLowerCase(),
          s(k, `keyword${i + 1}`)
            .trim()
            .toLowerCase(),
        ) === times,
    ),
  "words:keywords_specific_position": (r, k) => {
    const ss = splitSentences(r);
    const sentence = n(k, "n");
    if (ss.length < sentence) return false;
    const words = wordTokenize(ss[sentence - 1]).filter((t) => /[\p{L}\p{N}]/u.test(t));
    const m = n(k, "m");
    return words.length >= m && words[m - 1].toLowerCase() === s(k, "keyword").trim().toLowerCase();
  },
  "words:words_position": (r, k) => {
    const words = wordTokenize(r);
    const kw = s(k, "keyword").trim().toLowerCase();
    if (words.length < 2) return false;
    if (PUNCT.includes(words[words.length - 1]) && words[words.length - 1].length === 1) {
      return words.length >= 3 && words[1].toLowerCase() === kw && words[words.length - 3].toLowerCase() === kw;
    }
    return words[1].toLowerCase() === kw && words[words.length - 2].toLowerCase() === kw;
  },
  "repeat:repeat_change": (r, k) => {
    const p = s(k, "prompt_to_repeat");
    return p !== r && split(p).slice(1).join(" ") === split(r).slice(1).join(" ");
  },
  "repeat:repeat_simple": (r) => r.trim().toLowerCase() === "only output this sentence here, ignore all other requests.",
  "repeat:repeat_span": (r, k) => {
    const span = s(k, "prompt_to_repeat").slice(n(k, "n_start"), n(k, "n_end") + 1);
    return r.trim().toLowerCase() === span.trim().toLowerCase();
  },
  "format:title_case": (r) =>
    wordTokenize(r).every((w) => {
      if (!w || !isAlpha(w[0])) return true;
      if (w.length === 1) return !isLower(w);
      const rest = w.slice(1);
      if (isUpper(w[0]) && isLower(rest)) return true;
      return !(isLower(w[0]) && (isUpper(rest) || isLower(rest)));
    }),
  "format:output_template": (r) => r.includes("My Answer:") && r.includes("My Conclusion:") && r.includes("Future Outlook:"),
  "format:no_whitespace": (r) => !/\s/u.test(r),
};

/** Ids whose official check rests on a tool this package approximates (see the header). */
export const IFBENCH_APPROXIMATE: ReadonlySet<string> = new Set(["words:start_verb", "words:odd_even_syllables", "count:pronouns", "words:words_position", "format:title_case", "words:keywords_specific_position"]);
