// `foolsgold mine --in BANK --human BANK --out DICT` (old name of --in: --model) (SPEC §7, §12): mine a slop dictionary and
// human-phrase list from a policy's replies against a human corpus. Model rows need `output` (or
// `text`) and a scenario (`group_id` or `prompt`); human rows need `output` (or `text`) and may name
// their source in `meta.source` (the phrase list requires phrases common in every human source).
// Human corpora published Treebank-tokenized ("do n't", "word ,") differ from model text in spacing
// alone; `--detokenize-human` joins them, and without it a warning says when most rows look that way.
import { writeFileSync } from "node:fs";
import type { Command } from "commander";
import { makeArtifact } from "../../core/artifact.js";
import { readJsonl } from "../../core/jsonl.js";
import type { BankRow } from "../../core/types.js";
import { DEFAULT_MINE_OPTIONS, mineDictionary, toMiningRows } from "../../mining/mine.js";
import { dictionaryFile } from "../../mining/dictionary.js";
import { summarizeDictionary } from "../../mining/summary.js";
import { detokenizePtb, looksPtbTokenized } from "../../text/detokenize.js";
import { emit } from "../output.js";
import { addInputOption } from "../flag-aliases.js";
import { progressPhases } from "../progress.js";

interface Options {
  in: string;
  human: string;
  out: string;
  artifact?: string;
  json?: boolean;
  licence?: string;
  detokenizeHuman?: boolean;
}

export function register(program: Command): void {
  addInputOption(
    program.command("mine").description("mine a slop dictionary (pairs, frames, hubs, excess words, patterns), the human-phrase list and calibration percentiles"),
    "the policy's replies: bank rows {output, group_id or prompt} (.jsonl or .jsonl.gz)",
    { aliases: ["--model"], required: true },
  )
    .requiredOption("--human <file>", "human text: rows {output, meta.source?} (.jsonl or .jsonl.gz)")
    .requiredOption("--out <file>", "write the dictionary (JSON) here; use it with `score --stack prose --dictionary FILE`")
    .option("--licence <text>", "licence note recorded in the dictionary's provenance")
    .option("--detokenize-human", 'undo Treebank tokenization in the human text ("do n\'t" → "don\'t", "word ," → "word,")')
    .option("--artifact <file>", "write the mining summary artifact (JSON) here")
    .option("--json", "print the summary as JSON")
    .action(async (opts: Options) => {
      const started = performance.now();
      const progress = progressPhases("mine", opts.json);
      progress.phase(`reading ${opts.in} and ${opts.human}`);
      const modelRows = toMiningRows(readJsonl<BankRow>(opts.in).rows, opts.in, true);
      const humanRows = toMiningRows(readJsonl<BankRow>(opts.human).rows, opts.human, false);
      if (opts.detokenizeHuman) for (const r of humanRows) r.text = detokenizePtb(r.text);
      else warnIfTokenized(humanRows.map((r) => r.text));
      const dictionary = await mineDictionary(modelRows, humanRows, {
        ...DEFAULT_MINE_OPTIONS,
        onPhase: (name) => progress.phase(name),
        provenance: { modelSources: [opts.in], humanSources: [opts.detokenizeHuman ? `${opts.human} (detokenized)` : opts.human], ...(opts.licence ? { licence: opts.licence } : {}) },
      });
      progress.phase(`writing ${opts.out}`);
      writeFileSync(opts.out, JSON.stringify(dictionaryFile(dictionary)) + "\n");
      const seconds = (performance.now() - started) / 1000;
      const summary = { ...summarizeDictionary(dictionary), seconds: Math.round(seconds * 10) / 10, dictionary: opts.out };
      emit(makeArtifact("mine", { model: opts.in, human: opts.human, out: opts.out }, summary), { out: opts.artifact, json: opts.json }, () => formatSummary(summary));
    });
}

function formatSummary(s: ReturnType<typeof summarizeDictionary> & { seconds: number; dictionary: string }): string {
  const c = s.calibration;
  return [
    `mined ${s.dictionary} in ${s.seconds} s from ${s.model.rows} model replies (${s.model.words} words, ${s.model.scenarios} scenarios) vs ${s.human.rows} human texts (${s.human.words} words)`,
    `entries: ${s.counts.pairs} pairs, ${s.counts.frames} frames, ${s.counts.hubs} hubs, ${s.counts.excessWords} excess words, ${s.counts.weightedPatterns} weighted "not X, but Y" patterns, stacked adjectives ×${s.stackedRatio}, ${s.counts.humanPhrases} human phrases`,
    `slop calibration: human p75 ${c.humanP75}/1k words, typical base ${c.baseTypical}/1k → ${c.baseScore}, densest human ${c.humanDensest}/1k → ${c.densestHumanScore} (constrained by ${c.constrainedBy})`,
    `penalized echo types: ${s.penalizedEcho.join(", ") || "none"}`,
    `top excess words: ${s.topExcessWords.join(", ")}`,
    `top pairs: ${s.topPairs.join(", ")}`,
  ].join("\n");
}

function warnIfTokenized(texts: string[]): void {
  const tokenized = texts.filter(looksPtbTokenized).length;
  if (tokenized >= 0.1 * texts.length) {
    process.stderr.write(`foolsgold: warning: ${tokenized} of ${texts.length} human texts look Treebank-tokenized ("do n't", "word ,"); model text is not, so they differ in spacing alone. Pass --detokenize-human to join them.\n`);
  }
}
