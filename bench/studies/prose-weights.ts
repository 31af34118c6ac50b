// Quick study for the weights of the prose reward's factors (issue 36): each factor's value on tuning rows
// (held-out models' creative replies on slop-score lines ≡ 3 mod 10; the mining half of the human prose
// split again by document, one half mining the dictionary and the other scored; HANNA's model stories for
// the scored HANNA prompts), written as JSON Lines for fitting offline. The validation report's held-out
// lines (≡ 7 mod 10) and held-out human half are never read here.
//   npx tsx bench/studies/prose-weights.ts [out.jsonl] [n-model]
import { existsSync, writeFileSync } from "node:fs";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { MINING_MODELS, loadProseCorpora, type ProseRow } from "../helpers/prose-data.js";
import { proseOptions, proseStack } from "../../src/stacks/prose.js";
import type { BankRow } from "../../src/core/types.js";
import { sha256 } from "../../src/core/hash.js";
import { DEFAULT_MINE_OPTIONS, mineDictionary, toMiningRows } from "../../src/mining/mine.js";
import { dictionaryFile } from "../../src/terms/prose/dictionary.js";
import { auc } from "../../src/stats/auc.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}
const out = process.argv[2] ?? "/tmp/prose-weights.jsonl";
const n = Number(process.argv[3] ?? 600);
const corpora = loadProseCorpora(sharedPath, { creativeOnly: true });
const mining = new Set(MINING_MODELS);
const every = <T>(xs: T[], k: number): T[] => xs.filter((_, i) => i % Math.max(1, Math.floor(xs.length / k)) === 0).slice(0, k);
const models = every(
  corpora.modelHeldOut.filter((r) => r.meta.kind === "creative" && !mining.has(r.meta.model ?? "") && Number(r.id.slice("slopscore-".length)) % 10 === 3),
  n,
);
const scoredHalf = (r: ProseRow): boolean => parseInt(sha256(`prose-blocks:${r.meta.document}`).slice(0, 8), 16) % 2 === 1;
const humans = corpora.humanMining.filter(scoredHalf);
const hannaPrompts = new Set(humans.filter((r) => r.meta.source === "hanna-human").map((r) => r.group_id));
const hannaModels = corpora.hannaModel.filter((r) => hannaPrompts.has(r.group_id));
const dictionaryPath = process.env.PROSE_BLOCKS_DICTIONARY ?? "/tmp/prose-blocks-dictionary.json";
if (!existsSync(dictionaryPath)) {
  const mined = await mineDictionary(
    toMiningRows(corpora.modelMining, "model", true),
    toMiningRows(
      corpora.humanMining.filter((r) => !scoredHalf(r)),
      "human",
      false,
    ),
    DEFAULT_MINE_OPTIONS,
  );
  writeFileSync(dictionaryPath, JSON.stringify(dictionaryFile(mined)));
}
const scorer = await proseStack.create(proseOptions.parse({ dictionary: dictionaryPath, ...(process.env.PROSE_WEIGHTS_OPTIONS ? JSON.parse(process.env.PROSE_WEIGHTS_OPTIONS) : {}) }), {});
const lines: string[] = [];
const values: Record<string, number[]> = {};
for (const [set, rows] of [
  ["human", humans],
  ["model", models],
  ["hanna-model", hannaModels],
] as const) {
  const scores = await scorer.scoreRows(rows as BankRow[]);
  scores.forEach((s, i) => {
    if (s.value === null) throw new Error(`row ${rows[i].id} could not be scored: ${s.error}`);
    (values[set] ??= []).push(s.value);
    const terms = Object.fromEntries(Object.entries(s.terms).map(([k, t]) => [k, t?.value ?? null]));
    lines.push(JSON.stringify({ set, id: rows[i].id, source: rows[i].meta.source, group: rows[i].group_id, value: s.value, terms }));
  });
}
writeFileSync(out, `${lines.join("\n")}\n`);
const hannaHuman = humans.flatMap((r, i) => (r.meta.source === "hanna-human" ? [values.human[i]] : []));
console.log(`rows: ${humans.length} human, ${models.length} model, ${hannaModels.length} HANNA model; written to ${out}`);
console.log(`AUC creative ${JSON.stringify(auc(values.human, values.model))}`);
console.log(`AUC HANNA (${hannaHuman.length} human) ${JSON.stringify(auc(hannaHuman, values["hanna-model"]))}`);
