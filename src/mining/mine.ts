// `mine` (SPEC §7, §12): from a policy's replies and a human corpus, build the versioned prose
// dictionary — phrase entries, "not X, but Y" and stacked-adjective pattern weights, the human-phrase
// list, echo-type penalties — then score both corpora with it to set the calibration percentiles.
import { FOOLSGOLD_VERSION } from "../core/artifact.js";
import { InputError } from "../core/errors.js";
import { hashOf } from "../core/hash.js";
import type { BankRow } from "../core/types.js";
import { fitSlopCurve } from "../terms/prose/calibration.js";
import { ECHO_TYPES, findEchoesIn, lastUserMessage } from "../terms/prose/echo.js";
import { scanSegments } from "../terms/prose/segments.js";
import { Lexicon } from "../text/lexicon.js";
import { findNegations, type NegationHit } from "../terms/prose/negation.js";
import { visibleProse } from "../terms/prose/read.js";
import { createBuffers, scanText, type Scan } from "../text/scan.js";
import { countStacks } from "../terms/prose/stacked.js";
import { brownClasses } from "./brown.js";
import { DEFAULT_COLLOCATION_OPTIONS, mineCollocations, type CollocationOptions } from "./collocations.js";
import { scanCorpus, type ScannedCorpus } from "./corpus.js";
import { measureTexts } from "./measure.js";
import { DICTIONARY_FORMAT, DICTIONARY_VERSION, parseDictionary, type EchoTypeEntry, type PatternEntry, type ProseDictionary } from "./dictionary.js";
import { DEFAULT_OPENER_TEMPLATE_OPTIONS, mineOpenerTemplates, type OpenerTemplateOptions } from "./openers.js";
import { DEFAULT_PHRASE_OPTIONS, mineHumanPhrases, type PhraseOptions } from "./phrases.js";
import { overuseWeight, rateRatio } from "./weights.js";
import { quantile, weightedQuantile } from "../stats/quantile.js";

export interface MineOptions {
  collocations: CollocationOptions;
  openerTemplates: OpenerTemplateOptions;
  phrases: PhraseOptions;
  /** A negation or stacked-adjective pattern needs this many model hits before it can carry weight. */
  minPatternHits: number;
  /** Echo types need this many model hits to be judged; below it the type keeps the default penalty. */
  minEchoHits: number;
  defaultEchoPenalty: number;
  /** Only texts with at least this many words set the slop calibration percentiles. */
  minCalibrationWords: number;
  /** Labels recorded in the provenance (file names, model names, licence). */
  provenance?: { modelSources?: string[]; humanSources?: string[]; models?: string[]; licence?: string };
  /** Called as each mining step starts (the CLI shows progress with it; mining takes tens of seconds). */
  onPhase?: (phase: string) => void;
}

export const DEFAULT_MINE_OPTIONS: MineOptions = {
  collocations: DEFAULT_COLLOCATION_OPTIONS,
  openerTemplates: DEFAULT_OPENER_TEMPLATE_OPTIONS,
  phrases: DEFAULT_PHRASE_OPTIONS,
  minPatternHits: 10,
  minEchoHits: 5,
  defaultEchoPenalty: 0.15,
  minCalibrationWords: 150,
};

export interface MiningRow {
  text: string;
  scenario: string;
  source: string;
  prompt: string;
}

/** Accepts bank rows (`output`, or `text` as in the shared corpora) and checks what mining needs. */
export function toMiningRows(rows: BankRow[], where: string, needScenario: boolean): MiningRow[] {
  return rows.map((r, i) => {
    const text = typeof r.output === "string" ? r.output : typeof r.text === "string" ? r.text : undefined;
    if (text === undefined) throw new InputError(`${where} row ${i + 1}`, 'needs a string "output" (or "text")');
    const promptText = lastUserMessage(r.prompt ?? r.input);
    const scenario = r.group_id ?? (promptText ? `prompt:${hashOf(promptText).slice(0, 16)}` : undefined);
    if (needScenario && scenario === undefined) throw new InputError(`${where} row ${i + 1}`, 'needs a scenario: "group_id" or "prompt"');
    const meta = (r.meta ?? {}) as { source?: unknown };
    const source = typeof meta.source === "string" ? meta.source : typeof r.source === "string" ? r.source : "human";
    return { text, scenario: String(scenario ?? `doc:${i}`), source, prompt: promptText };
  });
}

/** The visible prose the terms see (thinking and role-play scaffolding are the scorer's business). */
const proseOf = visibleProse;

