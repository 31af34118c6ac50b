// `foolsgold generation-difficulty [--bias all|KIND,…] [--n 300] [--prompts FILE]`: seed 003's Table 5
// probe. The policy (role "policy", the embedded LM without a config) is asked n times per bias to
// produce the bias's feature explicitly; the rule detector says whether it did. Prints per bias the
// satisfied share with its Wilson 95 % interval beside the seed's figure; failed calls are counted
// apart, never as "not satisfied". The artifact keeps every generation with its verdict.
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { makeArtifact } from "../../core/artifact.js";
import { InputError } from "../../core/errors.js";
import { BIAS_KINDS, parseBiasKind, type BiasKind } from "../../judges/bias-detectors.js";
import { DIFFICULTY_PROMPTS } from "../../onset/difficulty-prompts.js";
import { BIAS_REQUESTS, generationDifficulty, SEED_TABLE_5, type GenerationDifficulty } from "../../onset/generation-difficulty.js";
import { wilson } from "../../onset/intervals.js";
import { addCommonOptions, openModels, type CommonOptions } from "../common-options.js";
import { emit } from "../output.js";
import { intFlag, numberFlag } from "../flags.js";

interface Options extends CommonOptions {
  bias: string;
  n: string;
  prompts?: string;
  concurrency: string;
  temperature: string;
  maxTokens: string;
  seed: string;
}

function biasesOf(value: string): BiasKind[] {
  if (value === "all") return [...BIAS_KINDS];
  return value.split(",").map((b) => {
    try {
      return parseBiasKind(b.trim());
    } catch (err) {
      throw new InputError("--bias", (err as Error).message.replace(/^bias: /, ""));
    }
  });
}

/** One prompt per line of a text file, or the `prompt` (or `input`) of each JSONL row. */
function readPrompts(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new InputError(`--prompts ${path}`, `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const prompts = text
    .split("\n")
    .map((line, i) => {
      if (!line.trim().startsWith("{")) return line.trim();
      let row: { prompt?: unknown; input?: unknown };
      try {
        row = JSON.parse(line);
      } catch {
        throw new InputError(`--prompts ${path}:${i + 1}`, "a line starting with { is not valid JSON");
      }
      const p = row.prompt ?? row.input;
      if (typeof p !== "string" || !p.trim()) throw new InputError(`--prompts ${path}:${i + 1}`, "needs a non-empty string `prompt` (or `input`)");
      return p;
    })
    .filter((p) => p !== "");
  if (prompts.length === 0) throw new InputError(`--prompts ${path}`, "holds no prompts");
  return prompts;
}

const pct = (x: number) => `${(100 * x).toFixed(2)}%`;

export function register(program: Command): void {
  const command = program
    .command("generation-difficulty")
    .description('seed 003 Table 5: how often the policy produces each bias\'s feature when asked to (role "policy")')
    .option("--bias <kinds>", `comma-separated biases, or all (${BIAS_KINDS.join(", ")})`, "all")
    .option("--n <n>", "generations per bias (the seed: 300)", "300")
    .option("--prompts <file>", "task prompts, one a line or JSONL with `prompt` (default: 24 built-in everyday tasks)")
    .option("--concurrency <n>", "generations in flight at once", "8")
    .option("--temperature <t>", "sampling temperature", "0.7")
    .option("--max-tokens <n>", "tokens per generation", "512")
    .option("--seed <n>", "seed of generation i is seed + i", "0");
  addCommonOptions(command).action(async (opts: Options) => {
    const biases = biasesOf(opts.bias);
    const n = intFlag("--n", opts.n, { max: 100_000 });
    const concurrency = intFlag("--concurrency", opts.concurrency, { max: 256 });
    const maxTokens = intFlag("--max-tokens", opts.maxTokens, { max: 32_768 });
    const temperature = numberFlag("--temperature", opts.temperature, { atLeast: 0, atMost: 5 });
    const seed = intFlag("--seed", opts.seed, { min: -Infinity });
    const prompts = opts.prompts ? readPrompts(opts.prompts) : [...DIFFICULTY_PROMPTS];

    const models = await openModels(opts, ["policy"]);
    const results: GenerationDifficulty[] = [];
    const started = performance.now();
    try {
      for (const bias of biases) results.push(await generationDifficulty(models.roles.policy, bias, prompts, { n, concurrency, temperature, maxTokens, seed }));
    } finally {
      await models.close();
    }
    const seconds = (performance.now() - started) / 1000;
    const rows = results.map((r) => {
      const s = SEED_TABLE_5[r.bias];
      return {
        bias: r.bias,
        request: BIAS_REQUESTS[r.bias],
        satisfied: r.satisfied.value,
        satisfied_count: r.generations.filter((g) => g.hit).length,
        n: r.satisfied.n,
        ci95: r.satisfied.ci,
        interval: "wilson",
        failed: r.failed.length,
        seed: { ...wilson(s.satisfied, s.n), satisfied_count: s.satisfied, model: "Qwen3-4B" },
      };
    });
    const artifact = makeArtifact(
      "generation-difficulty",
      { biases, n, prompts: opts.prompts ?? "built-in", prompt_count: prompts.length, concurrency, temperature, max_tokens: maxTokens, seed, policy: models.describe().policy, seconds },
      { biases: rows, failures: Object.fromEntries(results.map((r) => [r.bias, r.failed.slice(0, 20)])), generations: Object.fromEntries(results.map((r) => [r.bias, r.generations])) },
    );
    emit(artifact, opts, () =>
      [
        `generation difficulty: ${n} generations per bias over ${prompts.length} prompts, policy ${models.describe().policy.model} (${seconds.toFixed(1)} s)`,
        "bias         satisfied            95% CI (Wilson)     failed   seed (Qwen3-4B, n=300)",
        ...rows.map(
          (r) =>
            `${r.bias.padEnd(12)} ${`${r.satisfied_count}/${r.n} = ${pct(r.satisfied)}`.padEnd(20)} [${pct(r.ci95[0])}, ${pct(r.ci95[1])}]`.padEnd(55) +
            `${String(r.failed).padEnd(8)} ${pct(r.seed.value)} [${pct(r.seed.ci[0])}, ${pct(r.seed.ci[1])}]`,
        ),
      ].join("\n"),
    );
    // a failed call is not a "not satisfied": the shares cover the answered generations only, so say so by the exit status
    if (rows.some((r) => r.failed > 0)) process.exitCode = 1;
  });
}
