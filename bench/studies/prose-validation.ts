// Validation report for the prose reward on the shared corpora (held-out design in prose-data.ts):
// mine a dictionary from the MINING_MODELS' creative replies against the mining half of the human
// prose, then score held-out models and held-out human text and report
//   1. AUC human vs model (held-out), with a 95% CI — creative outputs, and all outputs;
//   2. AUC on HANNA: held-out human stories vs the six HANNA models' stories for the same prompts;
//   3. the antislop-tuned Gemma vs its base, paired by prompt (mean difference with a 95% CI);
//   4. Spearman's rho between per-model means and the leaderboard's slop_list_matches_per_1k_words;
//   5. HANNA again, two-fold cross-fit: a second dictionary mined with the other HANNA human half, so
//      all 96 human stories are scored out of sample (a tighter interval than the fixed split's 49);
//   6. does stopping early pay? the first half (by paragraphs) of each held-out reply vs the whole,
//      paired, for the reward and each factor — a term that rises when a reply is cut is a length hack;
//   7. the seed-faithful preset beside the hardened default (issue 17): the AUCs of 1, 2 and 5 and the
//      opener rule's own AUCs, each preset scoring with the same two mined dictionaries.
// Every threshold was chosen before this run or on the mining half; nothing here reads held-out text
// to choose a value.
// Writes reports/prose-validation/report.json (figures only; no corpus text).
//   npx tsx bench/studies/prose-validation.ts
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { HELD_OUT_BOOKS, MINING_MODELS, loadProseCorpora, type ProseRow } from "../helpers/prose-data.js";
import { DEFAULT_MINE_OPTIONS, mineDictionary, toMiningRows } from "../../src/mining/mine.js";
import { summarizeDictionary } from "../../src/mining/summary.js";
import { measureTexts } from "../../src/mining/measure.js";
import type { Scorer } from "../../src/stacks/types.js";
import type { BankRow } from "../../src/core/types.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { proseScorer } from "../helpers/prose-scorer.js";
import { auc } from "../../src/stats/auc.js";
import { spearman } from "../../src/stats/spearman.js";
import { bootstrapCi } from "../../src/stats/bootstrap.js";
import { pairedT } from "../../src/stats/paired-t.js";
import { quantile, weightedQuantile } from "../../src/stats/quantile.js";
import { FEW_SENTENCES_SCORE, MIN_NARRATION_SENTENCES, openerFactor } from "../../src/terms/prose/openers.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const OUT_DIR = "reports/prose-validation";
const started = performance.now();
const corpora = loadProseCorpora(sharedPath, { creativeOnly: true });
const dictionary = await mineDictionary(toMiningRows(corpora.modelMining, "model", true), toMiningRows(corpora.humanMining, "human", false), {
  ...DEFAULT_MINE_OPTIONS,
  provenance: { models: MINING_MODELS, modelSources: ["model_prose/slopscore_outputs.jsonl.gz (creative, mining models)"], humanSources: ["gutenberg (mining books)", "brown (mining half)", "hanna human (mining half)"] },
});
/** The stack's two presets (src/terms/prose/presets.ts): the hardened default and seed 002 as written. */
const PRESETS = {
  hardened: { preset: "hardened", openers: PROSE_PRESETS.hardened.settings.openers },
  seed: { preset: "seed", openers: PROSE_PRESETS.seed.settings.openers },
};
const reward = await proseScorer(dictionary, PRESETS.hardened);
// The cross-fit's second fold: the same mining, with the other half of the HANNA human stories.
const swapped = await mineDictionary(
  toMiningRows(corpora.modelMining, "model", true),
  toMiningRows([...corpora.humanMining.filter((r) => r.meta.source !== "hanna-human"), ...corpora.hannaHuman.heldOut], "human", false),
  DEFAULT_MINE_OPTIONS,
);
const swappedReward = await proseScorer(swapped, PRESETS.hardened);
// The same two rewards with the opener factor left out of the product (stack option `off`).
const noOpeners = { ...PRESETS.hardened, off: ["openers"] };
const [rewardNoOpeners, swappedNoOpeners] = [await proseScorer(dictionary, noOpeners), await proseScorer(swapped, noOpeners)];

