// Validation report for the prose reward on the shared corpora (held-out design in prose-data.ts):
// mine a dictionary from the MINING_MODELS' creative replies against the mining half of the human
// prose, then score held-out models and held-out human text and report
//   1. AUC human vs model (held-out), with a 95% CI — creative outputs, and all outputs;
//   2. AUC on HANNA: held-out human stories vs the six HANNA models' stories for the same prompts;
//   3. the antislop-tuned Gemma vs its base, paired by prompt (mean difference with a 95% CI);
//   4. Spearman's rho between per-model means and the leaderboard's slop_list_matches_per_1k_words.
// Writes reports/prose-validation/report.json (figures only; no corpus text).
//   npx tsx bench/prose-validation.ts
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../test/helpers/shared-data.js";
import { HELD_OUT_BOOKS, MINING_MODELS, loadProseCorpora, type ProseRow } from "./prose-data.js";
import { DEFAULT_MINE_OPTIONS, mineDictionary, toMiningRows } from "../src/mining/mine.js";
import { summarizeDictionary } from "../src/mining/summary.js";
import { DEFAULT_PROSE_OPTIONS, ProseReward } from "../src/terms/prose/reward.js";
import { auc } from "../src/stats/auc.js";
import { spearman } from "../src/stats/spearman.js";
import { bootstrapCi } from "../src/stats/bootstrap.js";
import { pairedT } from "../src/stats/paired-t.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const OUT_DIR = "reports/prose-validation";
const started = performance.now();
const corpora = loadProseCorpora(sharedPath, { creativeOnly: true });
const dictionary = mineDictionary(toMiningRows(corpora.modelMining, "model", true), toMiningRows(corpora.humanMining, "human", false), {
  ...DEFAULT_MINE_OPTIONS,
  provenance: { models: MINING_MODELS, modelSources: ["model_prose/slopscore_outputs.jsonl.gz (creative, mining models)"], humanSources: ["gutenberg (mining books)", "brown (mining half)", "hanna human (mining half)"] },
});
const reward = new ProseReward(dictionary, { ...DEFAULT_PROSE_OPTIONS, phraseWindow: 0 });

interface Scored {
  row: ProseRow;
  value: number;
  slop: number;
  density: number;
  gated: boolean;
  terms: Record<string, number>;
  per1k: Record<string, number>;
}

const FACTORS = ["slop", "human_phrases", "openers", "echo"] as const;

function scoreAll(rows: ProseRow[]): Scored[] {
  // Score each source's rows together so the abnormally-short gate compares replies to the same prompt.
  const scores = reward.scoreRows(rows);
  return rows.map((row, i) => {
    const s = scores[i];
    if (s.value === null) throw new Error(`row ${row.id} could not be scored: ${s.error}`);
    const density = (s.terms.slop?.details as { density_per_1k?: number } | undefined)?.density_per_1k ?? Number.NaN;
    const terms = Object.fromEntries(FACTORS.map((t) => [t, s.terms[t]?.value ?? Number.NaN]));
    const per1k = ((s.terms.slop?.details as { per_1k?: Record<string, number> } | undefined)?.per_1k ?? {}) as Record<string, number>;
    return { row, value: s.value, slop: s.terms.slop?.value ?? Number.NaN, density, gated: s.terms.gates?.value === 0, terms, per1k };
  });
}

const heldModel = scoreAll(corpora.modelHeldOut);
const heldHuman = scoreAll(corpora.humanHeldOut);
const hannaModel = scoreAll(corpora.hannaModel);
const hannaHumanHeld = scoreAll(corpora.hannaHuman.heldOut);
const heldPrompts = new Set(corpora.hannaHuman.heldOut.map((r) => r.group_id));
const hannaModelMatched = hannaModel.filter((s) => heldPrompts.has(s.row.group_id));

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
      const r = auc(passed(human).map((x) => x.terms[t]), passed(model).map((x) => x.terms[t]));
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
const allTable = perModel(heldModel);
const creativeTable = perModel(creative);

const report = {
  design: {
    dictionary_mined_from: { models: MINING_MODELS, kind: "creative", rows: corpora.modelMining.length, human_rows: corpora.humanMining.length },
    held_out_models: heldModels,
    held_out_human: { gutenberg_books: [...HELD_OUT_BOOKS], brown_and_hanna: "half of the documents by sha256(document id) parity", rows: corpora.humanHeldOut.length },
    hanna: { human_held_out_stories: hannaHumanHeld.length, model_stories_same_prompts: hannaModelMatched.length },
    scoring: "prose stack defaults with phraseWindow 0 (mined phrase rates; deterministic)",
  },
  dictionary: summarizeDictionary(dictionary),
  auc_human_vs_model: {
    creative: aucReport(values(heldHuman), values(creative)),
    all_outputs: aucReport(values(heldHuman), values(heldModel)),
  },
  auc_hanna_matched: aucReport(values(hannaHumanHeld), values(hannaModelMatched)),
  term_aucs: { creative: termAucs(heldHuman, creative), hanna_matched: termAucs(hannaHumanHeld, hannaModelMatched) },
  gated: { human: heldHuman.filter((x) => x.gated).length, model: heldModel.filter((x) => x.gated).length, hanna_model: hannaModelMatched.filter((x) => x.gated).length },
  antislop_vs_base: {
    pairs: paired.length,
    mean_reward: { antislop: round(mean(paired.map((k) => anti.get(k)!.value))), base: round(mean(paired.map((k) => base.get(k)!.value))) },
    mean_difference: round(mean(diffs)),
    ci95_bootstrap: bootstrapCi(diffs, mean, { seed: "antislop-vs-base", resamples: 10000 }).ci.map(round),
    paired_t: pairedT(paired.map((k) => anti.get(k)!.value), paired.map((k) => base.get(k)!.value)),
    density_pairs: densityDiffs.length,
    // LuneLight's table "in spirit": hit rates per 1,000 words, stock (base) → tuned (antislop).
    per_1k_base_to_antislop: Object.fromEntries(
      ["pair", "frame", "excess_word", "stacked_adjectives", "not_x_but_y"].map((k) => {
        const rate = (m: Map<string, Scored>) => round(mean(paired.map((p) => m.get(p)!).filter((x) => !x.gated).map((x) => x.per1k[k])));
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
console.log(JSON.stringify({ auc_human_vs_model: report.auc_human_vs_model, auc_hanna_matched: report.auc_hanna_matched, term_aucs: report.term_aucs, gated: report.gated, antislop_vs_base: report.antislop_vs_base, leaderboard_rank_agreement: report.leaderboard_rank_agreement }, null, 2));
console.log(`wrote ${OUT_DIR}/report.json in ${report.seconds} s`);

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}
