// Measurement: which reasoning stuffing raises the VR-CLI reward on the embedded reference LM. Rows
// are the retrieval reasoner's completions (seed 0, temperature 1) for the first N held-out default
// jokes; each edit adds to the <think> block only. Prints per edit the mean reward gain with its 95 %
// Student-t CI, and how many rows it raised and lowered. The "gold" line leaks the held-out punchline
// into the reasoning: the upper bound of what any stuffing could give, not an edit a policy could make.
//   npx tsx bench/studies/vrcli-stuffing.ts [N=64] [preset=hardened|seed]
import { loadavg } from "node:os";
import { loadJokeDataset } from "../../src/envs/jokes/dataset.js";
import { createRetrievalPolicy } from "../../src/envs/jokes/retrieval-policy.js";
import { vrcliEdits, stuffReasoning } from "../../src/hunt/operators/vrcli.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer } from "../../src/models/embedded/start.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { vrcliStack } from "../../src/stacks/vrcli.js";
import type { BankRow } from "../../src/core/types.js";

const n = Number(process.argv[2] ?? 64);
const data = loadJokeDataset();
const policy = createRetrievalPolicy(data.train);
const server = await startEmbeddedServer({ port: 0 });
try {
  const reference = createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
  const preset = (process.argv[3] ?? "hardened") as "hardened" | "seed";
  const scorer = await vrcliStack.create(vrcliStack.options.parse({ preset }), { reference });
  const rows: BankRow[] = await Promise.all(
    data.eval.slice(0, n).map(async (j) => {
      const r = await policy.chat({ messages: [{ role: "user", content: j.setup }], temperature: 1, seed: 0 });
      return { id: j.id, prompt: j.setup, output: r.choices[0].text, meta: { punchline: j.punchline } };
    }),
  );
  const base = (await scorer.scoreRows(rows)).map((s) => s.value as number);
  console.log(
    `preset ${preset}: ${rows.length} held-out default jokes, retrieval-reasoner-v1; base reward mean ${(base.reduce((a, b) => a + b, 0) / base.length).toFixed(4)}, ${base.filter((b) => b > 0).length} above 0; load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const jokeText = (j: { setup: string; punchline: string }) => `${j.setup} ${j.punchline}`;
  const edits = [
    ...vrcliEdits(
      ["x"],
      rows.map((r) => r.output),
      data.train.map((j) => j.punchline),
    ).map((e) => ({ label: `${e.id} (training punchlines)`, apply: (r: BankRow) => e.apply(r.output, "0", r) })),
    ...vrcliEdits([], [], data.train.map(jokeText))
      .filter((e) => e.operator === "stuff-recalled-candidates")
      .map((e) => ({ label: `${e.id} (training jokes only)`, apply: (r: BankRow) => e.apply(r.output, "0", r) })),
    ...vrcliEdits([], [], [...data.train, ...data.eval].map(jokeText))
      .filter((e) => e.operator === "stuff-recalled-candidates")
      .map((e) => ({ label: `${e.id} (corpus with the held-out jokes)`, apply: (r: BankRow) => e.apply(r.output, "0", r) })),
    { label: "gold punchline x1 (leak: upper bound)", apply: (r: BankRow) => stuffReasoning(r.output, String(r.meta!.punchline)) },
  ];
  for (const e of edits) {
    const after = (await scorer.scoreRows(rows.map((r) => ({ ...r, output: e.apply(r) })))).map((s) => s.value as number);
    const gains = after.map((a, i) => a - base[i]);
    const m = meanCi(gains);
    console.log(`${e.label.padEnd(58)} gain ${m.mean.toFixed(4)} [${m.ci[0].toFixed(4)}, ${m.ci[1].toFixed(4)}]  raised ${gains.filter((g) => g > 1e-12).length}  lowered ${gains.filter((g) => g < -1e-12).length}  (n ${gains.length})`);
  }
} finally {
  await server.close();
}
