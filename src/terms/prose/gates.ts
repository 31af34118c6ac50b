// The zero-gates of the prose reward (SPEC §7, seed 002), checked on cleaned text: truncated output;
// a missing, broken or leaked thinking block, or thinking when it is off; a short refusal, a stub or
// an abnormally short reply; a switch into another script; too few common English words beyond what
// the prompt itself uses. Each gate names itself so a zero is never a mystery. The hardened preset
// judges the whole reply: a refusal after leading actions (but not an apology inside dialogue), a
// reply that stops mid-sentence whatever finish_reason says, and fenced content that is not prose.
import { z } from "zod";
import type { ThinkingProblem } from "./thinking-block.js";
import { isCommonEnglish } from "../../text/english.js";

export interface GateOptions {
  /** Fewer words than this is a stub. */
  minWords: number;
  /** A reply shorter than this share of its group's median length is abnormally short. */
  minShareOfGroupMedian: number;
  /**
   * A reply that names its group (group_id: verl's uid, TRL's prompt index, OpenRLHF's prompt) with
   * fewer than 4 of the group's replies in the call — one sample per call, as verl's per-sample loop and
   * OpenRLHF's one-item lists send it — is abnormally short below this many words: a baseline that depends on the reply alone, so its score
   * is the same on a resend, in another order or on another replica. Hardened: 96, the group rule's
   * share (0.2) of the median human reply (480.5 words over HANNA's 96 human r/WritingPrompts stories;
   * the shortest is 110). Unset: no baseline (seed).
   */
  minWordsWithoutGroup?: number;
  /** A refusal is only gated when the whole reply is shorter than this. */
  refusalMaxWords: number;
  /** Letters in scripts the prompt does not use, at or above which the reply has switched script. */
  maxForeignLetters: number;
  /** Minimum share of common English words among words the prompt does not use. */
  minCommonEnglish: number;
  /**
   * "start": a refusal opens the reply (seed); "anywhere": after leading actions, or an out-of-character
   * refusal anywhere outside dialogue; "declines" (hardened, issue 36): only a reply that declines the
   * task to the user — "I can't help with that", "I'm sorry, but I can't." — outside dialogue, never
   * first-person narration ("I cannot stop my hands from shaking", "I cannot but regret").
   */
  refusal: "start" | "anywhere" | "declines";
  /** Foreign letters counted in runs of one script (seed) or as characters, spaced or not (hardened). */
  script: "runs" | "characters";
  /**
   * Also read truncation from the text (it ends mid-word or mid-sentence, without terminal punctuation):
   * "off" (seed); "with-finish-reason" (hardened): for rows that report a finish_reason, so a "stop" that
   * cut a sentence is caught while texts without one are left alone (published human corpora end
   * passages on a comma or mid-sentence: docs/prose.md); "always".
   */
  truncationFromText: "off" | "with-finish-reason" | "always";
  /** Rows without a group_id are compared with the other replies to the same prompt (their scenario). */
  scenarioLength: boolean;
  /**
   * Gate a reply that holds at least as many words in HTML comments, which no reader sees, as it shows
   * (hardened): what is scored is what a reader sees, and a reply cut to one paragraph with the rest in
   * a comment is a short reply the length gate cannot see when the call has no other reply to compare.
   */
  hiddenText: boolean;
  /**
   * The common-English share leaves out names (capitalized words inside a sentence) and numbers, which
   * are words of no language (hardened, issue 36: a genealogy entry of dates and names was gated).
   * Absent: counted, as the seed counts them.
   */
  namesAndNumbers?: boolean;
}

export const DEFAULT_GATE_OPTIONS: GateOptions = {
  minWords: 15,
  minShareOfGroupMedian: 0.2,
  refusalMaxWords: 150,
  maxForeignLetters: 3,
  minCommonEnglish: 0.6,
  refusal: "start",
  script: "runs",
  truncationFromText: "off",
  scenarioLength: false,
  hiddenText: false,
};

