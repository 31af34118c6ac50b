// Text normalization shared by every stack (SPEC §3).
export { cleanProse, cleanText, foldConfusables, foldHomoglyphs, normalizeMarks, stripHtml, stripInvisible, stripMarkup, stripZalgo, tidyWhitespace } from "./cleanup.js";
export { asciiTwin, CONFUSABLE_TO_ASCII, lookalikesOf } from "./confusables.js";
export { stripRoleplayMeta } from "./roleplay-meta.js";
export { SCRIPTS, dominantScript, hasCjk, scriptShares } from "./script.js";
export type { Script, ScriptShares } from "./script.js";
export { COMMON_ENGLISH, commonEnglishRatio, isCommonEnglish } from "./english.js";
export { wordSpans, words } from "./tokenize.js";
export type { WordSpan } from "./tokenize.js";
export { sentenceSpans, splitSentences } from "./sentences.js";
export type { SentenceSpan } from "./sentences.js";
export { splitDialogue } from "./dialogue.js";
export type { DialogueSplit } from "./dialogue.js";
export { lemma } from "./lemma.js";
export { contentWords, isStopword } from "./stopwords.js";
export * from "./laughter/index.js";
