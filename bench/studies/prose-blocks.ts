// Quick study of the dilution reading on tuning rows: AUC human > model on text the validation report does
// not hold out (held-out models' creative replies on slop-score lines ≡ 3 mod 10; the mining half of the
// human prose), under the shipped dictionary, for the default reading and variants.
//   npx tsx bench/studies/prose-blocks.ts [n-per-side]
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { MINING_MODELS, loadProseCorpora, type ProseRow } from "../helpers/prose-data.js";
import { proseOptions, proseStack } from "../../src/stacks/prose.js";
import type { BankRow } from "../../src/core/types.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { auc } from "../../src/stats/auc.js";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { sha256 } from "../../src/core/hash.js";
import { DEFAULT_MINE_OPTIONS, mineDictionary, toMiningRows } from "../../src/mining/mine.js";
import { dictionaryFile } from "../../src/terms/prose/dictionary.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}
const n = Number(process.argv[2] ?? 500);
const corpora = loadProseCorpora(sharedPath, { creativeOnly: true });
const mining = new Set(MINING_MODELS);
const every = <T>(xs: T[], k: number): T[] => xs.filter((_, i) => i % Math.max(1, Math.floor(xs.length / k)) === 0).slice(0, k);
const models = every(
  corpora.modelHeldOut.filter((r) => r.meta.kind === "creative" && !mining.has(r.meta.model ?? "") && Number(r.id.slice("slopscore-".length)) % 10 === 3),
  n,
);
// The mining half of the human prose split again by document: one half mines, the other is scored.
const scoredHalf = (r: ProseRow): boolean => parseInt(sha256(`prose-blocks:${r.meta.document}`).slice(0, 8), 16) % 2 === 1;
const scoredHumans = corpora.humanMining.filter(scoredHalf);
// Brown and HANNA whole (the human text the dilution reading misjudged), Gutenberg sampled to the same count.
const amateur = scoredHumans.filter((r) => r.meta.source !== "gutenberg");
const humans = [
  ...amateur,
  ...every(
    scoredHumans.filter((r) => r.meta.source === "gutenberg"),
    amateur.length,
  ),
];
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
readFileSync(dictionaryPath);
console.log(`rows: ${humans.length} human (mining half, not mined), ${models.length} model (held-out models, lines ≡ 3 mod 10)`);
const hardened = PROSE_PRESETS.hardened.settings;
const variants: Record<string, Record<string, unknown>> = {
  default: {},
  noBlocks: { reading: { ...hardened.reading, blocks: false } },
};
for (const [name, options] of Object.entries(variants)) {
  const scorer = await proseStack.create(proseOptions.parse({ ...options, dictionary: dictionaryPath }), {});
  const score = async (rows: ProseRow[]): Promise<number[]> => (await scorer.scoreRows(rows as BankRow[])).map((s) => (s.value as number) ?? 0);
  const [h, m] = [await score(humans), await score(models)];
  const a = auc(h, m);
  const bySource = [...new Set(humans.map((r) => r.meta.source))]
    .map(
      (src) =>
        `${src} ${auc(
          h.filter((_, i) => humans[i].meta.source === src),
          m,
        ).auc.toFixed(4)}`,
    )
    .join(", ");
  console.log(`${name}: ${bySource}`);
  console.log(`${name}: AUC ${JSON.stringify(a)}  human mean ${(h.reduce((x, y) => x + y, 0) / h.length).toFixed(3)} model mean ${(m.reduce((x, y) => x + y, 0) / m.length).toFixed(3)}`);
}
