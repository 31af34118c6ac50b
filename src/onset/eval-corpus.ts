// The real material the detector evaluation assembles logs from (SPEC §9 "logs assembled from real
// outputs with a known onset"): IFEval prompts with their constraints, the baseline model's responses,
// the lexically hacked checkpoint's responses (malformed lines reported, not fatal), and shortcut
// phrasings harvested from real hacked outputs (the checkpoint and cherrl_audit_samples.csv).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { readJsonl, type BadLine } from "../core/jsonl.js";
import { detectBias, TONE_PATTERN } from "../judges/bias-detectors.js";
import type { ConstraintPrompt } from "../judges/ifeval/verifier.js";

export interface CorpusPrompt extends ConstraintPrompt {
  prompt: string;
  /** Real responses to this prompt (baseline first, then the checkpoint's when valid). */
  responses: { source: "baseline" | "checkpoint"; text: string }[];
}

export interface AuditSample {
  sample_id: string;
  run: string;
  zone: string;
  run_name: string;
  shortcut_definition: string;
  input: string;
  output: string;
}

export interface EvalCorpus {
  prompts: CorpusPrompt[];
  /** Real sentences with the lexical shortcut ("empower…", "feel free"). */
  lexicalSentences: string[];
  /** Real closing sentences with the tone shortcut. */
  toneClosings: string[];
  /** Real trailing self-evaluative paragraphs. */
  selfPraiseTails: string[];
  badLines: { file: string; lines: BadLine[] }[];
}

type Raw = Record<string, unknown>;

const unescapeCsv = (s: string): string => s.replace(/\\n/g, "\n");

export function readAuditSamples(path: string): AuditSample[] {
  const rows = parseCsv(readFileSync(path), { columns: true, bom: true }) as Record<string, string>[];
  return rows.map((r) => {
    const m = /^run_([a-z])_(.+)_(\d+)$/.exec(r.sample_id);
    return {
      sample_id: r.sample_id,
      run: m ? m[1] : "?",
      zone: m ? m[2] : "?",
      run_name: r.run_name,
      shortcut_definition: r.target_shortcut_definition,
      input: unescapeCsv(r.prompt_input),
      output: unescapeCsv(r.model_output),
    };
  });
}

function sentencesWith(text: string, pattern: RegExp): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 12 && s.length <= 300 && new RegExp(pattern.source, "i").test(s));
}

function lastParagraph(text: string): string {
  const paras = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/^(?:\s*-{3,}\s*\n?)+/, "").trim())
    .filter(Boolean);
  return paras[paras.length - 1] ?? "";
}

export function loadEvalCorpus(dataDir: string): EvalCorpus {
  const promptRows = readJsonl<Raw>(join(dataDir, "rubric/ifeval_prompts.jsonl")).rows;
  const baseline = readJsonl<Raw>(join(dataDir, "hacking_runs/ifeval_responses_gpt4_baseline.jsonl.gz"), { strict: false });
  const checkpoint = readJsonl<Raw>(join(dataDir, "hacking_runs/ifeval_responses_lexical_bias_step240.jsonl.gz"), { strict: false });
  const byPrompt = new Map<string, CorpusPrompt>();
  for (const p of promptRows) {
    byPrompt.set(p.prompt as string, {
      prompt: p.prompt as string,
      instruction_id_list: p.instruction_id_list as string[],
      kwargs: p.kwargs as Record<string, unknown>[],
      responses: [],
    });
  }
  for (const [source, file] of [
    ["baseline", baseline],
    ["checkpoint", checkpoint],
  ] as const) {
    for (const r of file.rows) {
      const target = byPrompt.get(r.prompt as string);
      if (target && typeof r.response === "string" && r.response.trim()) target.responses.push({ source, text: r.response });
    }
  }
  const audit = readAuditSamples(join(dataDir, "hacking_runs/cherrl_audit_samples.csv"));
  const lexicalSources = [...checkpoint.rows.map((r) => String(r.response ?? "")), ...audit.filter((a) => a.run === "b" || a.run === "c").map((a) => a.output)];
  const lexicalSentences = [...new Set(lexicalSources.flatMap((t) => sentencesWith(t, /\bempower(?:s|ed|ing|ment)?\b|\bfeel\s+free\b/)))];
  const toneSources = [...audit.filter((a) => a.run === "d").map((a) => a.output), ...checkpoint.rows.map((r) => String(r.response ?? ""))];
  const toneClosings = [...new Set(toneSources.flatMap((t) => sentencesWith(t, TONE_PATTERN)))];
  const selfPraiseTails = [
    ...new Set(
      audit
        .filter((a) => a.run === "a" || a.run === "f")
        .map((a) => lastParagraph(a.output))
        .filter((p) => p.length <= 600 && detectBias("self_praise", p).hit),
    ),
  ];
  return {
    prompts: [...byPrompt.values()].filter((p) => p.responses.length > 0),
    lexicalSentences,
    toneClosings,
    selfPraiseTails,
    badLines: [
      { file: "ifeval_responses_gpt4_baseline.jsonl.gz", lines: baseline.bad },
      { file: "ifeval_responses_lexical_bias_step240.jsonl.gz", lines: checkpoint.bad },
    ],
  };
}