interface Scored {
  row: ProseRow;
  value: number;
  slop: number;
  density: number;
  gated: boolean;
  terms: Record<string, number>;
  per1k: Record<string, number>;
  /** The opener term's measures (absent when gated). */
  openers?: { narration_sentences: number; hhi: number; near_repeats: number; repeat_rate: number };
}

const FACTORS = ["slop", "human_phrases", "openers", "echo"] as const;

async function scoreAll(rows: ProseRow[], by: Scorer<BankRow> = reward): Promise<Scored[]> {
  // Score each source's rows together so the abnormally-short gate compares replies to the same prompt.
  const scores = await by.scoreRows(rows);
  return rows.map((row, i) => {
    const s = scores[i];
    if (s.value === null) throw new Error(`row ${row.id} could not be scored: ${s.error}`);
    const density = (s.terms.slop?.details as { density_per_1k?: number } | undefined)?.density_per_1k ?? Number.NaN;
    const terms = Object.fromEntries(FACTORS.map((t) => [t, s.terms[t]?.value ?? Number.NaN]));
    const per1k = ((s.terms.slop?.details as { per_1k?: Record<string, number> } | undefined)?.per_1k ?? {}) as Record<string, number>;
    const openers = s.terms.openers?.details as Scored["openers"];
    return { row, value: s.value, slop: s.terms.slop?.value ?? Number.NaN, density, gated: s.terms.gates?.value === 0, terms, per1k, openers };
  });
}

const heldModel = await scoreAll(corpora.modelHeldOut);
const heldHuman = await scoreAll(corpora.humanHeldOut);
const hannaModel = await scoreAll(corpora.hannaModel);
const hannaHumanHeld = await scoreAll(corpora.hannaHuman.heldOut);
const heldPrompts = new Set(corpora.hannaHuman.heldOut.map((r) => r.group_id));
const hannaModelMatched = hannaModel.filter((s) => heldPrompts.has(s.row.group_id));

// Fold 2 of the cross-fit: the mining-half stories and their model stories, scored by `swapped`.
const minePrompts = new Set(corpora.hannaHuman.mining.map((r) => r.group_id));
const hannaHumanFold2 = await scoreAll(corpora.hannaHuman.mining, swappedReward);
const hannaModelFold2 = await scoreAll(
  corpora.hannaModel.filter((r) => minePrompts.has(r.group_id)),
  swappedReward,
);

const values = (xs: Scored[]): number[] => xs.map((x) => x.value);
const creative = heldModel.filter((s) => s.row.meta.kind === "creative");

function aucReport(humanScores: number[], modelScores: number[]) {
  const r = auc(humanScores, modelScores);
  return { ...r, n_human: humanScores.length, n_model: modelScores.length };
}

/** Diagnostic: each factor's own AUC over the replies that passed the gates. */
function termAucs(human: Scored[], model: Scored[]) {
  const passed = (xs: Scored[]) => xs.filter((x) => !x.gated);
  return Object.fromEntries(
    FACTORS.map((t) => {
      const r = auc(
        passed(human).map((x) => x.terms[t]),
        passed(model).map((x) => x.terms[t]),
      );
      return [t, { auc: round(r.auc), ci: r.ci.map(round), mean_human: round(mean(passed(human).map((x) => x.terms[t]))), mean_model: round(mean(passed(model).map((x) => x.terms[t]))) }];
    }),
  );
}

// 3. Antislop vs its base, paired by prompt.
const byPrompt = (model: string): Map<string, Scored> => new Map(heldModel.filter((s) => s.row.meta.model === model).map((s) => [s.row.group_id, s]));
const anti = byPrompt("sam-paech/gemma-3-27b-it-antislop");
const base = byPrompt("google/gemma-3-27b-it");
const paired = [...anti.keys()].filter((k) => base.has(k));
const diffs = paired.map((k) => anti.get(k)!.value - base.get(k)!.value);
// Density exists only for replies that passed the gates.
const densityDiffs = paired.map((k) => anti.get(k)!.density - base.get(k)!.density).filter(Number.isFinite);
const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

