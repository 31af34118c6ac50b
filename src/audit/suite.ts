// One audit run (SPEC §5, §12 `audit`): the configured audits over one bank, on one set of models, into
// one self-contained report. The library half of the `audit` command and of the demo's audit phase.
import { z } from "zod";
import { InputError } from "../core/errors.js";
import type { TranscriptRow } from "../core/types.js";
import type { ModelClient } from "../models/spec.js";
import { createHumorScorer } from "../stacks/humor.js";
import { tasteOptions } from "../terms/humor/audience-taste.js";
import { PRESETS } from "../terms/humor/training-reward.js";
import { runBaitFuzzer, type FuzzResult } from "./bait-fuzzer.js";
import { runBaitProbe, type BaitProbeResult } from "./bait-probe.js";
import { contaminationContexts, runContaminationProbe, type ContaminationResult } from "./contamination.js";
import { contextsFromTranscripts } from "./contexts.js";
import { generateCandidates } from "./fuzz-candidates.js";
import { decomposeAdvantageVariance, decomposeByStep, type VarianceDecomposition } from "./advantage-variance.js";
import { fluencyTerm, surpriseTerm, type GateItem } from "./audited-terms.js";
import { groupCenteredRegression, type GroupRegressionResult } from "./group-regression.js";
import { createLaughterMeter } from "./laughter-meter.js";
import { groupOf, humorRewardComponents, requireGroups, stepOf, termValue, type LogRow } from "./log-rows.js";
import { runNoiseProbe, type NoiseResult } from "./noise.js";
import { HUMOR_FEATURES, humorFeatures } from "./observable-features.js";
import { parsePath, pathContext, type ScoringPath } from "./paths.js";
import { DEFAULT_SUFFIXES, type BaitSuffix } from "./suffixes.js";
import { runTransformAudit, type TransformAuditResult } from "./transform-audit.js";
import { TRANSFORMS } from "./transforms.js";
import { scoreLabels, type LabelledPair } from "./labels.js";
import { scanUncovered, type UncoveredScan } from "./uncovered-scan.js";
import { itemOf } from "./replies.js";
import { DEFAULT_TRAINING_THRESHOLDS, trainingGuards, type TrainingGuardReport } from "./training-guards.js";
import { validateCandidate, type CandidateVerdict } from "./candidate-validation.js";

const guardThresholdsPatch = z
  .object({
    trigram_diversity_drift: z.number().min(0),
    strict_laughter_rise_pp: z.number(),
    audience_address_rise_pp: z.number(),
    screen_fail_rise_pp: z.number(),
    zero_cert_rise: z.number(),
    mean_reply_chars_change: z.number().min(0),
    completed_sessions_drop: z.number().min(0),
  })
  .partial()
  .strict();

/** Candidates the validation can score from a reply's text (not from a log's score terms). */
export const TEXT_CANDIDATES = ["surprise_gate", "fluency"] as const;

export const AUDITS = ["probe", "fuzz", "transforms", "noise", "contamination", "regression", "variance", "guards", "validation", "uncovered"] as const;
export type AuditName = (typeof AUDITS)[number];

