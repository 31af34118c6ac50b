// `foolsgold jokes`: the punchline VR-CLI environment (SPEC §8, seed 001).
//   jokes data      [--data FILE]                       filter counts and the held-out split
//   jokes evaluate  [--data FILE] [--n 64] [--signal-check]   greedy policy on held-out jokes, mean reward + CI
//   jokes process   --write GROUPS.jsonl [--groups 16] [--group-size 8]   scored groups for a trainer
// Models by role: "policy" (any OpenAI-compatible chat endpoint) and "reference" (the fixed LM that
// scores punchline log-probs); without --config both run on the built-in embedded models.
import { createWriteStream, writeFileSync } from "node:fs";
import type { Command } from "commander";
import { makeArtifact } from "../../core/artifact.js";
import { InputError } from "../../core/errors.js";
import { loadJokeDataset, DEFAULT_EVAL_FRACTION, type JokeDataset } from "../../envs/jokes/dataset.js";
import { evaluateJokes, DEFAULT_EVAL_JOKES, type EvaluateResult } from "../../envs/jokes/evaluate.js";
import { processJokes, DEFAULT_GROUP_SIZE, type ProcessResult } from "../../envs/jokes/process.js";
import { POLICY_PROMPT_HASH } from "../../envs/jokes/prompt.js";
import type { DroppedGroup, ScoredDataGroup } from "../../envs/jokes/scored-group.js";
import { createRetrievalPolicy, RETRIEVAL_POLICY_NAME, type JokePolicyClient } from "../../envs/jokes/retrieval-policy.js";
import { probeTrainerTokenizer } from "../../envs/jokes/tokenize.js";
import { VRCLI_TEMPLATE } from "../../terms/vrcli/template.js";
import { addCommonOptions, openModels, type CommonOptions } from "../common-options.js";
import { emit } from "../output.js";
import { intFlag, numberFlag, optionalNumberFlag } from "../flags.js";

interface DataOptions {
  data?: string;
  minScore?: string;
  evalFraction: string;
}

function addDataOptions(command: Command): Command {
  return command
    .option("--data <file>", "jokes as JSONL/JSON/CSV with setup and punchline (default: Q/A jokes from the installed one-liner-joke package, plus Debian fortunes if installed)")
    .option("--min-score <n>", "minimum score (upvotes) where a record has one; the seed used 75")
    .option("--eval-fraction <f>", "share of setups held out for evaluation, by setup hash", String(DEFAULT_EVAL_FRACTION));
}

type PolicyKind = "retrieval" | "model";

/** Without --config the policy is the offline retrieval reasoner (the embedded LM cannot write <think>); with one, the "policy" model. */
function policyKind(options: CommonOptions & { policy?: string }): PolicyKind {
  const kind = options.policy ?? (options.config ? "model" : "retrieval");
  if (kind !== "retrieval" && kind !== "model") throw new InputError("--policy", `must be "retrieval" or "model", got "${kind}"`);
  return kind;
}

function addPolicyOption(command: Command): Command {
  return command.option("--policy <kind>", `"model": the policy role's chat model; "retrieval": ${RETRIEVAL_POLICY_NAME}, an offline reasoner over the training split (default without --config)`);
}

function dataset(options: DataOptions): JokeDataset {
  const d = loadJokeDataset({
    data: options.data,
    minScore: optionalNumberFlag("--min-score", options.minScore),
    evalFraction: optionalNumberFlag("--eval-fraction", options.evalFraction, { above: 0, below: 1 }),
  });
  if (d.counts.input === 0) throw new InputError(options.data ? `--data ${options.data}` : "default joke set", "holds no joke records (empty file?)");
  return d;
}

function dataSummary(d: JokeDataset): string {
  const c = d.counts;
  const lines = [
    `jokes: ${c.kept} of ${c.input} records kept (${d.train.length} train, ${d.eval.length} held out at ${d.evalFraction}); sources: ${d.sources.map((s) => s.name).join(", ")}`,
    ...Object.entries(c.removedFirstBy).map(([rule, n]) => `  removed by ${rule}: ${n} (rejects ${c.rejectedBy[rule]} on its own)`),
    `  duplicates removed: ${c.duplicates}`,
  ];
  return lines.join("\n");
}

function dataParams(d: JokeDataset) {
  return { sources: d.sources, counts: d.counts, train: d.train.length, held_out: d.eval.length, eval_fraction: d.evalFraction };
}

const fmt = (x: number, digits = 3) => (Number.isFinite(x) ? x.toFixed(digits) : "n/a");
const ci = (c: [number, number] | null, digits = 3) => (c ? `[${fmt(c[0], digits)}, ${fmt(c[1], digits)}]` : "n/a");

