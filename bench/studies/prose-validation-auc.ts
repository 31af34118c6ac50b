// The two AUCs issue 36 sets a bar on, alone: prose-validation.ts's held-out design and scoring (the same
// mined dictionaries, the same held-out rows), without its other sections, for a machine too loaded to
// run the whole report. Held-out creative: held-out human prose vs the held-out models' creative replies;
// HANNA cross-fit: both folds of the HANNA human stories vs the model stories for the same prompts.
// Writes reports/prose-validation/auc.json.
//   npx tsx bench/studies/prose-validation-auc.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { loadProseCorpora, type ProseRow } from "../helpers/prose-data.js";
import { DEFAULT_MINE_OPTIONS, mineDictionary, toMiningRows } from "../../src/mining/mine.js";
import type { Scorer } from "../../src/stacks/types.js";
import type { BankRow } from "../../src/core/types.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { proseScorer } from "../helpers/prose-scorer.js";
import { auc } from "../../src/stats/auc.js";
import { commitLine, uptimeLine } from "../heldout2/provenance.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}
const started = performance.now();
const cpuStarted = process.cpuUsage();
const corpora = loadProseCorpora(sharedPath, { creativeOnly: true });
const hardened = { preset: "hardened", openers: PROSE_PRESETS.hardened.settings.openers };
const dictionary = await mineDictionary(toMiningRows(corpora.modelMining, "model", true), toMiningRows(corpora.humanMining, "human", false), DEFAULT_MINE_OPTIONS);
const swapped = await mineDictionary(
  toMiningRows(corpora.modelMining, "model", true),
  toMiningRows([...corpora.humanMining.filter((r) => r.meta.source !== "hanna-human"), ...corpora.hannaHuman.heldOut], "human", false),
  DEFAULT_MINE_OPTIONS,
);
const [reward, swappedReward] = [await proseScorer(dictionary, hardened), await proseScorer(swapped, hardened)];
async function values(rows: ProseRow[], by: Scorer<BankRow>): Promise<number[]> {
  return (await by.scoreRows(rows)).map((s, i) => {
    if (s.value === null) throw new Error(`row ${rows[i].id} could not be scored: ${s.error}`);
    return s.value;
  });
}
const report = (h: number[], m: number[]) => ({ ...auc(h, m), n_human: h.length, n_model: m.length });
const creative = report(
  await values(corpora.humanHeldOut, reward),
  await values(
    corpora.modelHeldOut.filter((r) => r.meta.kind === "creative"),
    reward,
  ),
);
const heldPrompts = new Set(corpora.hannaHuman.heldOut.map((r) => r.group_id));
const minePrompts = new Set(corpora.hannaHuman.mining.map((r) => r.group_id));
const hanna = report(
  [...(await values(corpora.hannaHuman.heldOut, reward)), ...(await values(corpora.hannaHuman.mining, swappedReward))],
  [
    ...(await values(
      corpora.hannaModel.filter((r) => heldPrompts.has(r.group_id)),
      reward,
    )),
    ...(await values(
      corpora.hannaModel.filter((r) => minePrompts.has(r.group_id)),
      swappedReward,
    )),
  ],
);
const cpu = process.cpuUsage(cpuStarted);
const out = {
  commit: commitLine(),
  preset: { name: "hardened", version: PROSE_PRESETS.hardened.version },
  auc_human_vs_model_creative: creative,
  auc_hanna_cross_fit: hanna,
  seconds: Math.round((performance.now() - started) / 100) / 10,
  cpu_seconds: Math.round((cpu.user + cpu.system) / 1e5) / 10,
  uptime: uptimeLine(),
};
mkdirSync("reports/prose-validation", { recursive: true });
writeFileSync("reports/prose-validation/auc.json", `${JSON.stringify(out, null, 2)}\n`);
console.log(JSON.stringify(out, null, 2));