export async function mineDictionary(modelRows: MiningRow[], humanRows: MiningRow[], options: MineOptions = DEFAULT_MINE_OPTIONS): Promise<ProseDictionary> {
  if (modelRows.length === 0) throw new InputError("--in", "the policy's replies hold no rows");
  if (humanRows.length === 0) throw new InputError("--human", "has no rows");
  const phase = options.onPhase ?? (() => {});
  phase(`scanning ${modelRows.length} model replies and ${humanRows.length} human texts`);
  const lexicon = new Lexicon();
  const brown = brownClasses();

  const scenarioIds = new Map<string, number>();
  for (const r of modelRows) if (!scenarioIds.has(r.scenario)) scenarioIds.set(r.scenario, scenarioIds.size);
  const model = modelRows.map((r) => ({ row: r, text: proseOf(r.text), group: scenarioIds.get(r.scenario)! })).sort((a, b) => a.group - b.group);
  const sourceIds = new Map<string, number>();
  for (const r of humanRows) if (!sourceIds.has(r.source)) sourceIds.set(r.source, sourceIds.size);
  const human = humanRows.map((r) => ({ row: r, text: proseOf(r.text), group: sourceIds.get(r.source)! }));
  const modelCorpus = scanCorpus(model, lexicon);
  const humanCorpus = scanCorpus(human, lexicon);

  phase("mining pairs, frames, hubs and excess words");
  const collocations = mineCollocations(modelCorpus, humanCorpus, scenarioIds.size, lexicon, options.collocations);
  phase("mining opener templates");
  const openerTemplates = mineOpenerTemplates(modelCorpus, humanCorpus, scenarioIds.size, lexicon, docScan, options.openerTemplates);
  const adjectives = new Set([...brown.adjectives].map((a) => lexicon.surface(a)));
  phase("mining negation and stacked-adjective patterns");
  const patterns = minePatterns(modelCorpus, humanCorpus, lexicon, adjectives, options.minPatternHits);
  phase("mining human phrases");
  const humanPhrases = mineHumanPhrases(modelCorpus, humanCorpus, sourceIds.size, lexicon, brown, options.phrases);
  phase("judging echo types");
  const echo = mineEchoTypes(
    modelRows.filter((r) => r.prompt),
    humanRows.filter((r) => r.prompt),
    options,
  );

  const draft: ProseDictionary = {
    format: DICTIONARY_FORMAT,
    version: DICTIONARY_VERSION,
    provenance: {
      created_at: new Date().toISOString(),
      foolsgold_version: FOOLSGOLD_VERSION,
      model: {
        sources: options.provenance?.modelSources ?? [],
        rows: modelRows.length,
        words: modelCorpus.n,
        scenarios: scenarioIds.size,
        ...(options.provenance?.models ? { models: options.provenance.models } : {}),
      },
      human: { sources: options.provenance?.humanSources ?? [...sourceIds.keys()], rows: humanRows.length, words: humanCorpus.n },
      ...(options.provenance?.licence ? { licence: options.provenance.licence } : {}),
      params: { collocations: options.collocations, openerTemplates: options.openerTemplates, phrases: options.phrases, minPatternHits: options.minPatternHits, minEchoHits: options.minEchoHits },
    },
    pairs: collocations.pairs,
    frames: collocations.frames,
    hubs: collocations.hubs,
    excessWords: collocations.excessWords,
    openerTemplates,
    negation: patterns.negation,
    stackedAdjectives: patterns.stacked,
    adjectives: [...brown.adjectives].sort(),
    humanPhrases,
    echo,
    // Placeholder calibration (never used for scoring): the draft dictionary measures both corpora.
    calibration: {
      slop: { humanP75: 0, baseTypical: 0, humanDensest: 0, rate: 1, baseScore: 0, densestHumanScore: 0, constrainedBy: "base_target", nHuman: 0, nModel: 0 },
      slopWithoutTemplates: { humanP75: 0, baseTypical: 0, humanDensest: 0, rate: 1, baseScore: 0, densestHumanScore: 0, constrainedBy: "base_target", nHuman: 0, nModel: 0 },
      phrases: { humanP25: 0, nHuman: 0 },
      openers: { hhi: { humanP75: 0, baseP90: 0, humanP99: 0 }, repeatRate: { humanP75: 0, baseP90: 0, humanP99: 0 }, nHuman: 0, nModel: 0 },
    },
  };
  phase("calibrating slop percentiles");
  draft.calibration = await calibrate(
    draft,
    model.map((m) => m.text),
    human.map((h) => ({ text: h.text, source: h.group })),
    options,
  );
  return parseDictionary(draft, "mined dictionary");
}

