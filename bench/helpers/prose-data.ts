// Loads the shared prose corpora (../shared/data, never copied into the repo) as bank rows for mining,
// benchmarks and the validation report, with the held-out design fixed here so every script uses the
// same split:
// - model_prose/slopscore_outputs: split BY MODEL (MINING_MODELS mine the dictionary, the others are
//   held out); scenario = prompt_index (prompts are shared across models).
// - human prose: split BY DOCUMENT. Gutenberg by book, Brown by sample file, HANNA human by story;
//   Gutenberg paragraphs and Brown samples are cut into passages of ≥ 400 words (reply-sized).
// - model_prose/hanna_model_stories (older models, same prompts as HANNA human) are never mined.
// - HANNA human stories and the HANNA prompts are detokenized: they are published Treebank-tokenized
//   (the model stories are not); scenario ids still hash the prompt as published.
import { readJsonl } from "../../src/core/jsonl.js";
import { sha256 } from "../../src/core/hash.js";
import type { BankRow } from "../../src/core/types.js";
import { detokenizePtb } from "../../src/text/detokenize.js";

export interface ProseRow extends BankRow {
  group_id: string;
  meta: { source: string; model?: string; kind?: string; document: string };
}

export const MINING_MODELS = [
  "mistralai/Mistral-Small-3.2-24B-Instruct-2506",
  "openai/chatgpt-4o-latest",
  "google/gemini-2.5-flash",
  "google/gemma-3-12b-it",
  "z-ai/glm-4.5",
  "moonshotai/kimi-k2",
  "meta-llama/llama-4-maverick",
  "openai/o3",
  "deepseek/deepseek-r1",
  "claude-sonnet-4-20250514",
];

/** Held-out Gutenberg books (the others are mined). */
export const HELD_OUT_BOOKS = new Set(["prideprejudice", "Pride and Prejudice", "persuasion", "northangerabbey", "The War of the Worlds"]);

const PASSAGE_WORDS = 400;

const wordCount = (s: string): number => s.split(/\s+/).filter(Boolean).length;

/** Deterministic half split of documents by the hash of their id. */
export const heldOutDocument = (id: string): boolean => parseInt(sha256(id).slice(0, 8), 16) % 2 === 1;

export function loadModelProse(path: string): ProseRow[] {
  type Raw = { model: string; kind: string; prompt_index: number; prompt: string; text: string };
  return readJsonl<Raw>(path).rows.map((r, i) => ({
    id: `slopscore-${i}`,
    prompt: r.prompt,
    output: r.text,
    group_id: `slopscore-prompt-${r.prompt_index}`,
    meta: { source: "slopscore", model: r.model, kind: r.kind, document: `${r.model}#${r.prompt_index}` },
  }));
}

export function loadHannaModel(path: string): ProseRow[] {
  type Raw = { model: string; prompt: string; text: string };
  return readJsonl<Raw>(path).rows.map((r, i) => ({
    id: `hanna-model-${i}`,
    prompt: detokenizePtb(r.prompt),
    output: r.text.trim(),
    group_id: `hanna-${sha256(r.prompt).slice(0, 12)}`,
    meta: { source: "hanna-model", model: r.model, kind: "creative", document: `hanna-model-${i}` },
  }));
}

/** HANNA's human stories are published Treebank-tokenized ("do n't", "castle !"); the model stories are not. */
export function loadHannaHuman(path: string): ProseRow[] {
  type Raw = { prompt: string; text: string };
  return readJsonl<Raw>(path).rows.map((r, i) => ({
    id: `hanna-human-${i}`,
    prompt: detokenizePtb(r.prompt),
    output: detokenizePtb(r.text.trim()),
    group_id: `hanna-${sha256(r.prompt).slice(0, 12)}`,
    meta: { source: "hanna-human", document: `hanna-human-${i}` },
  }));
}

