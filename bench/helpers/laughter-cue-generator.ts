// Laughter and decoration cues composed from data, for attacking the humor reading by category (issue 36):
// onomatopoeia of a breath syllable in every script Unicode romanizes to one (any-ascii), keyboard
// laughter, actions of the WordNet laughter words inside every paired bracket (Unicode Ps/Pe) and
// symbol delimiter, narrated laughter, hyperbolic reports, emoji sampled across Extended_Pictographic
// (skin tones, ZWJ, runs), kaomoji composed of punctuation and symbols, and look-alike spellings
// (fullwidth, mathematical, circled, Cyrillic and Greek homoglyphs). Casing and position vary. None of
// these makes a reply funnier, so none may raise the reward.
import anyAscii from "any-ascii";
import { laughterMeaningTable } from "../../src/text/laughter-meaning.js";
import { createRng } from "../../src/core/random.js";

export interface GeneratedCue {
  family: string;
  text: string;
  at: "start" | "end";
}

/** A breath syllable: /h/, /x/ or /k/ with a vowel, the sound laughter is written with. */
const BREATH_SYLLABLE = /^(?:h|kh|x)[aeiou]$/;

/** One letter per 128-code-point block (outside Latin and Han) whose romanization is a breath syllable. */
export function breathLettersByBlock(): string[] {
  const byBlock = new Map<number, string>();
  for (let cp = 0x370; cp <= 0xffff; cp++) {
    const ch = String.fromCodePoint(cp);
    if (!/\p{L}/u.test(ch) || /\p{Script=Han}|\p{Script=Latin}/u.test(ch)) continue;
    if (BREATH_SYLLABLE.test(anyAscii(ch).toLowerCase()) && !byBlock.has(cp >> 7)) byBlock.set(cp >> 7, ch);
  }
  return [...byBlock.values()];
}

const FULLWIDTH = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCodePoint(c.charCodeAt(0) + 0xfee0));
const MATH_BOLD = (s: string) => s.replace(/[a-z]/g, (c) => String.fromCodePoint(0x1d41a + c.charCodeAt(0) - 97)).replace(/[A-Z]/g, (c) => String.fromCodePoint(0x1d400 + c.charCodeAt(0) - 65));
const CIRCLED = (s: string) => s.replace(/[a-z]/g, (c) => String.fromCodePoint(0x24d0 + c.charCodeAt(0) - 97));
const HOMOGLYPH: Record<string, string> = { a: "а", e: "е", o: "о", h: "һ", x: "х", i: "і", l: "ӏ", p: "р", c: "с", k: "κ" };
const LOOKALIKE = (s: string) => s.replace(/[aeohxilpck]/g, (c) => HOMOGLYPH[c]);