/** A per-document Scan view over a scanned corpus (sentence ids stay global, which is all terms compare). */
function docScan(c: ScannedCorpus, d: number): Scan {
  const from = c.docStart[d];
  const to = c.docStart[d + 1];
  return {
    n: to - from,
    surface: c.surface.subarray(from, to),
    lemma: c.lemma.subarray(from, to),
    flags: c.flags.subarray(from, to),
    sentence: c.sentence.subarray(from, to),
    start: c.surface.subarray(from, to),
    sentences: to > from ? c.sentence[to - 1] - c.sentence[from] + 1 : 0,
  };
}

function minePatterns(model: ScannedCorpus, human: ScannedCorpus, lexicon: Lexicon, adjectives: Set<number>, minHits: number): { negation: PatternEntry[]; stacked: PatternEntry } {
  const count = (c: ScannedCorpus): { negation: Map<string, number>; stacked: number } => {
    const negation = new Map<string, number>();
    let stacked = 0;
    const hits: NegationHit[] = [];
    for (let d = 0; d + 1 < c.docStart.length; d++) {
      const scan = docScan(c, d);
      hits.length = 0;
      for (const h of findNegations(scan, lexicon, hits)) negation.set(h.type, (negation.get(h.type) ?? 0) + 1);
      stacked += countStacks(scan, lexicon, adjectives);
    }
    return { negation, stacked };
  };
  const m = count(model);
  const h = count(human);
  const entry = (type: string, mc: number, hc: number): PatternEntry => {
    const ratio = rateRatio(mc, model.n, hc, human.n);
    return {
      type,
      modelCount: mc,
      humanCount: hc,
      weight: round(mc >= minHits ? overuseWeight(ratio) : 0),
      ratio: round(ratio),
      modelPer1k: round((1000 * mc) / model.n),
      humanPer1k: round((1000 * hc) / human.n),
    };
  };
  const types = new Set([...m.negation.keys(), ...h.negation.keys()]);
  const negation = [...types].map((t) => entry(t, m.negation.get(t) ?? 0, h.negation.get(t) ?? 0)).sort((a, b) => b.modelPer1k - a.modelPer1k);
  return { negation, stacked: entry("stacked_adjectives", m.stacked, h.stacked) };
}

/** Echo hits found exactly as the scorer finds them (segments read off the reply's scan). */
function mineEchoTypes(model: MiningRow[], human: MiningRow[], options: MineOptions): EchoTypeEntry[] {
  const lexicon = new Lexicon();
  const buffers = createBuffers();
  const tally = (rows: MiningRow[]): Map<string, number> => {
    const out = new Map<string, number>();
    for (const r of rows) {
      const text = proseOf(r.text);
      const segments = scanSegments(text, scanText(text, lexicon, buffers), lexicon);
      for (const hit of findEchoesIn(segments, r.prompt)) out.set(hit.type, (out.get(hit.type) ?? 0) + 1);
    }
    return out;
  };
  const m = tally(model);
  const h = tally(human);
  return ECHO_TYPES.map((type) => {
    const mc = m.get(type) ?? 0;
    const hc = h.get(type) ?? 0;
    const modelPerReply = model.length ? mc / model.length : 0;
    const humanPerReply = human.length ? hc / human.length : 0;
    const ratio = model.length && human.length ? modelPerReply / ((hc + 0.5) / human.length) : 0;
    const judged = mc >= options.minEchoHits && human.length > 0;
    const penalized = judged ? ratio > 2 : true;
    const reason = !judged
      ? `fewer than ${options.minEchoHits} model hits (${mc}) or no human replies with prompts: default penalty kept`
      : penalized
        ? `model uses it ${ratio.toFixed(1)}× as often as humans`
        : `model uses it ${ratio.toFixed(1)}× as often as humans (≤ 2×): not penalized`;
    return { type, modelPerReply: round(modelPerReply), humanPerReply: round(humanPerReply), ratio: round(ratio), penalized, penalty: penalized ? options.defaultEchoPenalty : 0, reason };
  });
}