export const auditConfig = z
  .object({
    audits: z.array(z.enum(AUDITS)).min(1).default(["probe", "fuzz", "transforms", "noise", "contamination"]),
    /** Probe contexts (policy turns) drawn from the bank. */
    contexts: z.number().int().min(2).default(100),
    paths: z.array(z.string()).min(2).default(["raw", "v2"]),
    taste: tasteOptions.prefault({}),
    fuzz: z.object({ vocabs: z.array(z.string()).min(1).default(["v2", "v3"]), contexts: z.number().int().min(2).default(4), screen_min: z.number().default(0.5) }).prefault({}),
    transforms: z
      .object({
        terms: z
          .array(z.enum(["surprise_gate", "fluency"]))
          .min(1)
          .default(["surprise_gate", "fluency"]),
        kinds: z.array(z.enum(TRANSFORMS)).min(1).default(["word-shuffle"]),
        replies: z.number().int().min(2).default(50),
        seed: z.number().int().default(0),
      })
      .prefault({}),
    noise: z
      .object({
        contexts: z.number().int().min(2).default(20),
        sequential: z.number().int().min(2).default(5),
        concurrent: z.number().int().min(0).default(3),
        /** Requests in flight on a concurrent pass (default: the whole pass at once). */
        in_flight: z.number().int().min(1).optional(),
      })
      .prefault({}),
    contamination: z.object({ contexts: z.number().int().min(2).default(200), paths: z.array(z.string()).min(1).default(["v1", "v2"]) }).prefault({}),
    /** Training-time guards: thresholds at both levels (any omitted one keeps its default), sessions' expected policy turns. */
    training_guards: z
      .object({
        inspect: guardThresholdsPatch.optional(),
        stop: guardThresholdsPatch.optional(),
        expected_turns: z.number().int().min(1).default(10),
        /** A baseline bank (JSONL) to compare every step with, instead of the first step. */
        baseline: z.string().min(1).optional(),
      })
      .strict()
      .prefault({}),
    /** The uncovered-token scan: the scoring path whose strip is checked (default v2, i.e. v2-seed). */
    uncovered: z
      .object({ path: z.string().default("v2") })
      .strict()
      .prefault({}),
    /** Candidate validation thresholds (any omitted one keeps its default). */
    validation: z
      .object({ min_agreement: z.number().min(0).max(1), min_within_share: z.number().min(0).max(1), min_transform_auc: z.number().min(0).max(1) })
      .partial()
      .strict()
      .optional(),
    /** Session-level term regressed on observable features (a key of score.terms). */
    term: z.string().default("taste"),
    preset: z.enum(["RL-C", "RL-D", "RL-E"]).default("RL-D"),
    policy_speaker: z.string().default("policy"),
  })
  .strict();
export type AuditConfig = z.output<typeof auditConfig>;
export type AuditConfigInput = z.input<typeof auditConfig>;

export interface AuditInputs {
  /** Transcripts the probes draw contexts from. */
  bank: TranscriptRow[];
  /** Real replies for the transform audit (DailyDialog or the bank's own policy turns). */
  replies?: GateItem[];
  replySource?: string;
  /** A GRPO rollout log (grouped, optionally stepped and scored). */
  log?: LogRow[];
  suffixes?: readonly BaitSuffix[];
  /** The training guards' reference bank (the plan's training_guards.baseline, loaded). */
  baseline?: TranscriptRow[];
  /** Banks and training dumps the uncovered-token scan reads (default: the bank). */
  scan?: { name: string; rows: TranscriptRow[] }[];
  /** Adjudicator labels for the validation of a candidate scored from text. */
  labels?: LabelledPair[];
}

export interface AuditReport {
  config: AuditConfig;
  probe?: BaitProbeResult;
  fuzz?: FuzzResult[];
  transforms?: (TransformAuditResult & { source: string })[];
  noise?: NoiseResult;
  uncovered?: UncoveredScan;
  contamination?: ContaminationResult;
  regression?: GroupRegressionResult & { term: string };
  variance?: { overall: VarianceDecomposition; by_step: ReturnType<typeof decomposeByStep> };
  guards?: TrainingGuardReport;
  validation?: CandidateVerdict[];
  seconds: Record<string, number>;
}

export interface AuditModels {
  audience: ModelClient;
  embedder?: ModelClient;
  /** Generator for the surprise gate and LM for fluency (defaults to the audience model). */
  generator?: ModelClient;
}

export type AuditProgress = (audit: AuditName, done: number, total: number) => void;

async function scoredLog(log: LogRow[], models: AuditModels, config: AuditConfig): Promise<LogRow[]> {
  if (log.every((r) => r.score && r.score.value !== null)) return log;
  if (!models.embedder) throw new InputError("models", "scoring the log needs an embedder");
  const scorer = createHumorScorer({ preset: config.preset, policy_speaker: config.policy_speaker }, { audience: models.audience, embedder: models.embedder });
  const scores = await scorer.scoreRows(log);
  return log.map((r, i) => ({ ...r, score: r.score && r.score.value !== null ? r.score : scores[i] }));
}

