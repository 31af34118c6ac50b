// Language identification with the semantics IFEval's official checker relies on (Python langdetect,
// Nakatani Shuyo's naive-Bayes detector over character 1–3-grams): the same 55 language profiles
// (data/langdetect-profiles.json.gz), the same character normalisation, the same rule that skips
// n-grams inside an all-capital word, and the same 7 trials of random feature sampling. Only the random
// generator differs (a seeded one, so a verdict is reproducible); where the official result is itself
// close to a coin flip, the two can differ. Written from the algorithm's description, not its code.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

interface ProfileData {
  langs: string[];
  nWords: number[][];
  freq: Record<string, number[]>;
  cjkClasses: string[];
}

interface Model {
  langs: string[];
  probs: Map<string, Float64Array>;
  cjk: Map<string, string>;
}

let model: Model | null = null;

function load(): Model {
  if (model) return model;
  const data = JSON.parse(gunzipSync(readFileSync(new URL("./data/langdetect-profiles.json.gz", import.meta.url))).toString("utf8")) as ProfileData;
  const probs = new Map<string, Float64Array>();
  for (const [gram, pairs] of Object.entries(data.freq)) {
    const row = new Float64Array(data.langs.length);
    const len = [...gram].length;
    for (let i = 0; i < pairs.length; i += 2) row[pairs[i]] = pairs[i + 1] / data.nWords[pairs[i]][len - 1];
    probs.set(gram, row);
  }
  const cjk = new Map<string, string>();
  for (const cls of data.cjkClasses) for (const ch of cls) cjk.set(ch, cls[0]);
  model = { langs: data.langs, probs, cjk };
  return model;
}

const LATIN1_EXCLUDED = "\u00A0\u00AB\u00B0\u00BB";

function inRange(cp: number, lo: number, hi: number): boolean {
  return cp >= lo && cp <= hi;
}

function isUpper(ch: string): boolean {
  return ch !== ch.toLowerCase() && ch === ch.toUpperCase();
}

/** The detector's per-character normalisation (by Unicode block). */
function normalizeChar(ch: string, cjk: Map<string, string>): string {
  const cp = ch.codePointAt(0)!;
  if (cp <= 0x7f) return (ch >= "A" && ch <= "Z") || (ch >= "a" && ch <= "z") ? ch : " ";
  if (cp <= 0xff) return LATIN1_EXCLUDED.includes(ch) ? " " : ch;
  if (inRange(cp, 0x180, 0x24f)) return ch === "\u0219" ? "\u015f" : ch === "\u021b" ? "\u0163" : ch;
  if (inRange(cp, 0x2000, 0x206f)) return " ";
  if (inRange(cp, 0x600, 0x6ff)) return ch === "\u06cc" ? "\u064a" : ch;
  if (inRange(cp, 0x1e00, 0x1eff)) return cp >= 0x1ea0 ? "\u1ec3" : ch;
  if (inRange(cp, 0x3040, 0x309f)) return "\u3042";
  if (inRange(cp, 0x30a0, 0x30ff)) return "\u30a2";
  if (inRange(cp, 0x3100, 0x312f) || inRange(cp, 0x31a0, 0x31bf)) return "\u3105";
  if (inRange(cp, 0x4e00, 0x9fff)) return cjk.get(ch) ?? ch;
  if (inRange(cp, 0xac00, 0xd7af)) return "\uac00";
  return ch;
}

const URL_RE = /https?:\/\/[-_.?&~;+=/#0-9A-Za-z]{1,2076}/g;
const MAIL_RE = /[-_.0-9A-Za-z]{1,64}@[-_0-9A-Za-z]{1,255}[-_.0-9A-Za-z]{1,255}/g;

/** The text as the detector sees it: links and addresses blanked, runs of spaces collapsed, at most 10,000 characters. */
function prepare(text: string): string[] {
  const cleaned = text.replace(URL_RE, " ").replace(MAIL_RE, " ");
  const out: string[] = [];
  let prev = " ";
  for (const ch of [...cleaned].slice(0, 10_000)) {
    if (ch !== prev || ch !== " ") out.push(ch);
    prev = ch;
  }
  let latin = 0;
  let nonLatin = 0;
  for (const ch of out) {
    const cp = ch.codePointAt(0)!;
    if (ch >= "A" && ch <= "z") latin++;
    else if (cp >= 0x300 && !inRange(cp, 0x1e00, 0x1eff)) nonLatin++;
  }
  // Mostly non-Latin text: drop the Latin letters (code, names) so they do not vote.
  return latin * 2 < nonLatin ? out.filter((ch) => !(ch >= "A" && ch <= "z")) : out;
}

function extractNgrams(chars: string[], m: Model): string[] {
  const result: string[] = [];
  let grams = " ";
  let capitalWord = false;
  for (const raw of chars) {
    const ch = normalizeChar(raw, m.cjk);
    const last = grams[grams.length - 1];
    if (last === " ") {
      grams = " ";
      capitalWord = false;
      if (ch === " ") continue;
    } else if ([...grams].length >= 3) grams = [...grams].slice(1).join("");
    grams += ch;
    if (isUpper(ch)) {
      if (isUpper(last)) capitalWord = true;
    } else capitalWord = false;
    if (capitalWord) continue;
    const g = [...grams];
    for (let n = 1; n <= 3 && n <= g.length; n++) {
      const w = g.slice(g.length - n).join("");
      if (w !== " " && m.probs.has(w)) result.push(w);
    }
  }
  return result;
}

/** Small seeded generator (mulberry32) so that a verdict is the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LanguageGuess {
  lang: string;
  prob: number;
}

/** Languages with posterior > 0.1, most likely first; null when the text has no usable feature (langdetect raises there). */
export function languageProbabilities(text: string, seed = 0): LanguageGuess[] | null {
  const m = load();
  const ngrams = extractNgrams(prepare(text), m);
  if (ngrams.length === 0) return null;
  const random = rng(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const k = m.langs.length;
  const total = new Float64Array(k);
  const TRIALS = 7;
  for (let t = 0; t < TRIALS; t++) {
    const prob = new Float64Array(k).fill(1 / k);
    const alpha = 0.5 + gauss() * 0.05;
    const weight = alpha / 10_000;
    for (let i = 0; ; i++) {
      const row = m.probs.get(ngrams[Math.floor(random() * ngrams.length)])!;
      for (let j = 0; j < k; j++) prob[j] *= weight + row[j];
      if (i % 5 === 0) {
        let sum = 0;
        for (let j = 0; j < k; j++) sum += prob[j];
        let max = 0;
        for (let j = 0; j < k; j++) {
          prob[j] /= sum;
          if (prob[j] > max) max = prob[j];
        }
        if (max > 0.99999 || i >= 1000) break;
      }
    }
    for (let j = 0; j < k; j++) total[j] += prob[j] / TRIALS;
  }
  return m.langs
    .map((lang, j) => ({ lang, prob: total[j] }))
    .filter((g) => g.prob > 0.1)
    .sort((a, b) => b.prob - a.prob);
}

/** The most likely language code (langdetect's codes: "en", "it", "zh-cn"…), "unknown" when no language passes 0.1, null when the text has no feature. */
export function detectLanguage(text: string): string | null {
  const probs = languageProbabilities(text);
  if (probs === null) return null;
  return probs[0]?.lang ?? "unknown";
}