/** Gutenberg paragraphs joined into ≥ 400-word passages per book (duplicate books dropped by text). */
export function loadGutenberg(path: string): ProseRow[] {
  type Raw = { book: string; text: string };
  const seen = new Set<string>();
  const byBook = new Map<string, string[]>();
  for (const r of readJsonl<Raw>(path).rows) {
    if (seen.has(r.text)) continue;
    seen.add(r.text);
    (byBook.get(r.book) ?? byBook.set(r.book, []).get(r.book)!).push(r.text);
  }
  const out: ProseRow[] = [];
  for (const [book, paragraphs] of byBook) {
    let buf: string[] = [];
    let words = 0;
    for (const p of paragraphs) {
      buf.push(p);
      words += wordCount(p);
      if (words >= PASSAGE_WORDS) {
        out.push(passage(`gutenberg-${book}-${out.length}`, buf.join("\n\n"), "gutenberg", book));
        buf = [];
        words = 0;
      }
    }
  }
  return out;
}

/** Brown fiction samples (~2,000 words) cut at paragraph ends into ≥ 400-word passages. */
export function loadBrown(path: string): ProseRow[] {
  type Raw = { file: string; text: string };
  const out: ProseRow[] = [];
  for (const r of readJsonl<Raw>(path).rows) {
    let buf: string[] = [];
    let words = 0;
    for (const p of r.text.split(/\n\s*\n/)) {
      buf.push(p.trim());
      words += wordCount(p);
      if (words >= PASSAGE_WORDS) {
        out.push(passage(`brown-${r.file}-${out.length}`, buf.join("\n\n"), "brown", r.file));
        buf = [];
        words = 0;
      }
    }
  }
  return out;
}

function passage(id: string, text: string, source: string, document: string): ProseRow {
  return { id, output: text, group_id: id, meta: { source, document } };
}

export interface ProseCorpora {
  modelMining: ProseRow[];
  modelHeldOut: ProseRow[];
  humanMining: ProseRow[];
  humanHeldOut: ProseRow[];
  hannaHuman: { mining: ProseRow[]; heldOut: ProseRow[] };
  hannaModel: ProseRow[];
}

export function loadProseCorpora(shared: (rel: string) => string, options: { creativeOnly?: boolean } = {}): ProseCorpora {
  const slop = loadModelProse(shared("model_prose/slopscore_outputs.jsonl.gz"));
  const mining = new Set(MINING_MODELS);
  const useForMining = (r: ProseRow): boolean => mining.has(r.meta.model ?? "") && (!options.creativeOnly || r.meta.kind === "creative");
  const gutenberg = loadGutenberg(shared("human_prose/gutenberg_paragraphs.jsonl.gz"));
  const brown = loadBrown(shared("human_prose/fiction_brown_1961.jsonl"));
  const hannaHuman = loadHannaHuman(shared("human_prose/fiction_writingprompts_human_hanna.jsonl"));
  const hannaHeld = hannaHuman.filter((r) => heldOutDocument(r.meta.document));
  const hannaMine = hannaHuman.filter((r) => !heldOutDocument(r.meta.document));
  const gutHeld = gutenberg.filter((r) => HELD_OUT_BOOKS.has(r.meta.document));
  const gutMine = gutenberg.filter((r) => !HELD_OUT_BOOKS.has(r.meta.document));
  const brownHeld = brown.filter((r) => heldOutDocument(r.meta.document));
  const brownMine = brown.filter((r) => !heldOutDocument(r.meta.document));
  return {
    modelMining: slop.filter(useForMining),
    modelHeldOut: slop.filter((r) => !mining.has(r.meta.model ?? "")),
    humanMining: [...gutMine, ...brownMine, ...hannaMine],
    humanHeldOut: [...gutHeld, ...brownHeld, ...hannaHeld],
    hannaHuman: { mining: hannaMine, heldOut: hannaHeld },
    hannaModel: loadHannaModel(shared("model_prose/hanna_model_stories.jsonl")),
  };
}
