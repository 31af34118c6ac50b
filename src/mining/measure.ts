// What mining calibrates on: the prose stack's own terms — slop, the human-phrase bonus and the opener
// guard — composed into one scorer over the draft dictionary, so the calibration percentiles are taken
// of the very measures the scorer applies them to (the reply read as the hardened preset reads it), and
// there is no second driver of the terms. No gates: calibration wants every text's measures.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BankRow } from "../core/types.js";
import { dictionaryFile, type ProseDictionary } from "../terms/prose/dictionary.js";
import type { OpenerMode } from "../terms/prose/openers.js";
import { proseHumanPhrases } from "../terms/prose/stack/human-phrases.js";
import { proseOpeners } from "../terms/prose/stack/openers.js";
import { proseSlop } from "../terms/prose/stack/slop.js";
import { composeStack } from "../stacks/compose.js";

/** A text's lexical measures, read off the terms' details. */
export interface ProseMeasures {
  words: number;
  /** Slop hits per 1,000 words. */
  slopDensity: number;
  /** Human-phrase credit per 1,000 words. */
  phraseCredit: number;
  /** The human phrases the text uses, once per occurrence. */
  phrases: string[];
  openers: { sentences: number; hhi: number; repeats: number; repeatRate: number };
}

const measuresStack = composeStack<Record<string, unknown>, BankRow>({
  name: "prose_measures",
  description: "the prose stack's slop, human-phrase and opener terms, ungated: what mining calibrates on",
  version: "1",
  rowKind: "bank",
  terms: [proseSlop, proseHumanPhrases, proseOpeners],
  combine: "product",
  // The texts are independent (no group-relative gate); one batch per call keeps one compile per call.
  batchRows: Number.MAX_SAFE_INTEGER,
  concurrency: 1,
});

/**
 * Each text's measures under `dictionary` (a draft: its calibration is not read), with opener templates
 * counted as slop (mode "templates") or not ("seed"); `options` sets other term options (the hardened
 * preset's by default), e.g. `{ phrases: { maxSentenceShare: null, forfeitAt: null } }` for every phrase.
 */
export async function measureTexts(dictionary: ProseDictionary, texts: readonly string[], openerMode: OpenerMode, options: Record<string, unknown> = {}): Promise<ProseMeasures[]> {
  // The dictionary resource reads a file (its content is what a scorer records), so the draft goes through one.
  const dir = mkdtempSync(join(tmpdir(), "foolsgold-mine-"));
  try {
    const path = join(dir, "draft-dictionary.json");
    writeFileSync(path, JSON.stringify(dictionaryFile(dictionary)));
    const scorer = await measuresStack.create(measuresStack.options.parse({ ...options, dictionary: path, openers: { mode: openerMode } }) as Record<string, unknown>, {});
    const scores = await scorer.scoreRows(texts.map((output, i) => ({ id: String(i), output })));
    return scores.map((s) => {
      if (s.value === null) throw new Error(`measuring text ${s.error}`);
      const slop = s.terms.slop.details as { density_per_1k: number; words: number };
      const phrases = s.terms.human_phrases.details as { credit_per_1k: number; found: string[] };
      const openers = s.terms.openers.details as { narration_sentences: number; hhi: number; near_repeats: number; repeat_rate: number };
      return {
        words: slop.words,
        slopDensity: slop.density_per_1k,
        phraseCredit: phrases.credit_per_1k,
        phrases: phrases.found,
        openers: { sentences: openers.narration_sentences, hhi: openers.hhi, repeats: openers.near_repeats, repeatRate: openers.repeat_rate },
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
