// The prose terms' one shared pass per row (the `scan` resource, ./resources.ts): the reply split from
// its thinking block, read as the preset says, scanned once, and its language measured. Every prose
// term reads this. The dictionary's compiled form belongs to a ProseEngine the scorer owns (one per
// scorer, built from its dictionary): a pure function of a declared input, so keeping it changes no score.
import type { BankRow } from "../../../core/types.js";
import type { ProseDictionary } from "../dictionary.js";
import { Lexicon } from "../../../text/lexicon.js";
import { createBuffers, scanText, type Scan, type WordLetters } from "../../../text/scan.js";
import { words } from "../../../text/tokenize.js";
import { countCapitalized, type Casing } from "../../../text/casing.js";
import { costlyWords, countNonWords, nonWordsFactor, pricedNonWordShare, type CostlyWords, type NonWords } from "../../../text/spelling.js";
import type { EchoPenalties } from "../echo.js";
import { languageStats, type LanguageStats } from "../language.js";
import { compilePhrases, type CompiledPhrases } from "../phrases.js";
import type { ReadingOptions } from "../presets.js";
import { readReply } from "../read.js";
import { compileSlop, type CompiledSlop } from "../slop.js";
import { promptEchoShare } from "../prompt-echo.js";
import { padding, type Padding, type PaddingPrice } from "../padding.js";
import { readThroughFillers } from "../fillers.js";
import { idleMask } from "./idle.js";
import { topicLemmas, unrelatedParagraphs } from "../relevance.js";
import { splitThinking, type ThinkingSplit } from "../thinking-block.js";
import { blockReader, cohesionAt } from "./block-scans.js";

export interface CompiledProse {
  dictionary: ProseDictionary;
  lexicon: Lexicon;
  slop: CompiledSlop;
  phrases: CompiledPhrases;
  echoPenalties: EchoPenalties;
  /** Scratch buffers for the scanner; every scan is copied out before the next, so nothing carries over. */
  scratch: ReturnType<typeof createBuffers>;
  /** The word set of each recent prompt (promptWords). */
  promptWordSets: Map<string, Set<string>>;
  /** The dictionary's priced lemmas by skeleton, for the spelling reading (src/text/spelling.ts). */
  costly: CostlyWords;
}

/** The lemmas a dictionary prices on their own: pair words, hubs, frame hubs and excess words. */
export function pricedLemmas(dictionary: ProseDictionary): string[] {
  return [...dictionary.pairs.flatMap((p) => [p.a, p.b]), ...dictionary.hubs.map((h) => h.word), ...dictionary.frames.map((f) => f.hub), ...dictionary.excessWords.map((w) => w.word)];
}

/**
 * Surface forms a compiled dictionary's word table may hold before a fresh compile replaces it: the
 * table interns every word form it reads, so a long-running server would otherwise grow it without
 * bound. A bank of 3,295 replies holds about 50,000 forms. Scores do not depend on the ids.
 */
export const LEXICON_SURFACE_LIMIT = 200_000;

/** A fresh compile of the dictionary for an opener mode (its own word table). */
export function compileProse(dictionary: ProseDictionary, openerMode: string): CompiledProse {
  const lexicon = new Lexicon();
  return {
    dictionary,
    lexicon,
    slop: compileSlop(dictionary, lexicon, { openerTemplates: openerMode === "templates" }),
    phrases: compilePhrases(dictionary.humanPhrases, lexicon),
    echoPenalties: Object.fromEntries(dictionary.echo.map((e) => [e.type, e.penalized ? e.penalty : 0])),
    scratch: createBuffers(),
    promptWordSets: new Map(),
    costly: costlyWords(pricedLemmas(dictionary)),
  };
}

/**
 * The compiled dictionary a scorer keeps between calls. A call prepares all its rows with the compile
 * `forCall` gave it, and its terms compare the ids of its rows; so a full table is replaced only
 * between calls, never between two rows of one call. Rows prepared earlier keep their compile.
 */
export class ProseEngine {
  private readonly byMode = new Map<string, CompiledProse>();

  constructor(
    readonly dictionary: ProseDictionary,
    private readonly surfaceLimit = LEXICON_SURFACE_LIMIT,
  ) {}

