// The group-level audits on a GRPO-shaped log built offline: for each session seed, `size` rollouts of
// the retrieval policy with different sample streams (the group), over `steps` pseudo training steps
// (disjoint seeds per step), scored with the humor stack (RL-D weights, exact taste) on the embedded
// models; then the group-centred regression of taste, the advantage-variance decomposition per step,
// the training guards and candidate validation. Usage: npx tsx bench/studies/audit-grpo.ts [groups=20] [size=8]
import { formatAuditReport } from "../../src/audit/format.js";
import { runAuditSuite } from "../../src/audit/suite.js";
import type { LogRow } from "../../src/audit/log-rows.js";
import { retrievalPartner, retrievalPolicy, type Agent } from "../../src/envs/humor/agents.js";
import { loadLineBank } from "../../src/envs/humor/line-bank.js";
import { findSeedSet, loadSeedRegistry, seedsOf } from "../../src/envs/humor/seed-sets.js";
import { simulateSession } from "../../src/envs/humor/simulator.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";

const groups = Number(process.argv[2] ?? 20);
const size = Number(process.argv[3] ?? 8);
const steps = 2;
const bank = loadLineBank();
const seeds = seedsOf(findSeedSet(loadSeedRegistry(), "demo"), groups * steps);
const withSample = (agent: Agent, sample: number): Agent => ({ ...agent, reply: (ctx) => agent.reply({ ...ctx, sample }) });
const log: LogRow[] = [];
for (const [i, seed] of seeds.entries()) {
  for (let k = 0; k < size; k++) {
    const row = await simulateSession(seed, { policy: withSample(retrievalPolicy(bank), k), partner: retrievalPartner(bank), policyTurns: 4 });
    log.push({ ...row, id: `${row.id}/${k}`, group_id: `seed-${seed}`, step: i < groups ? 0 : 1 });
  }
}
const server = await startEmbeddedServer();
const audience = createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
const embedder = createOpenAIClient({ baseUrl: server.baseUrl, model: "use-lite-512" });
const t0 = performance.now();
const report = await runAuditSuite({ audits: ["regression", "variance", "guards", "validation"], preset: "RL-D" }, { bank: [], log }, { audience, embedder });
console.log(formatAuditReport(report));
console.log(`\nlog: ${log.length} sessions in ${groups * steps} groups of ${size} over ${steps} steps; ${((performance.now() - t0) / 1000).toFixed(1)} s; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
console.log(JSON.stringify({ regression: report.regression, variance: report.variance?.overall, by_step: report.variance?.by_step.map((s) => ({ step: s.step, shares: s.result?.shares })) }, null, 1));
await server.close();