/**
 * Human percentiles weight every human source equally (each text weighs 1 / texts in its source), so
 * "the human 75th percentile" does not mean "the largest source's": one novelist's habits should not
 * set the bar for all human writing. The opener guard's p99 is the highest of the sources' own 99th
 * percentiles instead: a guard must not charge any human genre for its normal habits (amateur fiction
 * chains its openers more than novels do; seen on the mining half of the validation, docs/prose.md).
 */
async function calibrate(draft: ProseDictionary, modelTexts: string[], humanTexts: { text: string; source: number }[], options: MineOptions): Promise<ProseDictionary["calibration"]> {
  const texts = [...modelTexts, ...humanTexts.map((t) => t.text)];
  const measured = await measureTexts(draft, texts, "templates");
  // The seed preset does not count opener templates, so its slop curve is fitted without them.
  const plain = await measureTexts(draft, texts, "seed");
  const m = modelTexts.map((_, i) => ({ ...measured[i], plainDensity: plain[i].slopDensity }));
  const h = humanTexts.map((t, i) => ({ ...measured[modelTexts.length + i], plainDensity: plain[modelTexts.length + i].slopDensity, source: t.source }));
  const long = (x: { words: number }): boolean => x.words >= options.minCalibrationWords;
  const hLong = h.filter(long);
  const mLong = m.filter(long);
  if (hLong.length < 5 || mLong.length < 5) {
    throw new InputError("mine", `too few texts of ≥ ${options.minCalibrationWords} words to calibrate (human ${hLong.length}, model ${mLong.length}; need 5 each)`);
  }
  const humanPct = <T extends { source: number }>(xs: T[], value: (x: T) => number, p: number): number => {
    if (xs.length === 0) return 0;
    const perSource = new Map<number, number>();
    for (const x of xs) perSource.set(x.source, (perSource.get(x.source) ?? 0) + 1);
    return weightedQuantile(
      xs.map(value),
      xs.map((x) => 1 / perSource.get(x.source)!),
      p,
    );
  };
  const highestSourcePct = <T extends { source: number }>(xs: T[], value: (x: T) => number, p: number): number => {
    const bySource = new Map<number, number[]>();
    for (const x of xs) (bySource.get(x.source) ?? bySource.set(x.source, []).get(x.source)!).push(value(x));
    return Math.max(0, ...[...bySource.values()].map((v) => quantile(v, p)));
  };
  const slopCurve = (density: (x: { slopDensity: number; plainDensity: number }) => number) => {
    const humanP75 = humanPct(hLong, density, 0.75);
    const baseTypical = quantile(mLong.map(density), 0.5);
    const humanDensest = Math.max(...hLong.map(density));
    const curve = fitSlopCurve({ humanP75, baseTypical, humanDensest });
    return {
      humanP75: round(humanP75),
      baseTypical: round(baseTypical),
      humanDensest: round(humanDensest),
      rate: fitSlopCurve({ humanP75: round(humanP75), baseTypical, humanDensest }).rate,
      baseScore: round(curve.baseScore),
      densestHumanScore: round(curve.densestHumanScore),
      constrainedBy: curve.constrainedBy,
      nHuman: hLong.length,
      nModel: mLong.length,
    };
  };
  const withPhrases = h.filter((x) => x.words >= 40);
  const hOpen = h.filter((x) => x.openers.sentences >= 5);
  const mOpen = m.filter((x) => x.openers.sentences >= 5).map((x) => x.openers);
  const pct = (xs: number[], p: number): number => (xs.length ? round(quantile(xs, p)) : 0);
  return {
    slop: slopCurve((x) => x.slopDensity),
    slopWithoutTemplates: slopCurve((x) => x.plainDensity),
    phrases: { humanP25: round(humanPct(withPhrases, (x) => x.phraseCredit, 0.25)), nHuman: withPhrases.length },
    openers: {
      hhi: {
        humanP75: round(humanPct(hOpen, (x) => x.openers.hhi, 0.75)),
        baseP90: pct(
          mOpen.map((o) => o.hhi),
          0.9,
        ),
        humanP99: round(highestSourcePct(hOpen, (x) => x.openers.hhi, 0.99)),
      },
      repeatRate: {
        humanP75: round(humanPct(hOpen, (x) => x.openers.repeatRate, 0.75)),
        baseP90: pct(
          mOpen.map((o) => o.repeatRate),
          0.9,
        ),
        humanP99: round(highestSourcePct(hOpen, (x) => x.openers.repeatRate, 0.99)),
      },
      nHuman: hOpen.length,
      nModel: mOpen.length,
    },
  };
}

const round = (x: number): number => Math.round(x * 10000) / 10000;