  forCall(openerMode: string): CompiledProse {
    let c = this.byMode.get(openerMode);
    if (!c || c.lexicon.surfaces.length > this.surfaceLimit) this.byMode.set(openerMode, (c = compileProse(this.dictionary, openerMode)));
    return c;
  }
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
  /** Narration openers (./narration.ts), found once for the terms that read them. */
  narration?: readonly number[];
  /** Sentence openers skip a whole run of leading discourse words (the reader's view), not one word. */
  leadingRun?: boolean;
  /** Words that are not English, names or the prompt's (when the reading prices them). */
  nonWords?: NonWords & { factor: number };
  /** Words that do not open a sentence yet start with a capital (when the reading prices them). */
  casing?: Casing & { factor: number };
  /** The share of content words that are the prompt's (../prompt-echo.ts; when the reading prices it). */
  promptEcho?: { share: number; factor: number };
  /** Dilution reads blocks of sentences of bounded size, not the reply's own lines (`reading.blocks`). */
  blocks?: boolean;
  /** Speech's share of narration's slop per word, when slop density is read against the reply's mix of the two (`reading.speech`). */
  speech?: number;
  /** Judge the reply also without the paragraphs a policy could have added (dilution; the reader's view). */
  trimEnds?: boolean;
  /** Which characters the scanner reads as word letters: any script's under the reader's view. */
  letters?: WordLetters;
  /** dilution's paragraphs and sets, found once per row. */
  dilution?: Dilution;
  /** The words that narrate nothing (../padding.ts), found once per row. */
  padding?: Padding;
  /** Read padding as idle words and price its share (the reading's `padding`). */
  paddingPrice?: PaddingPrice;
  /** `scan` leaves the filler words out (../fillers.ts; the reading's `fillers`). */
  fillers?: boolean;
  /** The scan with its fillers, when `scan` left some out: slop is measured on both. */
  fullScan?: Scan;
  /** The scan without its fillers but with its asides (../asides.ts), when both left words out: slop is measured on it too. */
  fillerScan?: Scan;
  /** How the reply was read, kept so the reply can be read again without its unrelated paragraphs (withoutEachUnrelated). */
  reading?: { options: ReadingOptions; script: "runs" | "characters" };
  /** The reply read without each of its unrelated blocks (withoutEachUnrelated), found once per row. */
  kept?: ProsePrepared[];
}

/** A prepared reply's padding (../padding.ts), found once. */
export function paddingOf(p: ProsePrepared): Padding {
  return (p.padding ??= padding(p.text, p.scan, p.compiled.lexicon));
}

/**
 * The reply's paragraphs, each read alone, the ones unrelated to the prompt and the rest of the reply,
 * and the sets of paragraphs a policy could have added to thin the reply (issue 36): a paragraph of
 * unrelated prose put before, inside or after a reply thinned its slop and brought human phrases with
 * it (+0.044 appended, +0.050 inserted mid-reply, held out). A paragraph here is a line (any Unicode
 * line break): a list or a reply written with single line breaks has one per item.
 *  - Unrelated paragraphs (../relevance.ts, up to MAX_UNRELATED_SHARE of the words): their words are not
 *    words the slop is spread over (their slop still counts) and their human phrases earn nothing.
 *  - Sets: runs of the other paragraphs from either end holding at most MAX_END_SHARE of their words
 *    and leaving MIN_KEPT_WORDS. The slop term takes the densest of the reply and the reply without
 *    any set (its slop less the set's share), the phrase term the least credit, so an end paragraph
 *    cannot dilute a reply's costs or pay for itself; short interjected lines ("(Pause.)") cannot push
 *    the real end paragraphs out of reach, nor an inserted paragraph shift the runs.
 * Empty unless the reading is the reader's view and the reply has two or more paragraphs.
 */
export interface Dilution {
  parts: ProsePrepared[];
  /** Paragraph indices of each set a policy could have added. */
  sets: number[][];
  /** Paragraphs read as unrelated to the prompt and the rest of the reply. */
  unrelated: number[];
}

/** The words a block of sentences holds (./sentenceBlocks): about a model reply's paragraph, at least, at most. */
const BLOCK_WORDS = 60;
const MIN_BLOCK_WORDS = 20;
const MAX_BLOCK_WORDS = 200;
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;
/** Words each side of a sentence end whose content lemmas measure the cohesion across it. */
const COHESION_WORDS = 30;
/** Words a reply must keep without a set of paragraphs for that reading to count. */
const MIN_KEPT_WORDS = 40;
/** The largest share of the related paragraphs' words a run of end paragraphs may hold and still be read without. */
const MAX_END_SHARE = 1 / 3;
/** Paragraphs a reply needs before any is judged unrelated to the rest. */
const MIN_JUDGED_PARAGRAPHS = 3;
/** The largest share of a reply's words read as unrelated (the least related paragraphs first). */
const MAX_UNRELATED_SHARE = 1 / 4;

const NO_DILUTION: Dilution = { parts: [], sets: [], unrelated: [] };

