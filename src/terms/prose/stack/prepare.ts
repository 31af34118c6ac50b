// The prose stack's one shared pass per row (composeStack's `prepare`): the reply split from its
// thinking block, read as the preset says, scanned once, and its language measured. Every prose term
// reads this. The dictionary's compiled form is cached per dictionary object and opener mode: a pure
// function of a declared input, so the cache changes no score.
import type { BankRow } from "../../../core/types.js";
import type { ProseDictionary } from "../../../mining/dictionary.js";
import { Lexicon } from "../../../text/lexicon.js";
import { createBuffers, scanText, type Scan } from "../../../text/scan.js";
import { words } from "../../../text/tokenize.js";
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

export function compileProse(dictionary: ProseDictionary, openerMode: string): CompiledProse {
  const byMode = compiledCache.get(dictionary) ?? compiledCache.set(dictionary, new Map()).get(dictionary)!;
  let c = byMode.get(openerMode);
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
}

export function promptText(row: BankRow): string {
  return typeof row.prompt === "string" ? row.prompt : Array.isArray(row.prompt) ? row.prompt.map((m) => m.content).join("\n") : typeof row.input === "string" ? row.input : "";
}

// One scratch buffer for the scanner; every scan is copied out before the next, so nothing carries over.
const scratch = createBuffers();

function ownScan(s: Scan): Scan {
  return { ...s, surface: s.surface.slice(0, s.n), lemma: s.lemma.slice(0, s.n), flags: s.flags.slice(0, s.n), sentence: s.sentence.slice(0, s.n), start: s.start.slice(0, s.n) };
}

export function prepareProse(row: BankRow, compiled: CompiledProse, reading: ReadingOptions, script: "runs" | "characters"): ProsePrepared {
  if (typeof row.output !== "string") throw new Error("`output` must be a string");
  const prompt = promptText(row);
  const split = splitThinking(row.output, row.thinking);
  const read = readReply(split.reply, reading);
  const scan = ownScan(scanText(read.text, compiled.lexicon, scratch));
  let promptWords: Set<string> | undefined;
  const lang = languageStats(read.text, scan, compiled.lexicon, prompt, () => (promptWords ??= new Set(words(prompt))), script);
  return { row, compiled, split, text: read.text, notProse: read.notProse, scan, lang };
}