// 4. Per-model means vs the leaderboard.
const leaderboard = JSON.parse(readFileSync(sharedPath("reference_lists/slopscore_leaderboard.json"), "utf8")) as {
  results: { model: string; metrics: { slop_list_matches_per_1k_words: number } }[];
};
const lb = new Map(leaderboard.results.map((r) => [r.model, r.metrics.slop_list_matches_per_1k_words]));
const heldModels = [...new Set(corpora.modelHeldOut.map((r) => r.meta.model!))].filter((m) => lb.has(m)).sort();
function perModel(rows: Scored[]) {
  return heldModels.map((m) => {
    const mine = rows.filter((s) => s.row.meta.model === m);
    return { model: m, n: mine.length, mean_reward: round(mean(values(mine))), mean_slop_density: round(mean(mine.map((s) => s.density).filter(Number.isFinite))), leaderboard_slop_list_per_1k: round(lb.get(m)!) };
  });
}
function rankAgreement(table: ReturnType<typeof perModel>) {
  const lbv = table.map((t) => t.leaderboard_slop_list_per_1k);
  const withCi = (x: number[]) => {
    const r = spearman(x, lbv);
    return { ...r, ci95_fisher_bonett_wright: spearmanCi(r.rho, r.n) };
  };
  return {
    n_models: table.length,
    density_vs_leaderboard: withCi(table.map((t) => t.mean_slop_density)),
    negative_reward_vs_leaderboard: withCi(table.map((t) => -t.mean_reward)),
  };
}

/** Fisher-z interval for Spearman's rho with Bonett & Wright's (2000) variance (1 + ρ²/2)/(n − 3). */
function spearmanCi(rho: number, n: number): [number, number] {
  const z = Math.atanh(rho);
  const se = Math.sqrt((1 + (rho * rho) / 2) / (n - 3));
  return [round(Math.tanh(z - 1.959964 * se)), round(Math.tanh(z + 1.959964 * se))];
}
/**
 * The opener rule as it was before the near-repeat rate: the same Simpson part, and the near-repeat
 * COUNT free to the (source-weighted) human p75 of counts, full penalty at the base p90 of counts —
 * calibrated here on the same mining corpora, so "does stopping early pay?" has its baseline in this run.
 */
const countRule = await (async () => {
  const open = async (texts: { text: string; source: string }[]) =>
    (
      await measureTexts(
        dictionary,
        texts.map((t) => t.text),
        "templates",
      )
    )
      .map((m, i) => ({ ...m.openers, source: texts[i].source }))
      .filter((o) => o.sentences >= MIN_NARRATION_SENTENCES);
  const human = await open(corpora.humanMining.map((r) => ({ text: r.output, source: r.meta.source })));
  const perSource = new Map<string, number>();
  for (const h of human) perSource.set(h.source, (perSource.get(h.source) ?? 0) + 1);
  const humanP75 = weightedQuantile(
    human.map((h) => h.repeats),
    human.map((h) => 1 / perSource.get(h.source)!),
    0.75,
  );
  const baseP90 = quantile(
    (await open(corpora.modelMining.map((r) => ({ text: r.output, source: "model" })))).map((o) => o.repeats),
    0.9,
  );
  const cal = { ...dictionary.calibration.openers, repeatRate: { humanP75, baseP90, humanP99: 1 } };
  // openerFactor reads repeatRate; hand it the count in that slot, with the count percentiles.
  return { humanP75, baseP90, factor: (o: NonNullable<Scored["openers"]>) => openerFactor({ sentences: o.narration_sentences, hhi: o.hhi, repeats: o.near_repeats, repeatRate: o.near_repeats }, cal, "seed") };
})();

/** Opener habits of the HANNA mining half (cross-fit fold 2; no held-out story): human vs the models' stories. */
function openerHabits(human: Scored[], model: Scored[]) {
  const summary = (xs: Scored[]) => {
    const o = xs.map((x) => x.openers).filter((v): v is NonNullable<Scored["openers"]> => v !== undefined && v.narration_sentences >= MIN_NARRATION_SENTENCES);
    return {
      n: o.length,
      repeat_rate_median: round(
        quantile(
          o.map((v) => v.repeat_rate),
          0.5,
        ),
      ),
      repeat_rate_p75: round(
        quantile(
          o.map((v) => v.repeat_rate),
          0.75,
        ),
      ),
      hhi_median: round(
        quantile(
          o.map((v) => v.hhi),
          0.5,
        ),
      ),
      hhi_p75: round(
        quantile(
          o.map((v) => v.hhi),
          0.75,
        ),
      ),
    };
  };
  return { human: summary(human), model: summary(model), rate_auc_human_lower: round(auc(neg(human), neg(model)).auc) };
  function neg(xs: Scored[]): number[] {
    return xs.flatMap((x) => (x.openers && x.openers.narration_sentences >= MIN_NARRATION_SENTENCES ? [-x.openers.repeat_rate] : []));
  }
}

