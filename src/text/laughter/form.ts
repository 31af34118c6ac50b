// Laughter and vocalizations recognized by their form, in any script (issue 36, fourth round). Every
// battery found laughter spellings no list held ("kekeke", "χαχαχα", "ههههه", "하하하", "hjhj"), so
// the category is read from the shape of a token, not from a vocabulary:
//  - a token is romanized with Unicode's own transliteration data (any-ascii: हाहाहा → "hahaha", ハハハ →
//    "hahaha", 嘻嘻 → "xixi", ㅋㅋㅋ → "kkk"), iteration marks repeating what precedes them (ฮ่าๆๆ);
//  - LAUGHTER is a non-word whose romanization is one breath syllable repeated (laughter is a train of
//    breath pulses, written with the script's letter for /h/, /x/ or /k/, or /j/, /g/, /f/ as in jaja,
//    gaga, fufu), with a short lead and a stretched or cut tail ("bwahaha", "ehehe", "hahah", "hahaaa"),
//    a run of one breath letter ("hhhh", "kkk", "ххх"), or one consonant pair typed again and again
//    ("wkwk", "hjhj", "rsrs");
//  - a VOCALIZATION (read away, but not counted as laughter) is any syllable three times ("lalala").
// Digits standing for letters are read as letters ("h4h4", "l0l"). A word of the lexicon is never either.
import anyAscii from "any-ascii";
import { isCommonEnglish } from "../english.js";
import { isEnglishWord } from "../spelling.js";

/** Thai's repetition mark (ๆ) repeats the word before it; Japanese iteration marks (々 ゝ ゞ ヽ ヾ 〻) the character before. */
const THAI_REPEAT = /([^\u0E46]+)(\u0E46+)/gu;
const JAPANESE_REPEAT = /(\P{M}\p{M}*)([\u3005\u303B\u309D\u309E\u30FD\u30FE]+)/gu;

/** The token's romanization, lower-cased, letters a–z only; iteration marks spelled out. */
export function romanize(token: string): string {
  const again = (_: string, unit: string, marks: string) => unit.repeat(1 + [...marks].length);
  return anyAscii(token.replace(THAI_REPEAT, again).replace(JAPANESE_REPEAT, again))
    .toLowerCase()
    .replace(/[^a-z]/g, "");
}

