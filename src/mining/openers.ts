// Over-used opener templates (issue 17's opener decision): the first two or three words of narration
// sentences, after the one leading word the opener term skips ("Then", "Slowly,"), as lemmas. A
// template is kept when the model opens with it at several times the human rate, per 1,000 words as
// every other entry, in enough scenarios, and weighs what a frame of the same ratio weighs. This
// penalizes "Her breath caught…" as a model habit without penalizing human writers for chaining
// "I… I… I…", which the seed's concentration rule did (HANNA AUC 0.37, docs/prose.md).
import type { OpenerTemplateEntry } from "./dictionary.js";
import { KeyCounter } from "./counter.js";
import { overuseWeight, rateRatio } from "./weights.js";
import type { ScannedCorpus } from "./corpus.js";
import type { Lexicon } from "../text/lexicon.js";
import type { Scan } from "../text/scan.js";
import { narrationOpeners } from "../terms/prose/openers.js";
import { openerTemplateAt, OPENER_TEMPLATE_WORDS } from "../terms/prose/slop.js";

export interface OpenerTemplateOptions {
  /** A template must be this many times more frequent (per 1,000 words) in model text than in human text. */
  minRatio: number;
  minScenarioShare: number;
  maxTemplates: number;
}

export const DEFAULT_OPENER_TEMPLATE_OPTIONS: OpenerTemplateOptions = { minRatio: 4, minScenarioShare: 0.05, maxTemplates: 300 };

/** A per-document view over a scanned corpus. */
export type DocScan = (c: ScannedCorpus, d: number) => Scan;

/** Template ids by their lemma-id key ("12 7"), shared by both corpora so counts line up. */
type TemplateIds = Map<string, number>;

function countTemplates(c: ScannedCorpus, docScan: DocScan, lexicon: Lexicon, ids: TemplateIds, counter: KeyCounter): void {
  const openers: number[] = [];
  const lemmas: number[] = [];
  for (let d = 0; d + 1 < c.docStart.length; d++) {
    const scan = docScan(c, d);
    for (const k of narrationOpeners(scan, lexicon, openers)) {
      for (const words of OPENER_TEMPLATE_WORDS) {
        if (!openerTemplateAt(scan, lexicon, k, words, lemmas)) continue;
        const key = lemmas.join(" ");
        let id = ids.get(key);
        if (id === undefined) ids.set(key, (id = ids.size));
        counter.add(id, c.docGroup[d]);
      }
    }
  }
}

export function mineOpenerTemplates(model: ScannedCorpus, human: ScannedCorpus, scenarios: number, lexicon: Lexicon, docScan: DocScan, options: OpenerTemplateOptions): OpenerTemplateEntry[] {
  const minGroups = Math.max(2, Math.ceil(options.minScenarioShare * scenarios));
  const ids: TemplateIds = new Map();
  const m = new KeyCounter();
  const h = new KeyCounter();
  countTemplates(model, docScan, lexicon, ids, m);
  countTemplates(human, docScan, lexicon, ids, h);
  const keyOf = [...ids.keys()];
  const per1k = (count: number, total: number): number => (total > 0 ? (1000 * count) / total : 0);
  const out: (OpenerTemplateEntry & { count: number })[] = [];
  for (const [key, count, groups] of m.entries()) {
    if (groups < minGroups) continue;
    const humanCount = h.count(key);
    const ratio = rateRatio(count, model.n, humanCount, human.n);
    if (ratio < options.minRatio) continue;
    out.push({
      template: keyOf[key]
        .split(" ")
        .map((l) => lexicon.lemmas[Number(l)])
        .join(" "),
      count,
      scenarioShare: round(groups / scenarios),
      weight: round(overuseWeight(ratio)),
      ratio: round(ratio),
      modelPer1k: round(per1k(count, model.n)),
      humanPer1k: round(per1k(humanCount, human.n)),
    });
  }
  return out
    .sort((x, y) => y.count * Math.log2(y.ratio) - x.count * Math.log2(x.ratio) || (x.template < y.template ? -1 : 1))
    .slice(0, options.maxTemplates)
    .map(({ count: _count, ...entry }) => entry);
}

const round = (x: number): number => Math.round(x * 10000) / 10000;