/**
 * First half (whole paragraphs, ≥ 150 words) of each held-out creative reply with ≥ 4 paragraphs vs
 * the whole reply, scored without group ids so the abnormally-short gate does not compare them.
 */
async function lengthIncentive() {
  const rows = creative.map((s) => s.row).filter((r) => r.output.split(/\n\s*\n/).length >= 4);
  const halves = rows.map((r) => {
    const paragraphs = r.output.split(/\n\s*\n/);
    return { ...r, id: `${r.id}-half`, group_id: undefined, output: paragraphs.slice(0, Math.ceil(paragraphs.length / 2)).join("\n\n") } as unknown as ProseRow;
  });
  const wholes = rows.map((r) => ({ ...r, group_id: undefined }) as unknown as ProseRow);
  const h = await reward.scoreRows(halves);
  const w = await reward.scoreRows(wholes);
  const keep = rows.map((_, i) => i).filter((i) => h[i].value !== null && w[i].value !== null && ((h[i].terms.slop?.details as { words?: number } | undefined)?.words ?? 0) >= 150);
  type S = (typeof h)[number];
  const paired = (get: (s: S) => number | null | undefined, name: string) => {
    const d = keep.map((i) => (get(h[i]) ?? Number.NaN) - (get(w[i]) ?? Number.NaN)).filter(Number.isFinite);
    const b = bootstrapCi(d, mean, { seed: `half-vs-whole-${name}`, resamples: 10000 });
    return { n: d.length, mean_half_minus_whole: round(b.estimate), ci95_bootstrap: b.ci.map(round) };
  };
  return {
    design: "first ceil(k/2) of k ≥ 4 paragraphs (≥ 150 words) vs the whole reply; paired over held-out creative replies; positive = cutting the reply pays",
    reward: paired((s) => s.value, "reward"),
    ...Object.fromEntries(FACTORS.map((t) => [t, paired((s) => s.terms[t]?.value, t)])),
    openers_count_rule_baseline: {
      calibration: { humanP75: countRule.humanP75, baseP90: countRule.baseP90 },
      ...paired((s: S) => {
        const o = s.terms.openers?.details as Scored["openers"];
        return o ? (o.narration_sentences < MIN_NARRATION_SENTENCES ? FEW_SENTENCES_SCORE : countRule.factor(o)) : null;
      }, "openers-count"),
    },
  };
}