/** Digits read as the letters they stand for in leetspeak. */
const LEET: Readonly<Record<string, string>> = { "0": "o", "1": "l", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g", "@": "a", $: "s" };
export const unleet = (token: string) => token.replace(/[0-9@$]/g, (d) => LEET[d]);

/** One breath syllable: an /h/, /x/, /k/ (or /j/, /g/, /f/) onset, one or two vowels, an optional nasal or h coda. */
const BREATH_SYLLABLE = "(?:kh|ch|gh|wh|[hxjkgf])[aeiouy]{1,2}(?:ng|n|h)?";
/**
 * A lead of up to three letters, one breath syllable repeated, and a tail of up to two letters (checked
 * below). Twice is enough for a plain /h/ syllable ("haha", "hehe"); a syllable of another onset or with a
 * coda is a name or a word twice ("Kiki", "Jojo", "Huanhuan") and needs three ("kekeke", "jajaja").
 */
const SYLLABLE_TRAIN = new RegExp(`^([a-z]{0,3}?)(${BREATH_SYLLABLE})\\2+([a-z]{0,2})$`);
const PLAIN_BREATH = /^(?:h|kh|ch|x)[aeiouy]{1,2}$/;
/** Any syllable three times ("lalala", "blahblahblah"); twice it is a name as often ("Cece", "Nana"). */
const ANY_SYLLABLE_TRAIN = /^([a-z]{0,2}?)([b-df-hj-np-tv-z]{1,2}[aeiouy]{1,2})\2{2,}([a-z]{0,2})$/;
/** A run of one breath letter: Arabic "ههههه" and Hebrew "חחח" romanize to "hhhhh", Korean "ㅋㅋㅋ" to "kkk". */
const BREATH_RUN = /^(kh|ch|h|k)\1{2,}$/;
/** Two different consonants typed again and again ("wkwk", "hjhj", "rsrs"); not a hum of m or n ("mmmm", "hmhm"). */
const CONSONANT_PAIR_TRAIN = /^(([b-df-hj-lp-tv-z])(?!\2)[b-df-hj-lp-tv-z])\1+[b-df-hj-lp-tv-z]?$/;
/** Chinese internet laughter "2333…" (a laughing emoticon's number); "233" alone is as often a number, and Thai 555 is v3's. */
const LAUGHTER_NUMBER = /^23{3,}$/;

const collapse = (s: string) => s.replace(/(.)\1+/g, "$1");

/** Whether a tail is the start of the repeated unit, stretched ("hahah": "h"; "hahaa": collapsed away). */
const tailFits = (unit: string, tail: string) => tail === "" || unit.startsWith(tail) || unit.startsWith(collapse(tail));

/** Whether a romanized, lower-cased token has the form of laughter. */
export function romanLaughterForm(r: string): boolean {
  if (r.length < 3) return false;
  const c = collapse(r);
  const m = SYLLABLE_TRAIN.exec(c);
  if (m && tailFits(m[2], m[3]) && (PLAIN_BREATH.test(m[2]) || c.length - m[1].length - m[3].length >= 3 * m[2].length)) return true;
  return BREATH_RUN.test(r) || (r.length >= 4 && CONSONANT_PAIR_TRAIN.test(r));
}

/**
 * Whether the laughter form of `pieces` joined needs the first piece only as its lead, and that piece is a
 * word: "him haha" and "I haha" are a word and laughter, not one laughter word spelled out ("bwa ha ha" is).
 */
export function leadIsWord(pieces: readonly string[]): boolean {
  const m = SYLLABLE_TRAIN.exec(collapse(romanize(pieces.join(""))));
  return m !== null && romanize(pieces[0]).length <= m[1].length && (pieces[0].length === 1 || isEnglishWord(pieces[0].toLowerCase()));
}

/** A token with no two letters but a word might be a name or an abbreviation in capitals ("NYC", "HR"). */
const ABBREVIATION = /^\p{Lu}{2,3}$/u;

/** Whether a token of letters (any script) or digits is laughter by its form and no English word. */
export function isLaughterForm(token: string): boolean {
  // one script: Latin letters joined to another script's are two tokens ("嘻嘻 I" spelled out as one)
  if (/[a-zA-Z]/.test(token) && /[^\x00-\x7f]/.test(token)) return false;
  if (/^\p{N}+$/u.test(token)) return LAUGHTER_NUMBER.test(token);
  const letters = /\p{N}/u.test(token) ? unleet(token) : token;
  const r = romanize(letters);
  return romanLaughterForm(r) && !isEnglishWord(letters.toLowerCase()) && !isEnglishWord(r);
}

/**
 * Whether a token is a non-word vocalization: any syllable three times ("lalala", "nyanyanya"). Non-words
 * without a vowel ("hmm", "mm-hmm", "shh") are not: in human dialogue they are answers and backchannels
 * (on The Office and Overheard NY, reading them away emptied 271 of 47,491 lines and lowered C's AUC
 * against generic non-answers from 0.831 to 0.801).
 */
export function isVocalization(token: string): boolean {
  if (/\p{N}/u.test(token) || ABBREVIATION.test(token) || /\p{Ll}\p{Lu}/u.test(token)) return false;
  const r = romanize(token);
  if (r.length < 2 || isEnglishWord(token.toLowerCase()) || isEnglishWord(r)) return false;
  if (!/[aeiouy]/.test(r)) return false;
  const m = ANY_SYLLABLE_TRAIN.exec(collapse(r));
  // a common word said again is that word ("nonono")
  return m !== null && tailFits(m[2], m[3]) && !isCommonEnglish(m[2]);
}
