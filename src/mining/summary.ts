// A short, printable summary of a mined dictionary for the `mine` command and reports.
import type { ProseDictionary } from "./dictionary.js";

export function summarizeDictionary(d: ProseDictionary) {
  return {
    model: d.provenance.model,
    human: d.provenance.human,
    counts: {
      pairs: d.pairs.length,
      frames: d.frames.length,
      hubs: d.hubs.length,
      excessWords: d.excessWords.length,
      openerTemplates: d.openerTemplates.length,
      weightedPatterns: d.negation.filter((n) => n.weight > 0).length,
      humanPhrases: d.humanPhrases.length,
    },
    stackedRatio: d.stackedAdjectives.ratio,
    calibration: d.calibration.slop,
    penalizedEcho: d.echo.filter((e) => e.penalized).map((e) => e.type),
    topExcessWords: d.excessWords.slice(0, 10).map((w) => `${w.word} (${w.ratio}×)`),
    topPairs: d.pairs.slice(0, 10).map((p) => `${p.a} ~ ${p.b} (${p.ratio}×)`),
    topOpenerTemplates: d.openerTemplates.slice(0, 10).map((t) => `${t.template} (${t.ratio}×)`),
  };
}
