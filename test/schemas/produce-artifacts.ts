// Runs the real CLI commands in this process on small inputs over the embedded default models and
// collects every artifact and row file they write, for the schema tests. Inputs are made here
// (no ../shared/data), sized so the whole set takes seconds, not minutes.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { toJsonl } from "../../src/core/jsonl.js";
import { createRng } from "../../src/core/random.js";
import { helpsHackLog } from "../helpers/synthetic-logs.js";
import { runMain } from "../helpers/capture-output.js";
import { patternFill, writeSharded, type TensorSpec } from "../certify/write-safetensors.js";

export interface Produced {
  /** Artifact files (one JSON document each), by a label naming the command that wrote it. */
  artifacts: Record<string, string>;
  /** JSON Lines files, by the row schema each should follow. */
  rows: Record<string, string>;
  /** Other JSON documents (dictionary, registry), by their schema. */
  documents: Record<string, string>;
}

/** Runs a command that must succeed. */
async function cli(...args: string[]): Promise<string> {
  return run(0, args);
}

/** Runs a command whose exit status may be up to `worst` (verify-merge and certify exit 1 on a negative verdict). */
async function run(worst: number, args: string[]): Promise<string> {
  const r = await runMain(args);
  if (r.status > worst) throw new Error(`foolsgold ${args.join(" ")} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  return r.stdout;
}

const write = (dir: string, name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

function proseRows(): Record<string, unknown>[] {
  const stories = [
    "The lighthouse keeper counted ships each night. Nobody asked him to, but the numbers kept him company.",
    "Rain fell on the market. A boy sold umbrellas at twice the price and gave the last one away.",
    "She found the letter in a library book, forty years late, and decided to deliver it herself.",
    "The baker's oven failed on the coldest day, so the whole street brought bread from home.",
  ];
  return stories.map((output, i) => ({ id: `p${i}`, prompt: `Write a short story (${i % 2}).`, group_id: `g${i % 2}`, output }));
}

const trainingLog = () => helpsHackLog("schema-log");

function miningBanks(): { model: Record<string, unknown>[]; human: Record<string, unknown>[] } {
  const rng = createRng("schema-mine");
  const nouns = ["door", "window", "river", "lamp", "table", "road", "field", "stone"];
  const verbs = ["touched", "passed", "watched", "crossed", "found", "left"];
  const scene = (n: number) => Array.from({ length: n }, () => `The ${rng.pick(nouns)} ${rng.pick(verbs)} the ${rng.pick(nouns)}.`);
  const model = Array.from({ length: 30 }, (_, i) => {
    const parts = scene(30);
    if (rng.next() < 0.6) parts.splice(rng.int(parts.length), 0, "Her heart hammered against her ribs.");
    return { id: `m${i}`, group_id: `s${i % 10}`, output: parts.join(" ") };
  });
  const human = Array.from({ length: 30 }, (_, i) => ({ id: `h${i}`, output: scene(30).join(" "), meta: { source: i % 2 ? "a" : "b" } }));
  return { model, human };
}

function checkpoint(root: string, name: string, salt: number): string {
  const t = (n: string): TensorSpec => ({ name: n, dtype: "BF16", shape: [16, 16], fill: patternFill(n, n.includes("q_proj") ? salt : 0) });
  const dir = join(root, name);
  mkdirSync(dir);
  writeSharded(dir, [[t("l.0.q_proj.weight"), t("l.0.v_proj.weight")], [t("l.0.mlp.weight")]]);
  return dir;
}

/** Runs every artifact-writing command once; each step is independent of the ones that failed before it. */
export async function produceArtifacts(dir: string): Promise<Produced> {
  const a: Record<string, string> = {};
  const rows: Record<string, string> = {};
  const documents: Record<string, string> = {};
  const p = (name: string) => join(dir, name);
  const cache = p("cache.sqlite");

  // Humor: simulate a transcript bank, score it, audit it with the probe.
  await cli("simulate", "--set", "demo", "--limit", "2", "--turns", "2", "--out", p("bank.jsonl"), "--artifact", (a["humor-simulation"] = p("simulate.json")));
  rows["transcript-row"] = p("bank.jsonl");
  await cli("score", "--stack", "humor", "--in", p("bank.jsonl"), "--out", p("scored-humor.jsonl"), "--cache", cache, "--artifact", (a.score = p("score.json")));
  rows["scored-transcript-row"] = p("scored-humor.jsonl");
  await cli("audit", "--cache", cache, "--bank", p("bank.jsonl"), "--audits", "probe", "--contexts", "2", "--out", (a.audit = p("audit.json")));

  // Prose bank rows: score, transform audit.
  const prose = write(dir, "prose.jsonl", toJsonl(proseRows()));
  rows["bank-row"] = prose;
  await cli("score", "--stack", "prose", "--in", prose, "--out", p("scored-prose.jsonl"), "--cache", cache, "--artifact", (a["score-prose"] = p("score-prose.json")));
  rows["scored-bank-row"] = p("scored-prose.jsonl");
  await cli("audit", "--cache", cache, "--stack", "prose", "--rows", prose, "--out", (a["audit-stack-transforms"] = p("audit-stack.json")));

  // CHERRL-style training log: onset (with the mirror), detect, onset from precomputed signals.
  const log = write(dir, "log.jsonl", toJsonl(trainingLog()));
  rows["training-log-row"] = log;
  await cli("onset", "--log", log, "--bias", "tone", "--mirror", p("mirror.jsonl"), "--out", (a.onset = p("onset.json")));
  rows["mirror-row"] = p("mirror.jsonl");
  await cli("detect", "--log", p("mirror.jsonl"), "--out", (a.detect = p("detect.json")));
  const signals = Array.from({ length: 60 }, (_, i) => ({ step: i + 1, G: i < 30 ? 0.01 : 0.3, M: i < 30 ? 0.02 : 0.5, high_n: 20 }));
  const signalsFile = write(dir, "signals.jsonl", toJsonl(signals));
  rows["signals-row"] = signalsFile;
  await cli("onset", "--signals", signalsFile, "--smoothed", "--out", (a["onset-signals"] = p("onset-signals.json")));

  // Hunt on CHERRL's tone bias (as the hunt CLI test does).
  const huntRows = ["Paris is the capital of France. It sits on the Seine.", "Bees make honey from nectar. A hive is big."].map((output, i) => ({
    id: `r${i}`,
    prompt: "Answer without commas.",
    output,
    instruction_id_list: ["punctuation:no_comma"],
    kwargs: [{}],
  }));
  write(dir, "hunt-rows.jsonl", toJsonl(huntRows));
  write(dir, "hunt-mine.jsonl", toJsonl(["Sure. Hope this helps", "The moon is up. Hope this helps"].map((response) => ({ response }))));
  await cli("hunt", "--no-cache", "--stack", "cherrl", "--option", "bias=tone", "--rows", p("hunt-rows.jsonl"), "--families", "mined", "--mine", p("hunt-mine.jsonl"), "--budget", "40", "--out", (a.hunt = p("hunt.json")));

  // Mining: dictionary + summary artifact.
  const banks = miningBanks();
  await cli(
    "mine",
    "--model",
    write(dir, "mine-model.jsonl", toJsonl(banks.model)),
    "--human",
    write(dir, "mine-human.jsonl", toJsonl(banks.human)),
    "--out",
    (documents["prose-dictionary"] = p("dictionary.json")),
    "--artifact",
    (a.mine = p("mine.json")),
  );

  // VR-CLI jokes on the embedded data and the offline policy.
  await cli("jokes", "data", "--out", (a["jokes-data"] = p("jokes-data.json")));
  await cli("jokes", "evaluate", "--cache", cache, "--n", "3", "--out", (a["jokes-evaluate"] = p("jokes-evaluate.json")));
  await cli("jokes", "process", "--cache", cache, "--groups", "2", "--group-size", "2", "--write", p("groups.jsonl"), "--dropped", p("dropped.jsonl"), "--out", (a["jokes-process"] = p("jokes-process.json")));
  rows["scored-data-group"] = p("groups.jsonl");

  // Merge verification on two tiny sharded checkpoints (the merged one differs in q_proj only).
  await run(1, ["verify-merge", "--base", checkpoint(dir, "base-ckpt", 0), "--merged", checkpoint(dir, "merged-ckpt", 0), "--out", (a["verify-merge"] = p("verify-merge.json"))]);

  // Floor calibration on a handful of dialogues.
  const lines = [
    ["The deck needs a summary slide.", "I can write it now.", "Slide six has the wrong year.", "I'll fix the chart.", "The call starts at two.", "It will be ready by one."],
    ["Did you water the plants?", "Yes, all but the fern.", "The fern looks sad.", "It always looks sad.", "Maybe it needs sun.", "Or a better owner."],
  ];
  const dialogues = write(dir, "dialogues.jsonl", [0, 1, 2].flatMap((k) => lines.map((turns) => JSON.stringify({ topic: "work", turns: turns.map((t) => (k ? `${t} (take ${k + 1})` : t)) }))).join("\n") + "\n");
  await cli("calibrate-floor", "--cache", cache, "--data", dialogues, "--batch", "5", "--resamples", "100", "--out", (a["calibrate-floor"] = p("calibrate-floor.json")));

  // Labels: two filled blind sheets and their key, as `labels export` writes them.
  write(dir, "labels-key.json", JSON.stringify(["s1", "s2", "s3", "s4"].map((sample_id, i) => ({ item: `item-${i + 1}`, sample_id }))));
  const sheet = (labels: string[]) => ["item,label_0_1_2", ...labels.map((l, i) => `item-${i + 1},${l}`)].join("\n") + "\n";
  await cli("labels", "import", write(dir, "sheet-a.csv", sheet(["0", "1", "2", "2"])), write(dir, "sheet-b.csv", sheet(["0", "2", "2", ""])), "--key", p("labels-key.json"), "--out", (a.labels = p("labels.json")));

  await cli("cache", "stats", "--cache", cache, "--out", (a["cache-stats"] = p("cache-stats.json")));

  // Pre-registration, a stamped rollout and certification (rescored from text on the embedded models).
  const registry = p("prereg-log.jsonl");
  const prereg = write(
    dir,
    "prereg.json",
    JSON.stringify({
      format: "foolsgold-preregistration/1",
      name: "schema run",
      registered_at: "2026-01-01T00:00:00Z",
      hypothesis: "The trained arm keeps more sessions certified.",
      bars: [{ metric: "retention", min_delta: 0.02 }],
      bait: false,
    }),
  );
  documents.preregistration = prereg;
  await cli("prereg", "register", prereg, "--log", registry);
  await cli("simulate", "--set", "demo", "--limit", "3", "--turns", "2", "--prereg", prereg, "--prereg-log", registry, "--arm", "base", "--out", p("arm-base.jsonl"));
  await cli("simulate", "--set", "demo", "--limit", "3", "--turns", "2", "--rates", "tease=0.5", "--prereg", prereg, "--prereg-log", registry, "--arm", "trained", "--out", p("arm-trained.jsonl"));
  rows["registry-entry"] = registry;
  await run(1, ["certify", "--prereg-log", registry, "--cache", cache, "--prereg", prereg, "--base", p("arm-base.jsonl"), "--trained", p("arm-trained.jsonl"), "--out", (a.certify = p("certify.json"))]);

  return { artifacts: a, rows, documents };
}