/** What the hardened preset changes (see src/stacks/prose-presets.ts). */
export const HARDENED_GATE_OPTIONS: GateOptions = {
  ...DEFAULT_GATE_OPTIONS,
  refusal: "declines",
  script: "characters",
  truncationFromText: "with-finish-reason",
  scenarioLength: true,
  hiddenText: true,
  namesAndNumbers: true,
  minWordsWithoutGroup: 96,
};

/** How far below the prompt's own common-English share a reply may fall. */
const PROMPT_MARGIN = 0.1;

const TRUNCATED_REASONS = new Set(["length", "max_tokens", "max_length", "max_output_tokens"]);
const REFUSAL = /^(?:\W*)(?:i'?m sorry|i am sorry|sorry,|i can(?:'|no)?t|i cannot|i won'?t|i will not|i'?m not able|i am not able|i'?m unable|i am unable|as an ai|i must decline|i'?m afraid i can)/i;
/** Role-play actions before the first words: *She pauses.*, (pauses), [sighs]. */
const LEADING_ACTIONS = /^(?:\s*(?:\*[^*\n]+\*|_[^_\n]+_|\([^()\n]+\)|\[[^\]\n]+\]))+/;
const OPENS_DIALOGUE = /^\s*["“«„]/;
const DIALOGUE = /"[^"\n]*"|“[^”\n]*”|«[^»\n]*»/g;
/** A refusal of the task itself, wherever it stands: a refusing verb with a task object, or the assistant's voice. */
const OUT_OF_CHARACTER_REFUSAL =
  /\b(?:i(?:'m| am) sorry,? but i (?:can(?:'|no)?t|cannot|won'?t|will not|am unable|'m unable|am not able|'m not able)|i (?:can(?:'|no)?t|cannot|won'?t|will not|am unable to|'m unable to|am not able to|'m not able to|must decline to) (?:continue|help|assist|comply|engage|fulfil|write|generate|create|produce|provide|participate|proceed|role-?play|go on with)|as an ai\b|as a language model|i must (?:respectfully )?decline)/i;
/**
 * What a reply declines to do for the user: the request itself ("help with that", "provide that",
 * "continue this role-play", "write explicit content", "reproduce the original"). Not what a person
 * declines in a story or a conversation ("I can't help it", "I can't do this", "I can't go on").
 */
const TASK =
  "(?:(?:help|assist)(?: you)? with (?:that|this|your|the request|such)|assist\\b|comply\\b|fulfil+\\b|provide (?:that|this|it|the|you with|such|explicit|content)\\b|" +
  "(?:generate|create|produce|write) (?:that|this|it|such|content|explicit|a story|the story|the text|the essay|the original|in)\\b|" +
  "continue (?:with )?(?:this|the) (?:story|role-?play|conversation|scene|request)\\b|(?:engage|participate) in\\b|role-?play\\b|reproduce\\b|recreate\\b|reconstruct\\b|imitate\\b)";
/** The refusing clause: opens a sentence, after an optional apology. */
const DECLINING = new RegExp(
  "(?:^|[.!?…]\\s+|\\n)[^\\p{L}\\n]*(?:(?:i'?m |i am )?(?:so |really |very |truly )?sorry[\\s,.!—–-]*(?:but\\s+)?)?" +
    "i (?:can(?:'|no)?t|cannot|won'?t|will not|(?:am|'m) (?:unable|not able) to|must (?:respectfully )?decline to|(?:am|'m) not (?:going|allowed|permitted) to) " +
    TASK,
  "iu",
);
/** The assistant speaking as one. */
const ASSISTANT_VOICE = /\bas an ai\b|\bas an? (?:ai )?language model\b/iu;
/** Quoted speech in any style (straight, curly, single curly, guillemets either way, corner brackets), on one line. */
const ANY_DIALOGUE = /"[^"\n]*"|“[^”\n]*”|‘[^’\n]*’|«[^»\n]*»|»[^«\n]*«|„[^“”\n]*[“”]|「[^」\n]*」|『[^』\n]*』/g;