export function dilution(p: ProsePrepared): Dilution {
  if (p.dilution) return p.dilution;
  const parts: ProsePrepared[] = [];
  const sets: number[][] = [];
  let unrelated: number[] = [];
  if (p.trimEnds) {
    // Any line break of Unicode's (LF, CR, VT, FF, NEL, line and paragraph separators) ends a paragraph,
    // unless the reading cuts blocks of sentences whatever the layout (`reading.blocks`).
    const texts = p.blocks ? sentenceBlocks(p.text, p.scan) : [...p.text.matchAll(/[^\n\r\v\f\u0085\u2028\u2029]+/g)].map((m) => m[0]).filter((t) => t.trim() !== "");
    // Each block read from the reply's own scan where that equals scanning it again (./block-scans.ts).
    const readBlock = blockReader(
      p.text,
      p.fullScan ?? p.scan,
      (text) => readScan(text, p.compiled, p.letters, p.fillers === true),
      (scan, text) => readFillersOf(scan, text, p.compiled, p.fillers === true),
    );
    for (const text of texts) {
      const { scan, fullScan, fillerScan } = readBlock(text);
      if (scan.n > 0) parts.push({ ...p, text, scan, fullScan, fillerScan, narration: undefined, trimEnds: false, dilution: NO_DILUTION, padding: undefined });
    }
    if (parts.length >= 2) {
      const words = parts.map((t) => t.scan.n);
      const prompt = topicLemmas(scanText(promptText(p.row), p.compiled.lexicon, p.compiled.scratch, p.letters), p.compiled.lexicon);
      // Two paragraphs are related or not to each other alike: a paragraph is judged only among three or more.
      if (parts.length >= MIN_JUDGED_PARAGRAPHS)
        unrelated = unrelatedParagraphs(
          parts.map((t) => topicLemmas(t.scan, p.compiled.lexicon, idleMask(t))),
          prompt,
          words,
          p.scan.n * MAX_UNRELATED_SHARE,
          copiedParagraphs(parts.map((t) => t.text)),
        );
      const related = parts.map((_, k) => k).filter((k) => !unrelated.includes(k));
      const relatedWords = related.reduce((a, k) => a + words[k], 0);
      for (const order of [related, [...related].reverse()]) {
        let held = 0;
        for (let len = 1; len < order.length; len++) {
          held += words[order[len - 1]];
          if (held > relatedWords * MAX_END_SHARE || relatedWords - held < MIN_KEPT_WORDS) break;
          const run = order.slice(0, len).sort((a, b) => a - b);
          if (!sets.some((s) => s.length === run.length && s.every((k, i) => k === run[i]))) sets.push(run);
        }
      }
    }
  }
  return (p.dilution = { parts, sets, unrelated });
}

/**
 * The reply read again, whole, without each of its unrelated blocks in turn (none when dilution found
 * none): text unrelated to the prompt and the rest of the reply, at any position, must not raise what the
 * reply earns. Leaving its words out of the slop density was not enough: read as unrelated, an inserted
 * paragraph took the room the cap (MAX_UNRELATED_SHARE) left, so a block of the reply's own no longer
 * was, and its narration thinned every share the reading prices per word; a borrowed paragraph read as
 * unrelated still paid +0.014 to +0.020 on the tuning slice (bench/studies/prose-inserted.ts). Cut out of
 * the text, it leaves the reply as it was. These readings are not cut again.
 */
export function withoutEachUnrelated(p: ProsePrepared): ProsePrepared[] {
  if (p.kept !== undefined) return p.kept;
  const { parts, unrelated } = dilution(p);
  if (unrelated.length === 0 || !p.reading) return (p.kept = []);
  const kept: ProsePrepared[] = [];
  for (const k of unrelated) {
    const at = p.text.indexOf(parts[k].text);
    if (at < 0) continue;
    const text = p.text.slice(0, at) + p.text.slice(at + parts[k].text.length);
    const read = prepareProse({ ...p.row, output: text, thinking: false }, p.compiled, p.reading.options, p.reading.script);
    read.kept = [];
    kept.push(read);
  }
  return (p.kept = kept);
}

/**
 * The reply cut into blocks of whole sentences, MIN_BLOCK_WORDS to MAX_BLOCK_WORDS words each, whatever
 * its layout (issue 36, struct36): the dilution reading judged a reply by its own paragraphs, so a reply
 * with its breaks removed was judged whole and paid +0.080 [0.064, 0.097] (battery 3), and one cut into
 * more paragraphs paid less. A block ends at the nearest line break in that range (a paragraph of the
 * usual size is a block, so an added paragraph is one of its own), else at the sentence end where the
 * text shares least content with what follows (lexical cohesion, as TextTiling reads topic shifts). So
 * a reply without breaks is read in blocks of about a paragraph's size, and one with a break after every
 * sentence or list item in blocks of at least MIN_BLOCK_WORDS.
 */
