// The prose stack's one shared pass per row (composeStack's `prepare`): the reply split from its
// thinking block, read as the preset says, scanned once, and its language measured. Every prose term
// reads this. The dictionary's compiled form is cached per dictionary object and opener mode: a pure
// function of a declared input, so the cache changes no score.
import type { BankRow } from "../../../core/types.js";
import type { ProseDictionary } from "../../../mining/dictionary.js";
import { Lexicon } from "../../../text/lexicon.js";
import { createBuffers, scanText, type Scan } from "../../../text/scan.js";
import { words } from "../../../text/tokenize.js";
import { countNonWords, nonWordsFactor, type NonWords } from "../../../text/spelling.js";
import type { EchoPenalties } from "../echo.js";
import { languageStats, type LanguageStats } from "../language.js";
import { compilePhrases, type CompiledPhrases } from "../phrases.js";
import type { ReadingOptions } from "../presets.js";
import { readReply } from "../read.js";
import { compileSlop, type CompiledSlop } from "../slop.js";
import { splitThinking, type ThinkingSplit } from "../thinking-block.js";

export interface CompiledProse {
  dictionary: ProseDictionary;
  lexicon: Lexicon;
  slop: CompiledSlop;
  phrases: CompiledPhrases;
  echoPenalties: EchoPenalties;
}

const compiledCache = new WeakMap<ProseDictionary, Map<string, CompiledProse>>();

/**
 * Surface forms a compiled dictionary's word table may hold before a fresh compile replaces it: the
 * table interns every word form it reads, so a long-running server would otherwise grow it without
 * bound. A bank of 3,295 replies holds about 50,000 forms. Scores do not depend on the ids.
 */
export const LEXICON_SURFACE_LIMIT = 200_000;

// A call prepares all its rows in one synchronous loop (src/stacks/compose.ts), and its terms compare
// the ids of its rows; so a full table is replaced only at the first compile of a task, never between
// two rows of one call. Rows prepared earlier keep the compile they were prepared with.
let taskPinned = false;
function firstCompileOfTask(): boolean {
  if (taskPinned) return false;
  taskPinned = true;
  queueMicrotask(() => {
    taskPinned = false;
  });
  return true;
}

export function compileProse(dictionary: ProseDictionary, openerMode: string, surfaceLimit = LEXICON_SURFACE_LIMIT): CompiledProse {
  const byMode = compiledCache.get(dictionary) ?? compiledCache.set(dictionary, new Map()).get(dictionary)!;
  let c = byMode.get(openerMode);
  // Asked on every compile, a fresh one included, so a table made in this task is pinned for it too.
  const first = firstCompileOfTask();
  if (c && first && c.lexicon.surfaces.length > surfaceLimit) c = undefined;
  if (!c) {
    const lexicon = new Lexicon();
    c = {
      dictionary,
      lexicon,
      slop: compileSlop(dictionary, lexicon, { openerTemplates: openerMode === "templates" }),
      phrases: compilePhrases(dictionary.humanPhrases, lexicon),
      echoPenalties: Object.fromEntries(dictionary.echo.map((e) => [e.type, e.penalized ? e.penalty : 0])),
    };
    byMode.set(openerMode, c);
  }
  return c;
}

export interface ProsePrepared {
  row: BankRow;
  compiled: CompiledProse;
  split: ThinkingSplit;
  /** The visible reply as the terms read it. */
  text: string;
  /** Fenced blocks that are not prose (hardened reading). */
  notProse: number;
  scan: Scan;
  lang: LanguageStats;
  /** Sentence openers skip a whole run of leading discourse words (the reader's view), not one word. */
  leadingRun?: boolean;
  /** Words that are not English, names or the prompt's (when the reading prices them). */
  nonWords?: NonWords & { factor: number };
}

export function promptText(row: BankRow): string {
  return typeof row.prompt === "string" ? row.prompt : Array.isArray(row.prompt) ? row.prompt.map((m) => m.content).join("\n") : typeof row.input === "string" ? row.input : "";
}

// One scratch buffer for the scanner; every scan is copied out before the next, so nothing carries over.
const scratch = createBuffers();

/** The scan's five arrays copied into one allocation (five views of it), so a row costs one buffer, not five. */
function ownScan(s: Scan): Scan {
  const n = s.n;
  const all = new Int32Array(5 * n);
  const copy = (from: Int32Array, k: number): Int32Array => {
    const view = all.subarray(k * n, (k + 1) * n);
    view.set(from.subarray(0, n));
    return view;
  };
  return { n, surface: copy(s.surface, 0), lemma: copy(s.lemma, 1), flags: copy(s.flags, 2), sentence: copy(s.sentence, 3), start: copy(s.start, 4), sentences: s.sentences };
}

// The word set of each recent prompt: a bank holds many replies to one prompt, and tokenizing the prompt
// again for each was a string per prompt word per row. A memo of a pure function (the set is only read),
// bounded so a server's stream of distinct prompts cannot grow it.
const PROMPT_MEMO_LIMIT = 256;
const promptWordSets = new Map<string, Set<string>>();

function promptWords(prompt: string): Set<string> {
  let set = promptWordSets.get(prompt);
  if (set === undefined) {
    if (promptWordSets.size >= PROMPT_MEMO_LIMIT) promptWordSets.delete(promptWordSets.keys().next().value!);
    promptWordSets.set(prompt, (set = new Set(words(prompt))));
  }
  return set;
}

export function prepareProse(row: BankRow, compiled: CompiledProse, reading: ReadingOptions, script: "runs" | "characters"): ProsePrepared {
  if (typeof row.output !== "string") throw new Error("`output` must be a string");
  const prompt = promptText(row);
  const split = splitThinking(row.output, row.thinking);
  const read = readReply(split.reply, reading);
  const scan = ownScan(scanText(read.text, compiled.lexicon, scratch));
  const lang = languageStats(read.text, scan, compiled.lexicon, prompt, () => promptWords(prompt), script);
  const counted = reading.spelling ? countNonWords(read.text, promptWords(prompt)) : undefined;
  const nonWords = counted && reading.spelling ? { ...counted, factor: nonWordsFactor(counted.share, reading.spelling) } : undefined;
  return { row, compiled, split, text: read.text, notProse: read.notProse, scan, lang, ...(nonWords ? { nonWords } : {}), ...(reading.view ? { leadingRun: true } : {}) };
}