function evaluateSummary(r: EvaluateResult, policy: string, models: Record<string, { baseUrl: string; model: string }>): string {
  const formatFailure =
    r.broken.n > 0 && r.broken.k * 2 > r.broken.n
      ? [
          `FORMAT FAILURE: ${r.broken.k} of ${r.broken.n} completions have no usable <think> reasoning (${JSON.stringify(r.reasoning_problems)}); they score −1 by definition, so the mean below measures the format, not the reasoning. Use a policy that writes <think>…</think> (--policy retrieval offline), or --implicit-open / --whole-reply if its template opens the block.`,
        ]
      : [];
  const lines = [
    ...formatFailure,
    `VR-CLI evaluate: mean reward ${fmt(r.mean)} (95% t CI ${ci(r.ci)}, n = ${r.n} held-out jokes, greedy; reward in [0, 1], −1 = broken reasoning)`,
    `  broken reasoning: ${r.broken.k} of ${r.broken.n} (${fmt(100 * r.broken.share, 1)}%, Wilson CI ${ci(r.broken.ci && [100 * r.broken.ci[0], 100 * r.broken.ci[1]], 1)}%) ${JSON.stringify(r.reasoning_problems)}`,
    `  errors (no reward): ${r.errors}${r.available < r.requested ? `; only ${r.available} held-out jokes available of ${r.requested} requested` : ""}`,
    `  reward distribution: sd ${fmt(r.sd)}, ${r.at_floor} at 0, ${r.broken.k} at −1, max ${fmt(r.max)}`,
    `  policy ${policy}; reference ${models.reference.model} @ ${models.reference.baseUrl}`,
  ];
  if (r.signal) {
    const s = r.signal;
    lines.push(
      `  signal check (n = ${s.n} jokes, paired): content-word reasoning ${fmt(s.related.mean)} vs unrelated ${fmt(s.unrelated.mean)}; difference ${fmt(s.difference.mean)} (95% t CI ${ci(s.difference.ci)}); wins/ties/losses ${s.wins}/${s.ties}/${s.losses}`,
    );
  }
  return lines.join("\n");
}

function processSummary(r: ProcessResult, path: string): string {
  const lines = [
    `VR-CLI process: ${r.written} of ${r.requested} groups written to ${path}; ${r.dropped.length} dropped ${JSON.stringify(r.drop_reasons)}`,
    `  scores: mean ${fmt(r.scores.mean)} (95% t CI ${ci(r.scores.ci)}, n = ${r.scores.n} samples); broken reasoning ${r.broken.k} of ${r.broken.n}`,
    `  HTTP requests per group: policy ${fmt(r.http_per_group.policy, 1)}, reference ${fmt(r.http_per_group.reference, 1)}; tokens/masks: ${r.tokens ? "yes" : "no"}`,
  ];
  for (const d of r.dropped.slice(0, 5)) lines.push(`  dropped ${d.group_id}: ${d.reason}: ${d.message}`);
  if (r.dropped.length > 5) lines.push(`  … ${r.dropped.length - 5} more dropped groups in the artifact`);
  return lines.join("\n");
}

function progress(json: boolean | undefined): ((done: number, total: number) => void) | undefined {
  if (json || !process.stderr.isTTY) return undefined;
  return (done, total) => process.stderr.write(`\r${done}/${total}${done === total ? "\n" : ""}`);
}