export function sentenceBlocks(text: string, scan: Scan): string[] {
  const ends: number[] = [];
  for (let k = 1; k < scan.n; k++) if (scan.sentence[k] !== scan.sentence[k - 1]) ends.push(k);
  // Cut from both ends towards the middle, so the blocks at either end (which the dilution sets read) do
  // not move when text is put in or taken out elsewhere.
  const middle = scan.n / 2;
  const cuts = new Set<number>();
  for (let from = 0; middle - from > MAX_BLOCK_WORDS / 2; ) {
    const candidates = ends.filter((k) => k - from >= MIN_BLOCK_WORDS && k - from <= MAX_BLOCK_WORDS);
    cuts.add((from = bestCut(text, scan, candidates, from)));
  }
  for (let to = scan.n; to - middle > MAX_BLOCK_WORDS / 2; ) {
    const candidates = ends.filter((k) => to - k >= MIN_BLOCK_WORDS && to - k <= MAX_BLOCK_WORDS);
    cuts.add((to = bestCut(text, scan, candidates, to)));
  }
  const sorted = [0, ...[...cuts].filter((k) => k > 0 && k < scan.n).sort((x, y) => x - y), scan.n];
  // Where the two sides met, the span left is cut as either side cuts, until what is left is one block.
  const span = sorted.findIndex((k, i) => k < middle && sorted[i + 1] > middle);
  if (span >= 0) {
    const end = sorted[span + 1];
    const inner: number[] = [];
    for (let from = sorted[span]; ; ) {
      const candidates = ends.filter((k) => k - from >= MIN_BLOCK_WORDS && end - k >= MIN_BLOCK_WORDS && k - from <= MAX_BLOCK_WORDS);
      if (candidates.length === 0 || (end - from <= MAX_BLOCK_WORDS && !candidates.some((k) => breaksAt(text, scan, k)))) break;
      inner.push((from = bestCut(text, scan, candidates, from)));
    }
    sorted.splice(span + 1, 0, ...inner);
  }
  const blocks: string[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) blocks.push(text.slice(i === 0 ? scan.start[0] : sentenceStart(text, scan, sorted[i]), sorted[i + 1] < scan.n ? sentenceStart(text, scan, sorted[i + 1]) : text.length));
  return blocks;
}