export async function runAuditSuite(input: AuditConfigInput, inputs: AuditInputs, models: AuditModels, onProgress?: AuditProgress): Promise<AuditReport> {
  const config = auditConfig.parse(input);
  const wanted = new Set(config.audits);
  const report: AuditReport = { config, seconds: {} };
  const paths: ScoringPath[] = config.paths.map(parsePath);
  const meter = createLaughterMeter(models.audience, config.taste);
  const timed = async <T>(name: AuditName, run: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const out = await run();
    report.seconds[name] = (report.seconds[name] ?? 0) + (performance.now() - t0) / 1000;
    return out;
  };
  const progress = (name: AuditName) => (d: number, t: number) => onProgress?.(name, d, t);
  const needsBank = ["probe", "fuzz", "noise", "contamination"].some((a) => wanted.has(a as AuditName));
  const contexts = needsBank ? contextsFromTranscripts(inputs.bank, config.contexts, config.policy_speaker) : [];
  if (wanted.has("probe")) {
    report.probe = await timed("probe", () =>
      runBaitProbe({ client: models.audience, contexts, suffixes: inputs.suffixes ?? DEFAULT_SUFFIXES, paths, taste: config.taste, policySpeaker: config.policy_speaker, meter, onProgress: progress("probe") }),
    );
  }
  if (wanted.has("fuzz")) {
    const candidates = generateCandidates();
    report.fuzz = [];
    for (const vocab of config.fuzz.vocabs) {
      const path = parsePath(vocab);
      if (path.mode === "none") throw new InputError("fuzz.vocabs", `"${vocab}" strips nothing: the fuzzer needs a normalizing path (v2, v3 or MODE:VOCAB)`);
      report.fuzz.push(
        await timed("fuzz", () =>
          runBaitFuzzer({
            client: models.audience,
            path,
            candidates,
            contexts: contexts.slice(0, config.fuzz.contexts),
            taste: config.taste,
            screenMin: config.fuzz.screen_min,
            policySpeaker: config.policy_speaker,
            meter,
            onProgress: progress("fuzz"),
          }),
        ),
      );
    }
  }
  if (wanted.has("transforms")) {
    const replies = inputs.replies;
    if (!replies || replies.length < 2) throw new InputError("replies", "the transform audit needs at least 2 real replies (a dialogue corpus or a bank with policy turns)");
    const items = replies.slice(0, config.transforms.replies);
    const generator = models.generator ?? models.audience;
    report.transforms = await timed("transforms", async () => {
      const out: (TransformAuditResult & { source: string })[] = [];
      let done = 0;
      const total = config.transforms.terms.length * config.transforms.kinds.length;
      for (const name of config.transforms.terms) {
        if (name === "surprise_gate" && !models.embedder) throw new InputError("models", "the surprise gate needs an embedder");
        const term = name === "fluency" ? fluencyTerm(generator) : surpriseTerm(generator, models.embedder!);
        for (const kind of config.transforms.kinds) {
          out.push({ ...(await runTransformAudit(term, items, kind, config.transforms.seed)), source: inputs.replySource ?? "replies" });
          onProgress?.("transforms", ++done, total);
        }
      }
      return out;
    });
  }
  if (wanted.has("noise")) {
    // The reference path's prompts: the noise is the server's, whatever normalization produced them.
    const prompts = contexts.slice(0, config.noise.contexts).map((c) => pathContext(paths[0], c.turns, c.index, config.policy_speaker));
    report.noise = await timed("noise", () =>
      runNoiseProbe({ client: models.audience, contexts: prompts, taste: config.taste, sequentialPasses: config.noise.sequential, concurrentPasses: config.noise.concurrent, inFlight: config.noise.in_flight, onProgress: progress("noise") }),
    );
  }
  if (wanted.has("uncovered")) {
    const path = parsePath(config.uncovered.path);
    if (path.mode === "none") throw new InputError("uncovered.path", `"${config.uncovered.path}" strips nothing; name the path whose vocabulary is checked (v2, v3, MODE:VOCAB)`);
    report.uncovered = await timed("uncovered", async () => scanUncovered(inputs.scan ?? [{ name: "bank", rows: inputs.bank }], path, { policySpeaker: config.policy_speaker }));
  }
  if (wanted.has("contamination")) {
    const all = contaminationContexts(inputs.bank, config.contamination.contexts, config.policy_speaker);
    report.contamination = await timed("contamination", () =>
      runContaminationProbe({ client: models.audience, contexts: all, paths: config.contamination.paths.map(parsePath), taste: config.taste, policySpeaker: config.policy_speaker, meter, onProgress: progress("contamination") }),
    );
  }
  // A candidate scored from the text (the surprise gate, its fluency screen) is validated on the
  // adjudicator's labels and, given a log, on the candidate's own values in the log's groups.
  const fromText = wanted.has("validation") && (TEXT_CANDIDATES as readonly string[]).includes(config.term);
  if (inputs.labels && wanted.has("validation") && !fromText) throw new InputError("--labels", `adjudicator labels validate a candidate scored from the reply text (${TEXT_CANDIDATES.join(", ")}); --term is "${config.term}"`);
  const groupAudits = ["regression", "variance", ...(fromText ? [] : ["validation"])].filter((a) => wanted.has(a as AuditName));
  const logAudits = [...groupAudits, ...(wanted.has("guards") ? ["guards"] : []), ...(fromText && !inputs.labels ? ["validation"] : [])];
  if (logAudits.length > 0 && (!inputs.log || inputs.log.length === 0)) throw new InputError("--log", `the ${logAudits.join(", ")} audit(s) need a GRPO rollout log (transcript rows with group_id, step)`);
  const transformEvidence = () => (report.transforms ?? []).filter((t) => t.term === config.term && t.auc).map((t) => ({ transform: t.transform, auc: t.auc!.auc, ci: t.auc!.ci, n: t.n }));
  if (groupAudits.length > 0) {
    requireGroups(inputs.log!);
    const log = await timed("regression", () => scoredLog(inputs.log!, models, config));
    const rows = log.flatMap((r, i) => {
      const y = termValue(r.score, config.term, `log row ${i + 1}`);
      return y === null ? [] : [{ row: r, group: groupOf(r)!, y }];
    });
    if (wanted.has("regression")) {
      const sides = Object.fromEntries(HUMOR_FEATURES.map((f) => [f.name, f.side]));
      report.regression = {
        term: config.term,
        ...groupCenteredRegression(
          rows.map((r) => ({ group: r.group, y: r.y, features: humorFeatures(r.row.turns, config.policy_speaker) })),
          sides,
        ),
      };
    }
    if (wanted.has("variance")) {
      const w = PRESETS[config.preset].weights;
      const weights = { floor: w.floor, repetition: w.rep, taste: w.taste, screen: w.screen };
      const obs = log.flatMap((r) => {
        const c = humorRewardComponents(r.score);
        return c ? [{ group: groupOf(r)!, step: stepOf(r) ?? undefined, terms: c }] : [];
      });
      report.variance = { overall: decomposeAdvantageVariance(obs, weights), by_step: obs.some((o) => o.step !== undefined) ? decomposeByStep(obs, weights, { resamples: 200 }) : [] };
    }
    if (wanted.has("validation") && !fromText) {
      report.validation = [validateCandidate({ candidate: config.term, grouped: rows.map((r) => ({ group: r.group, value: r.y })), transforms: transformEvidence(), thresholds: config.validation })];
    }
  }
  if (fromText) {
    if (config.term === "surprise_gate" && !models.embedder) throw new InputError("models", "the surprise gate needs an embedder");
    const generator = models.generator ?? models.audience;
    const term = config.term === "fluency" ? fluencyTerm(generator) : surpriseTerm(generator, models.embedder!);
    report.validation = [
      await timed("validation", async () => {
        const labels = inputs.labels ? await scoreLabels(term, inputs.labels) : undefined;
        let grouped: { group: string; value: number }[] | undefined;
        if (inputs.log && inputs.log.length > 0) {
          requireGroups(inputs.log);
          const items = inputs.log.flatMap((row, i) => {
            const at = row.turns.map((t) => t.speaker).lastIndexOf(config.policy_speaker);
            return at < 1 ? [] : [{ group: groupOf(row)!, item: itemOf(`log${i + 1}#${at}`, row.turns.slice(0, at), row.turns[at].text, config.policy_speaker) }];
          });
          const values = await term.score(items.map((x) => x.item));
          const failed = values.findIndex((v) => v.value === null);
          if (failed >= 0) throw new InputError(`log ${items[failed].item.id}`, `the candidate ${term.name} could not score this turn (${values[failed].error ?? "no value"})`);
          grouped = items.map((x, i) => ({ group: x.group, value: values[i].value! }));
        }
        return validateCandidate({ candidate: config.term, labels, grouped, transforms: transformEvidence(), thresholds: config.validation });
      }),
    ];
  }
  if (wanted.has("guards")) {
    const g = config.training_guards;
    const thresholds = { inspect: { ...DEFAULT_TRAINING_THRESHOLDS.inspect, ...g.inspect }, stop: { ...DEFAULT_TRAINING_THRESHOLDS.stop, ...g.stop } };
    report.guards = trainingGuards(inputs.log!, { policySpeaker: config.policy_speaker, thresholds, expectedPolicyTurns: g.expected_turns, ...(inputs.baseline ? { baseline: inputs.baseline } : {}) });
  }
  return report;
}
