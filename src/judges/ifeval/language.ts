// Offline response-language identification for `language:response_language` (IFEval uses
// langdetect). Scripts decide most languages; within a shared script, frequent function words decide
// (Devanagari: hi/mr/ne; Arabic script: ar/fa/ur; Cyrillic: ru/bg; Latin: de/it/pt/sw/fi/vi/en…).
// It is a heuristic good enough for "is this answer in Kannada", not a general language identifier.

const SCRIPTS: readonly [RegExp, string[]][] = [
  [/[\u0900-\u097F]/g, ["hi", "mr", "ne"]],
  [/[\u0980-\u09FF]/g, ["bn"]],
  [/[\u0A00-\u0A7F]/g, ["pa"]],
  [/[\u0A80-\u0AFF]/g, ["gu"]],
  [/[\u0B80-\u0BFF]/g, ["ta"]],
  [/[\u0C00-\u0C7F]/g, ["te"]],
  [/[\u0C80-\u0CFF]/g, ["kn"]],
  [/[\u0E00-\u0E7F]/g, ["th"]],
  [/[\uAC00-\uD7AF\u1100-\u11FF]/g, ["ko"]],
  [/[\u3040-\u30FF]/g, ["ja"]],
  [/[\u4E00-\u9FFF]/g, ["zh-cn"]],
  [/[\u0600-\u06FF]/g, ["ar", "fa", "ur"]],
  [/[\u0400-\u04FF]/g, ["ru", "bg", "uk"]],
  [/[A-Za-z\u00C0-\u024F\u1E00-\u1EFF]/g, ["en", "de", "fr", "es", "it", "pt", "sw", "fi", "vi", "nl"]],
];

const FUNCTION_WORDS: Record<string, string[]> = {
  hi: ["है", "और", "के", "में", "की", "हैं", "को", "से", "यह", "नहीं"],
  mr: ["आहे", "आणि", "या", "व", "हे", "आहेत", "की", "करा", "मध्ये", "नाही"],
  ne: ["छ", "र", "मा", "हो", "गर्न", "छन्", "पनि", "को", "लागि", "थियो"],
  ar: ["في", "من", "على", "أن", "إلى", "التي", "هذا", "عن", "مع", "هو"],
  fa: ["است", "و", "در", "به", "از", "که", "این", "را", "با", "می"],
  ur: ["ہے", "اور", "کے", "میں", "کی", "ہیں", "کو", "سے", "یہ", "نہیں"],
  ru: ["и", "в", "не", "на", "что", "с", "как", "это", "по", "он", "для", "вы"],
  bg: ["и", "в", "не", "на", "че", "се", "да", "за", "от", "са", "е", "това"],
  uk: ["і", "в", "не", "на", "що", "з", "як", "це", "та", "для"],
  en: ["the", "and", "of", "to", "is", "in", "that", "it", "you", "for", "with", "are"],
  de: ["der", "die", "und", "das", "ist", "nicht", "ich", "sie", "zu", "mit", "ein", "auf"],
  fr: ["le", "la", "et", "les", "des", "est", "une", "pour", "que", "pas", "dans", "vous"],
  es: ["el", "la", "que", "y", "los", "del", "las", "por", "una", "para", "con", "es"],
  it: ["il", "che", "di", "e", "la", "non", "per", "una", "sono", "della", "gli", "è"],
  pt: ["que", "o", "de", "não", "uma", "do", "da", "para", "com", "os", "é", "você"],
  sw: ["na", "ya", "wa", "kwa", "ni", "za", "katika", "la", "kuwa", "hii", "yako", "cha"],
  fi: ["ja", "on", "ei", "että", "se", "oli", "hän", "mutta", "kun", "ovat", "myös", "tai"],
  vi: ["và", "của", "là", "có", "không", "được", "cho", "một", "những", "với", "các", "này"],
  nl: ["de", "het", "een", "en", "van", "is", "niet", "dat", "ik", "zijn", "op", "voor"],
};

/** Returns the most likely language code, or null when the text has no letters. */
export function detectLanguage(text: string): string | null {
  let best: { count: number; langs: string[] } | null = null;
  for (const [pattern, langs] of SCRIPTS) {
    const count = text.match(pattern)?.length ?? 0;
    if (count > (best?.count ?? 0)) best = { count, langs };
  }
  if (!best) return null;
  if (best.langs.length === 1) return best.langs[0];
  const tokens = text.toLowerCase().match(/[\p{L}\p{M}]+/gu) ?? [];
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  let bestLang = best.langs[0];
  let bestScore = -1;
  for (const lang of best.langs) {
    const score = (FUNCTION_WORDS[lang] ?? []).reduce((s, w) => s + (counts.get(w) ?? 0), 0);
    if (score > bestScore) {
      bestScore = score;
      bestLang = lang;
    }
  }
  return bestLang;
}