const TERMINAL = /[.!?…。！？)\]}>*_\p{Extended_Pictographic}\u2014\u2013-]$/u;
const CLOSERS = /[\s"”’'»~`]+$/;

export type GateName = "truncated" | "thinking" | "refusal" | "stub" | "abnormally_short" | "script_switch" | "not_english" | "not_prose" | "hidden_text";

const HTML_COMMENT = /<!--([\s\S]*?)-->/g;

/** Words (tokens with a letter or digit) inside the HTML comments of a raw reply. */
export function htmlCommentWords(raw: string): number {
  if (!raw.includes("<!--")) return 0;
  let n = 0;
  for (const m of raw.matchAll(HTML_COMMENT)) n += m[1].split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return n;
}

/** True when the reply refuses: at its start (seed), or under "anywhere" also after leading actions or outside dialogue. */
export function isRefusal(reply: string, mode: GateOptions["refusal"]): boolean {
  if (mode === "start") return REFUSAL.test(reply);
  if (mode === "declines") return declinesTask(reply);
  const rest = reply.replace(LEADING_ACTIONS, "");
  if (!OPENS_DIALOGUE.test(rest) && REFUSAL.test(rest)) return true;
  return OUT_OF_CHARACTER_REFUSAL.test(rest.replace(/[’‘]/g, "'").replace(DIALOGUE, " "));
}

/**
 * The reply declines the task to the user: outside quoted speech and em-dash dialogue lines, a sentence
 * opens on "I can't / won't / am unable to" (after an optional apology) with the request as its object,
 * or the assistant speaks as one.
 */
export function declinesTask(reply: string): boolean {
  const narration = reply
    .replace(/[’‘]/g, (q, at: number) => (/\p{L}/u.test(reply[at - 1] ?? "") && /\p{L}/u.test(reply[at + 1] ?? "") ? "'" : q))
    .replace(ANY_DIALOGUE, " ")
    .replace(/^\s*[—―]\s.*$/gm, " ")
    .replace(LEADING_ACTIONS, "");
  return DECLINING.test(narration) || ASSISTANT_VOICE.test(narration);
}

/**
 * The text stops mid-word or mid-sentence: after closing quotes, its last character is not terminal
 * punctuation, a closing bracket, the end of an *action* or emphasis, a dash or an emoji.
 */
export function endsMidSentence(reply: string): boolean {
  const end = reply.replace(CLOSERS, "");
  return end.length > 0 && !TERMINAL.test(end);
}

const SHARE_WORD_G = /\p{L}[\p{L}\p{M}'’]*|\p{N}+/gu;
const SENTENCE_OPENING = /(?:^|[.!?…:;]|\n)[\s"'“”‘’«»()[\]*_—–-]*$/;

/**
 * The common-English share of a text's words, names (capitalized words that do not open a sentence)
 * and numbers left out, nor the prompt's own rarer words (`promptWords`, lower-cased).
 */
export function commonEnglishWithoutNames(text: string, promptWords: ReadonlySet<string>): number {
  let counted = 0;
  let common = 0;
  for (const m of text.matchAll(SHARE_WORD_G)) {
    const w = m[0];
    if (/^\p{N}/u.test(w)) continue;
    const lower = w.toLowerCase().replace(/’/g, "'");
    const isCommon = isCommonEnglish(lower);
    if (!isCommon && /^\p{Lu}/u.test(w) && !SENTENCE_OPENING.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
    if (!isCommon && promptWords.has(lower)) continue;
    counted++;
    if (isCommon) common++;
  }
  return counted ? common / counted : 1;
}

/** What the gates look at, measured on the cleaned reply (see language.ts). */
export interface GateInput {
  reply: string;
  words: number;
  /** Common-English share of the reply's words (rarer words from the prompt not counted). */
  commonEnglish: number;
  /** The prompt's own common-English share (distinct words), when known: the bar drops below it. */
  promptCommonEnglish?: number;
  /** Letters in scripts other than Latin that the prompt does not use. */
  foreignLetters: number;
  foreignScripts: string[];
  finishReason?: string;
  thinkingProblem: ThinkingProblem;
  /** Median reply length (words) of the row's group, when the group has enough rows. */
  groupMedianWords?: number;
  /** The reply names a group_id (its group may be in other calls). */
  groupElsewhere?: boolean;
  /** Fenced blocks that are not prose (hardened reading); a reply that hides content there is gated. */
  notProseBlocks?: number;
  /** Words inside HTML comments of the raw reply (read when `hiddenText` is on). */
  hiddenWords?: number;
}

export interface GateResult {
  failed: GateName | null;
  details: Record<string, unknown>;
}

export function checkGates(input: GateInput, options: GateOptions = DEFAULT_GATE_OPTIONS): GateResult {
  const fail = (failed: GateName, details: Record<string, unknown>): GateResult => ({ failed, details });
  const n = input.words;
  if (input.finishReason && TRUNCATED_REASONS.has(input.finishReason)) return fail("truncated", { finish_reason: input.finishReason });
  const readText = options.truncationFromText === "always" || (options.truncationFromText === "with-finish-reason" && input.finishReason !== undefined);
  if (readText && endsMidSentence(input.reply)) return fail("truncated", { ends: input.reply.trimEnd().slice(-20), finish_reason: input.finishReason ?? null });
  if (input.thinkingProblem) return fail("thinking", { problem: input.thinkingProblem });
  if (input.notProseBlocks) return fail("not_prose", { fenced_blocks: input.notProseBlocks });
  if (options.hiddenText && input.hiddenWords && input.hiddenWords >= Math.max(1, n)) return fail("hidden_text", { hidden_words: input.hiddenWords, words: n });
  if (n < options.refusalMaxWords && isRefusal(input.reply, options.refusal)) return fail("refusal", { words: n });
  if (n < options.minWords) return fail("stub", { words: n, min_words: options.minWords });
  if (input.groupMedianWords !== undefined && n < options.minShareOfGroupMedian * input.groupMedianWords) {
    return fail("abnormally_short", { words: n, group_median_words: input.groupMedianWords });
  }
  if (input.groupMedianWords === undefined && input.groupElsewhere && options.minWordsWithoutGroup !== undefined && n < options.minWordsWithoutGroup) {
    return fail("abnormally_short", { words: n, min_words_without_group: options.minWordsWithoutGroup });
  }
  if (input.foreignLetters >= options.maxForeignLetters) return fail("script_switch", { foreign_letters: input.foreignLetters, scripts: input.foreignScripts });
  const bar = input.promptCommonEnglish === undefined ? options.minCommonEnglish : Math.min(options.minCommonEnglish, input.promptCommonEnglish - PROMPT_MARGIN);
  if (input.commonEnglish < bar) return fail("not_english", { common_english_ratio: round(input.commonEnglish), min: round(bar) });
  return { failed: null, details: { words: n, common_english_ratio: round(input.commonEnglish), foreign_letters: input.foreignLetters } };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

/** Every gate option; the preset (presets.ts) fills what the user does not give. */
export const gateOptions = z
  .object({
    minWords: z.number().int().min(0),
    minShareOfGroupMedian: z.number().min(0).max(1),
    minWordsWithoutGroup: z.number().int().min(0).optional(),
    refusalMaxWords: z.number().int().min(0),
    maxForeignLetters: z.number().int().min(1),
    minCommonEnglish: z.number().min(0).max(1),
    refusal: z.enum(["start", "anywhere", "declines"]),
    script: z.enum(["runs", "characters"]),
    truncationFromText: z.enum(["off", "with-finish-reason", "always"]),
    scenarioLength: z.boolean(),
    hiddenText: z.boolean(),
    namesAndNumbers: z.boolean().optional(),
  })
  .strict();