export function register(program: Command): void {
  const jokes = program.command("jokes").description("Punchline VR-CLI: joke data, evaluation and scored groups (SPEC §8)");

  addDataOptions(jokes.command("data").description("load, filter and split the jokes; print counts per filter rule"))
    .option("--out <file>", "write the JSON artifact to this file")
    .option("--json", "print the artifact as JSON")
    .action((options: DataOptions & CommonOptions) => {
      const d = dataset(options);
      emit(makeArtifact("jokes-data", { data: options.data ?? "default" }, dataParams(d)), options, () => dataSummary(d));
    });

  addPolicyOption(addCommonOptions(addDataOptions(jokes.command("evaluate").description("greedy policy on held-out jokes: mean VR-CLI reward with a 95% CI"))))
    .option("--n <count>", "held-out jokes to evaluate", String(DEFAULT_EVAL_JOKES))
    .option("--seed <seed>", "seed for choosing the jokes", "jokes-evaluate")
    .option("--max-tokens <n>", "policy max_tokens", "512")
    .option("--implicit-open", "accept reasoning</think> without an opening <think> (templates that open it in the prompt)")
    .option("--whole-reply", "score a reply without think tags as all reasoning (policies that cannot emit tags, e.g. the embedded LM)")
    .option("--signal-check", "also score constructed reasoning (gold punchline's content words vs another joke's) on the same jokes, paired")
    .action(async (options: DataOptions & CommonOptions & { n: string; seed: string; maxTokens: string; implicitOpen?: boolean; wholeReply?: boolean; signalCheck?: boolean; policy?: string }) => {
      const n = intFlag("--n", options.n);
      const maxTokens = intFlag("--max-tokens", options.maxTokens);
      const kind = policyKind(options);
      const d = dataset(options);
      if (d.eval.length === 0) throw new InputError(options.data ?? "default joke set", "no held-out jokes survive the filters");
      const models = await openModels(options, kind === "model" ? ["policy", "reference"] : ["reference"]);
      try {
        const policy: JokePolicyClient = kind === "model" ? models.roles.policy : createRetrievalPolicy(d.train);
        const policyName = kind === "model" ? `${models.describe().policy.model} @ ${models.describe().policy.baseUrl}` : `${RETRIEVAL_POLICY_NAME} (offline, ${d.train.length} training jokes)`;
        const result = await evaluateJokes(policy, models.roles.reference, d.eval, {
          n,
          seed: options.seed,
          maxTokens,
          implicitOpen: options.implicitOpen,
          wholeReply: options.wholeReply,
          signalCheck: options.signalCheck,
          onProgress: progress(options.json),
        });
        const params = { ...dataParams(d), n, seed: options.seed, max_tokens: maxTokens, temperature: 0, policy: policyName, models: models.describe(), template: VRCLI_TEMPLATE, policy_prompt_hash: POLICY_PROMPT_HASH };
        emit(makeArtifact("jokes-evaluate", params, result), options, () => evaluateSummary(result, policyName, models.describe()));
      } finally {
        await models.close();
      }
    });

  addPolicyOption(addCommonOptions(addDataOptions(jokes.command("process").description("sample groups on training jokes, score them, write atropos-like scored groups (JSONL)"))))
    .requiredOption("--write <file>", "JSON Lines file for the usable scored groups")
    .option("--dropped <file>", "JSON Lines file for the dropped groups with their reasons")
    .option("--groups <count>", "groups to sample (one training joke each)", "16")
    .option("--group-size <n>", "samples per group", String(DEFAULT_GROUP_SIZE))
    .option("--temperature <t>", "policy sampling temperature", "1")
    .option("--max-tokens <n>", "policy max_tokens", "512")
    .option("--seed <seed>", "seed for joke order and the policy's sampler", "jokes-process")
    .option("--implicit-open", "accept reasoning</think> without an opening <think>")
    .option("--whole-reply", "score a reply without think tags as all reasoning (policies that cannot emit tags, e.g. the embedded LM)")
    .option("--keep-truncated", "keep groups with a sample that stopped at max_tokens (atropos drops them)")
    .option("--no-tokens", "do not ask the policy server's /tokenize for tokens and masks")
    .action(
      async (
        options: DataOptions &
          CommonOptions & {
            write: string;
            dropped?: string;
            groups: string;
            groupSize: string;
            temperature: string;
            maxTokens: string;
            seed: string;
            implicitOpen?: boolean;
            wholeReply?: boolean;
            keepTruncated?: boolean;
            tokens: boolean;
            policy?: string;
          },
      ) => {
        const kind = policyKind(options);
        const groups = intFlag("--groups", options.groups);
        const groupSize = intFlag("--group-size", options.groupSize, { min: 2 });
        const temperature = numberFlag("--temperature", options.temperature, { atLeast: 0 });
        const maxTokens = intFlag("--max-tokens", options.maxTokens);
        const d = dataset(options);
        if (d.train.length === 0) throw new InputError(options.data ?? "default joke set", "no training jokes survive the filters");
        const models = await openModels(options, kind === "model" ? ["policy", "reference"] : ["reference"]);
        const onProgress = progress(options.json);
        const out = createWriteStream(options.write);
        try {
          const policy: JokePolicyClient = kind === "model" ? models.roles.policy : createRetrievalPolicy(d.train);
          // The offline reasoner has no tokenizer of its own: its text is tokenized by the reference LM's.
          const tokenizerModel = kind === "model" ? models.roles.policy : models.roles.reference;
          const probe = options.tokens ? await probeTrainerTokenizer(tokenizerModel.spec.baseUrl, tokenizerModel.spec.model) : { unavailable: "--no-tokens" };
          const write = (g: ScoredDataGroup) => new Promise<void>((resolve, reject) => out.write(JSON.stringify(g) + "\n", (err) => (err ? reject(err) : resolve())));
          const result = await processJokes(
            policy,
            models.roles.reference,
            d.train,
            {
              groups,
              groupSize,
              temperature,
              maxTokens,
              seed: options.seed,
              implicitOpen: options.implicitOpen,
              wholeReply: options.wholeReply,
              keepTruncated: options.keepTruncated,
              tokenizer: "tokenizer" in probe ? probe.tokenizer : undefined,
              onGroup: onProgress && ((_group: ScoredDataGroup | DroppedGroup, done: number, total: number) => onProgress(done, total)),
            },
            write,
          );
          if (options.dropped) writeFileSync(options.dropped, result.dropped.map((g) => JSON.stringify(g) + "\n").join(""));
          const params = {
            ...dataParams(d),
            groups,
            group_size: groupSize,
            temperature,
            max_tokens: maxTokens,
            seed: options.seed,
            write: options.write,
            tokens: "tokenizer" in probe ? `from ${tokenizerModel.spec.model}'s /tokenize` : `unavailable: ${probe.unavailable}`,
            policy: kind === "model" ? models.describe().policy : RETRIEVAL_POLICY_NAME,
            models: models.describe(),
            template: VRCLI_TEMPLATE,
            policy_prompt_hash: POLICY_PROMPT_HASH,
          };
          emit(makeArtifact("jokes-process", params, result), options, () => processSummary(result, options.write));
        } finally {
          await new Promise<void>((resolve) => out.end(() => resolve()));
          await models.close();
        }
      },
    );
}