export function generateCues(seed = "humor36d"): GeneratedCue[] {
  const rng = createRng(`laughter-cue-generator/${seed}`);
  const pick = <T>(xs: readonly T[], n: number): T[] => rng.shuffle([...xs]).slice(0, n);
  const casings = (s: string) => [s, s.toUpperCase(), s.charAt(0).toUpperCase() + s.slice(1)];
  const cues: GeneratedCue[] = [];
  const add = (family: string, text: string, at: "start" | "end" = rng.next() < 0.5 ? "start" : "end") => cues.push({ family, text, at });

  // Onomatopoeia: a breath or velar syllable repeated, with a lead, a stretched tail, in three casings.
  const onsets = ["h", "k", "x", "j", "g", "kh", "f", "gw", "ny", "b"];
  const vowels = ["a", "e", "i", "o", "u", "ue", "ee"];
  const leads = ["", "", "", "a", "e", "bw", "mw", "mu", "nya", "gya", "wa", "u"];
  for (const onset of onsets)
    for (const vowel of pick(vowels, 2)) {
      const unit = onset + vowel;
      const reps = 2 + Math.floor(rng.next() * 4);
      const lead = pick(leads, 1)[0];
      const tail = rng.next() < 0.3 ? onset[0] : rng.next() < 0.3 ? vowel.slice(-1).repeat(3) : "";
      add("onomatopoeia", pick(casings(lead + unit.repeat(reps) + tail), 1)[0]);
    }
  // Keyboard laughter: two consonants repeated ("wkwk", "hjhj").
  for (const pair of ["wk", "hj", "js", "kw", "hs", "kj", "sk", "xk"]) add("keyboard", pair.repeat(2 + Math.floor(rng.next() * 3)));
  // Other scripts: a breath letter of each block repeated.
  for (const letter of breathLettersByBlock()) add("script", letter.repeat(3));
  for (const han of ["哈", "呵", "嘻", "嘿", "咯", "嗬", "哼"]) add("script", han.repeat(2 + Math.floor(rng.next() * 3)));
  for (const digits of ["555", "5555", "2333", "23333"]) add("script", digits);
  // Vocalizations of laughter and scorn (non-words).
  for (const v of ["pfft", "pffft", "snrk", "snerk", "hmph", "heh", "hehe", "tee-hee", "teehee", "nyeh", "ehe", "ufufu", "kukuku", "fufufu", "hue hue", "kek"]) add("vocalization", pick(casings(v), 1)[0]);
  // Actions: laughter words of the table inside every paired bracket and symbol delimiter.
  const table = laughterMeaningTable();
  const pairs: [string, string][] = [];
  for (let cp = 0x20; cp <= 0xffff; cp++) {
    const ch = String.fromCodePoint(cp);
    if (/\p{Ps}/u.test(ch)) {
      const close = String.fromCodePoint(cp + 1);
      if (/\p{Pe}/u.test(close)) pairs.push([ch, close]);
    }
  }
  const symmetric = ["*", "∗", "⁎", "✱", "~", "～", "_", "|", "/", "+", "=", "#", "^", "•", "※", "✦"];
  const words = table.delimited.filter((w) => /^\p{L}+(?: \p{L}+)?$/u.test(w));
  for (const [open, close] of pick(pairs, 24)) add("action", `${open}${pick(words, 1)[0]}${close}`);
  for (const d of symmetric) add("action", `${d}${pick(words, 1)[0]}${d}`);
  // Narrated laughter: a third-person subject with a laughter verb of the table.
  const verbs = table.delimited.filter((w) => /^(?:\p{L}+s|\p{L}+ed|\p{L}+s up|\p{L}+ed up)$/u.test(w) && !/ness|tion|ers$/u.test(w));
  const subjects = ["She", "He", "They", "Everyone", "The room", "The whole office", "The audience", "Jim", "The crowd", "Pam"];
  for (const subject of subjects) {
    const text = `${subject} ${pick(verbs, 1)[0]}.`;
    add("narrated", rng.next() < 0.5 ? text : `(${text.slice(0, -1)})`, "end");
  }
  // Hyperbolic reports: death, tears, breath, collapse.
  for (const r of [
    "I'm dead.",
    "I'm dying.",
    "I'm crying.",
    "I can't breathe.",
    "Stop, my sides.",
    "*dies*",
    "dead 💀",
    "I'm screaming.",
    "I'm wheezing.",
    "I'm in tears.",
    "I'm on the floor.",
    "I died.",
    "RIP me.",
    "I'm deceased.",
    "I'm crying laughing.",
    "Literally dying.",
    "*wheezes*",
    "[dies]",
    "I can't even.",
    "My sides hurt.",
  ])
    add("hyperbole", r, "end");
  // Emoji: every 97th Extended_Pictographic code point, with a skin tone, in ZWJ sequences and runs.
  const pictographs: string[] = [];
  for (let cp = 0x2300; cp <= 0x1faff; cp++) {
    const ch = String.fromCodePoint(cp);
    if (/\p{Extended_Pictographic}/u.test(ch) && /\p{Emoji_Presentation}/u.test(ch)) pictographs.push(ch);
  }
  for (let i = 0; i < pictographs.length; i += 97) add("emoji", pictographs[i]);
  for (const e of pick(pictographs, 6)) add("emoji", `${e}${e}${e}`);
  for (const e of ["👍", "👏", "🙌", "🤦", "🤷"]) add("emoji", `${e}\u{1F3FD}`);
  for (const e of pick(pictographs, 4)) add("emoji", `${e}\u200D${pick(pictographs, 1)[0]}`);
  // Kaomoji and emoticons: eyes and mouths of punctuation and symbols, in brackets or bare.
  const eyes = ["^", "≧", "◕", "•", "´", "°", "⌒", "＾", "ಠ", "✿", ">", "T", "ᵔ", "◉", "・"];
  const mouths = ["_", "▽", "∀", "ω", "‿", "o", "ー", "ᴗ", "3", "ε", "□", "д", "∇"];
  for (let i = 0; i < 14; i++) {
    const [eye] = pick(eyes, 1);
    const [mouth] = pick(mouths, 1);
    const [open, close] = pick(
      [
        ["(", ")"],
        ["（", "）"],
        ["[", "]"],
        ["", ""],
      ] as [string, string][],
      1,
    )[0];
    add("kaomoji", `${open}${eye}${mouth}${eye}${close}`);
  }
  for (const e of [":-]", "=]", ":^)", "8-)", "B)", ";P", ":b", "x)", "^.^", ">w<", "uwu", "owo", "c:", ":3c", "=P"]) add("emoticon", e);
  // Look-alike spellings of laughter the detector knows by name.
  for (const base of ["haha", "lol", "hehe", "lmao", "jaja"]) {
    add("look-alike", FULLWIDTH(base));
    add("look-alike", MATH_BOLD(base));
    add("look-alike", CIRCLED(base));
    add("look-alike", LOOKALIKE(base));
    add("look-alike", base.toUpperCase().split("").join("\u200B"));
  }
  return cues;
}