/** The headline AUCs of one preset, with the same dictionaries and rows as the rest of the report. */
async function presetFigures(options: (typeof PRESETS)[keyof typeof PRESETS]) {
  const r1 = await proseScorer(dictionary, options);
  const r2 = await proseScorer(swapped, options);
  const hh = await scoreAll(corpora.humanHeldOut, r1);
  const hm = await scoreAll(corpora.modelHeldOut, r1);
  const cm = hm.filter((s) => s.row.meta.kind === "creative");
  const h1 = await scoreAll(corpora.hannaHuman.heldOut, r1);
  const m1 = await scoreAll(
    hannaModelMatched.map((s) => s.row),
    r1,
  );
  const h2 = await scoreAll(corpora.hannaHuman.mining, r2);
  const m2 = await scoreAll(
    hannaModelFold2.map((s) => s.row),
    r2,
  );
  const passed = (xs: Scored[]) => xs.filter((x) => !x.gated);
  // The opener rule's effect on the reward: each reply's reward with the rule over its reward with the
  // rule ablated, on the same dictionaries. The seed preset's rule is its opener factor, so this is that
  // factor exactly; the hardened rule is the mined opener templates in slop plus the loose guard, so the
  // ablation also drops the templates (mode `seed` compiles the dictionary without them and calibrates
  // slop without them) with the factor `off`. AUC > 0.5: the rule costs human stories less.
  const ablated = { ...options, openers: { ...options.openers, mode: "seed" as const }, off: ["openers"] };
  const [a1, a2] = [await proseScorer(dictionary, ablated), await proseScorer(swapped, ablated)];
  const effect = (withRule: Scored[], without: Scored[]) => withRule.flatMap((x, i) => (x.gated || without[i].gated || without[i].value <= 0 ? [] : [x.value / without[i].value]));
  const effectAuc = (h: Scored[], hAblated: Scored[], m: Scored[], mAblated: Scored[]) => aucReport(effect(h, hAblated), effect(m, mAblated));
  const [ah1, am1, ah2, am2] = [
    await scoreAll(corpora.hannaHuman.heldOut, a1),
    await scoreAll(
      hannaModelMatched.map((s) => s.row),
      a1,
    ),
    await scoreAll(corpora.hannaHuman.mining, a2),
    await scoreAll(
      hannaModelFold2.map((s) => s.row),
      a2,
    ),
  ];
  const [ahh, acm] = [
    await scoreAll(corpora.humanHeldOut, a1),
    await scoreAll(
      cm.map((s) => s.row),
      a1,
    ),
  ];
  // Fewer opener-template hits is more human-like, so the AUC reads P(human has fewer).
  const templateAuc = (h: Scored[], m: Scored[]) =>
    aucReport(
      passed(h).map((x) => -(x.per1k.opener_template ?? 0)),
      passed(m).map((x) => -(x.per1k.opener_template ?? 0)),
    );
  return {
    options: { openers: options.openers },
    auc_creative: aucReport(values(hh), values(cm)),
    auc_all_outputs: aucReport(values(hh), values(hm)),
    auc_hanna_matched: aucReport(values(h1), values(m1)),
    auc_hanna_cross_fit: aucReport([...values(h1), ...values(h2)], [...values(m1), ...values(m2)]),
    openers_factor_auc: {
      creative: termAucs(hh, cm).openers,
      hanna_matched: termAucs(h1, m1).openers,
      hanna_cross_fit: termAucs([...h1, ...h2], [...m1, ...m2]).openers,
    },
    opener_rule_effect_auc: {
      design: "AUC of reward(with the opener rule) / reward(rule ablated), human vs model, replies that pass the gates; the seed rule is its factor, the hardened rule is templates in slop + the guard",
      creative: effectAuc(hh, ahh, cm, acm),
      hanna_matched: effectAuc(h1, ah1, m1, am1),
      hanna_cross_fit: effectAuc([...h1, ...h2], [...ah1, ...ah2], [...m1, ...m2], [...am1, ...am2]),
    },
    opener_template_hits_auc: options.openers.mode === "templates" ? { creative: templateAuc(hh, cm), hanna_cross_fit: templateAuc([...h1, ...h2], [...m1, ...m2]) } : "not counted in this preset",
    term_aucs_hanna_cross_fit: termAucs([...h1, ...h2], [...m1, ...m2]),
    gated: { human: hh.filter((x) => x.gated).length, model: hm.filter((x) => x.gated).length, hanna_human: [...h1, ...h2].filter((x) => x.gated).length, hanna_model: [...m1, ...m2].filter((x) => x.gated).length },
  };
}

const presets = { hardened: await presetFigures(PRESETS.hardened), seed: await presetFigures(PRESETS.seed) };

const allTable = perModel(heldModel);
const creativeTable = perModel(creative);