/** Where the sentence of word k begins in the text: after the last sentence end or line break since word k − 1, so words the scan left out before it (a lead: ../asides.ts) stay with it. */
function sentenceStart(text: string, scan: Scan, k: number): number {
  const from = scan.start[k - 1];
  const gap = text.slice(from, scan.start[k]);
  let at = -1;
  for (const m of gap.matchAll(/[.!?…\n\r\u2028\u2029]+["”’)\]]*\s*/gu)) at = m.index + m[0].length;
  return at < 0 ? scan.start[k] : from + at;
}

/**
 * Where a block from `at` ends: at the nearest line break among the candidate sentence ends (a paragraph
 * of the usual size is a block of its own, so an added paragraph is cut out where it begins), else at the
 * sentence end that shares least with what follows, nearest BLOCK_WORDS on a tie; past the middle when
 * there is no candidate.
 */
function bestCut(text: string, scan: Scan, candidates: readonly number[], at: number): number {
  let cut = -1;
  let best = Number.POSITIVE_INFINITY;
  for (const k of candidates) {
    const distance = Math.abs(k - at);
    const score = breaksAt(text, scan, k) ? distance - 1e6 : cohesion(scan, k) + Math.abs(distance - BLOCK_WORDS) / 1e6;
    if (score < best) [best, cut] = [score, k];
  }
  return cut >= 0 ? cut : at < scan.n / 2 ? scan.n : 0;
}

/** Whether a line break falls between word k − 1 and word k. */
const breaksAt = (text: string, scan: Scan, k: number): boolean => LINE_BREAK.test(text.slice(scan.start[k - 1], scan.start[k]));

/** The share of distinct content lemmas in the COHESION_WORDS before word k that the COHESION_WORDS from k also use (./block-scans.ts, without Sets). */
const cohesion = (scan: Scan, k: number): number => cohesionAt(scan, k, COHESION_WORDS);

/** Paragraphs whose text (spaces collapsed) appears inside another paragraph. */
function copiedParagraphs(texts: readonly string[]): Set<number> {
  const norm = texts.map((t) => t.replace(/\s+/g, " ").trim());
  const out = new Set<number>();
  norm.forEach((t, k) => {
    if (t.length >= 20 && norm.some((o, j) => j !== k && o.length >= t.length && o.includes(t))) out.add(k);
  });
  return out;
}

export function promptText(row: BankRow): string {
  return typeof row.prompt === "string" ? row.prompt : Array.isArray(row.prompt) ? row.prompt.map((m) => m.content).join("\n") : typeof row.input === "string" ? row.input : "";
}

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

function promptWords(promptWordSets: Map<string, Set<string>>, prompt: string): Set<string> {
  let set = promptWordSets.get(prompt);
  if (set === undefined) {
    if (promptWordSets.size >= PROMPT_MEMO_LIMIT) promptWordSets.delete(promptWordSets.keys().next().value!);
    promptWordSets.set(prompt, (set = new Set(words(prompt))));
  }
  return set;
}

/** The words of a prepared row's prompt (lower-cased). */
export function promptWordSet(p: ProsePrepared): ReadonlySet<string> {
  return promptWords(p.compiled.promptWordSets, promptText(p.row));
}

export function prepareProse(row: BankRow, compiled: CompiledProse, reading: ReadingOptions, script: "runs" | "characters"): ProsePrepared {
  if (typeof row.output !== "string") throw new Error("`output` must be a string");
  const prompt = promptText(row);
  const split = splitThinking(row.output, row.thinking);
  const read = readReply(split.reply, reading, compiled.costly);
  // Under the reader's view a word is a run of letters of any script (issue 36); the seed reads Latin, Greek and Cyrillic.
  const letters: WordLetters = reading.view ? "any" : "seed";
  const { scan, fullScan, fillerScan } = readScan(read.text, compiled, letters, reading.fillers === true);
  const lang = languageStats(read.text, scan, compiled.lexicon, prompt, () => promptWords(compiled.promptWordSets, prompt), script);
  const counted = reading.spelling ? countNonWords(read.text, promptWords(compiled.promptWordSets, prompt), compiled.costly.isEnglish, compiled.costly.ids) : undefined;
  const nonWords = counted && reading.spelling ? { ...counted, factor: nonWordsFactor(pricedNonWordShare(counted, reading.spelling), reading.spelling) } : undefined;
  const echoShare = reading.promptEcho ? promptEchoShare(scan, scanText(prompt, compiled.lexicon, compiled.scratch, letters)) : undefined;
  const promptEcho = echoShare !== undefined && reading.promptEcho ? { share: echoShare, factor: nonWordsFactor(echoShare, reading.promptEcho) } : undefined;
  const capitals = reading.casing ? countCapitalized(read.text) : undefined;
  const casing = capitals && reading.casing ? { ...capitals, factor: nonWordsFactor(capitals.share, reading.casing) } : undefined;
  return {
    row,
    compiled,
    split,
    text: read.text,
    notProse: read.notProse,
    scan,
    lang,
    narration: undefined,
    ...(nonWords ? { nonWords } : {}),
    ...(casing ? { casing } : {}),
    ...(reading.view ? { leadingRun: true, trimEnds: true, letters, reading: { options: reading, script } } : {}),
    ...(promptEcho ? { promptEcho } : {}),
    ...(reading.blocks ? { blocks: true } : {}),
    ...(reading.speech ? { speech: reading.speech } : {}),
    ...(reading.padding ? { paddingPrice: reading.padding } : {}),
    ...(reading.fillers ? { fillers: true, ...(fullScan ? { fullScan } : {}), ...(fillerScan ? { fillerScan } : {}) } : {}),
  };
}

/** A text's scan, read through its filler words and inserted asides when `fillers` (../fillers.ts), and the whole scan when that left some out. */
function readScan(text: string, compiled: CompiledProse, letters: WordLetters | undefined, fillers: boolean): { scan: Scan; fullScan?: Scan; fillerScan?: Scan } {
  return readFillersOf(ownScan(scanText(text, compiled.lexicon, compiled.scratch, letters)), text, compiled, fillers);
}

/** `scan` (of `text`) read through its filler words and inserted asides when `fillers`, as `readScan` reads it. */
function readFillersOf(scan: Scan, text: string, compiled: CompiledProse, fillers: boolean): { scan: Scan; fullScan?: Scan; fillerScan?: Scan } {
  if (!fillers) return { scan };
  const read = readThroughFillers(scan, compiled.lexicon, text);
  if (read.fillers === 0) return { scan };
  return read.withoutFillers.n !== read.scan.n && read.withoutFillers.n !== scan.n ? { scan: read.scan, fullScan: scan, fillerScan: read.withoutFillers } : { scan: read.scan, fullScan: scan };
}