const report = {
  design: {
    dictionary_mined_from: { models: MINING_MODELS, kind: "creative", rows: corpora.modelMining.length, human_rows: corpora.humanMining.length },
    held_out_models: heldModels,
    held_out_human: { gutenberg_books: [...HELD_OUT_BOOKS], brown_and_hanna: "half of the documents by sha256(document id) parity", rows: corpora.humanHeldOut.length },
    hanna: { human_held_out_stories: hannaHumanHeld.length, model_stories_same_prompts: hannaModelMatched.length },
    scoring: "prose stack defaults (the hardened preset) with phraseWindow 0 (mined phrase rates; deterministic); `presets` adds the seed preset",
  },
  dictionary: summarizeDictionary(dictionary),
  presets,
  auc_human_vs_model: {
    creative: aucReport(values(heldHuman), values(creative)),
    all_outputs: aucReport(values(heldHuman), values(heldModel)),
  },
  auc_hanna_matched: aucReport(values(hannaHumanHeld), values(hannaModelMatched)),
  auc_hanna_cross_fit: {
    design: "fold 1 = the fixed split above; fold 2 = a dictionary mined with the held-out HANNA human half instead, scoring the mining half and its model stories; scores pooled",
    ...aucReport([...values(hannaHumanHeld), ...values(hannaHumanFold2)], [...values(hannaModelMatched), ...values(hannaModelFold2)]),
    slop_factor_only: aucReport(
      [...hannaHumanHeld, ...hannaHumanFold2].map((x) => (x.gated ? 0 : x.slop)),
      [...hannaModelMatched, ...hannaModelFold2].map((x) => (x.gated ? 0 : x.slop)),
    ),
    opener_habits_mining_half: openerHabits(hannaHumanFold2, hannaModelFold2),
    // The reward with `off: ["openers"]` (the one term that runs the other way here).
    without_openers: aucReport(
      values([...(await scoreAll(corpora.hannaHuman.heldOut, rewardNoOpeners)), ...(await scoreAll(corpora.hannaHuman.mining, swappedNoOpeners))]),
      values([
        ...(await scoreAll(
          hannaModelMatched.map((s) => s.row),
          rewardNoOpeners,
        )),
        ...(await scoreAll(
          hannaModelFold2.map((s) => s.row),
          swappedNoOpeners,
        )),
      ]),
    ),
  },
  term_aucs: { creative: termAucs(heldHuman, creative), hanna_matched: termAucs(hannaHumanHeld, hannaModelMatched) },
  gated: { human: heldHuman.filter((x) => x.gated).length, model: heldModel.filter((x) => x.gated).length, hanna_human: hannaHumanHeld.filter((x) => x.gated).length, hanna_model: hannaModelMatched.filter((x) => x.gated).length },
  half_vs_whole: await lengthIncentive(),
  antislop_vs_base: {
    pairs: paired.length,
    mean_reward: { antislop: round(mean(paired.map((k) => anti.get(k)!.value))), base: round(mean(paired.map((k) => base.get(k)!.value))) },
    mean_difference: round(mean(diffs)),
    ci95_bootstrap: bootstrapCi(diffs, mean, { seed: "antislop-vs-base", resamples: 10000 }).ci.map(round),
    paired_t: pairedT(
      paired.map((k) => anti.get(k)!.value),
      paired.map((k) => base.get(k)!.value),
    ),
    density_pairs: densityDiffs.length,
    // LuneLight's table "in spirit": hit rates per 1,000 words, stock (base) → tuned (antislop).
    per_1k_base_to_antislop: Object.fromEntries(
      ["pair", "frame", "excess_word", "stacked_adjectives", "opener_template", "not_x_but_y"].map((k) => {
        const rate = (m: Map<string, Scored>) =>
          round(
            mean(
              paired
                .map((p) => m.get(p)!)
                .filter((x) => !x.gated)
                .map((x) => x.per1k[k]),
            ),
          );
        return [k, { base: rate(base), antislop: rate(anti) }];
      }),
    ),
    mean_density_difference_per_1k: round(mean(densityDiffs)),
    density_ci95_bootstrap: bootstrapCi(densityDiffs, mean, { seed: "antislop-vs-base-density", resamples: 10000 }).ci.map(round),
  },
  leaderboard_rank_agreement: { all_outputs: rankAgreement(allTable), creative: rankAgreement(creativeTable) },
  per_model_all_outputs: allTable,
  per_model_creative: creativeTable,
  human_mean_reward: round(mean(values(heldHuman))),
  seconds: Math.round((performance.now() - started) / 100) / 10,
};

mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(`${OUT_DIR}/report.json`, JSON.stringify(report, null, 2) + "\n");
console.log(
  JSON.stringify(
    {
      presets: report.presets,
      auc_human_vs_model: report.auc_human_vs_model,
      auc_hanna_matched: report.auc_hanna_matched,
      auc_hanna_cross_fit: report.auc_hanna_cross_fit,
      half_vs_whole: report.half_vs_whole,
      term_aucs: report.term_aucs,
      gated: report.gated,
      antislop_vs_base: report.antislop_vs_base,
      leaderboard_rank_agreement: report.leaderboard_rank_agreement,
    },
    null,
    2,
  ),
);
console.log(`wrote ${OUT_DIR}/report.json in ${report.seconds} s`);

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}
