// A large bank of real text for the thread benchmark (issue 20: "`score` on a large bank uses every
// core"): every distinct model and human reply in ../shared/data — all slop-score outputs (creative and
// essay, 22 models, 300 prompts), HANNA's model and human stories, Gutenberg and Brown passages of
// ≥ 400 words (bench/helpers/prose-data.ts cuts them). Replies keep their prompt (rows of one prompt are what
// the prose gates compare, as in an RL step's rollouts); human passages have none. `copies` > 1
// repeats the whole bank with distinct ids (`#2`, `#3`, …) to reach an RL step's size: repeated text
// makes a thread's first sights (lemma lookups, word tables) cheaper than new text would be.
import type { BankRow } from "../../src/core/types.js";
import type { loadProseCorpora, ProseRow } from "../helpers/prose-data.js";

export type BenchRow = Pick<BankRow, "id" | "prompt" | "output">;

/** Rows in a fixed order; texts that occur twice (the corpora hold a few duplicates) are kept once. */
export function distinctProse(corpora: ReturnType<typeof loadProseCorpora>): ProseRow[] {
  const all = [...corpora.modelMining, ...corpora.modelHeldOut, ...corpora.hannaModel, ...corpora.humanMining, ...corpora.humanHeldOut];
  const seen = new Set<string>();
  return all.filter((r) => (seen.has(r.output) ? false : (seen.add(r.output), true)));
}

/** The bank's rows, `copies` times over, every id distinct. */
export function largeBank(rows: readonly ProseRow[], copies = 1): BenchRow[] {
  const out: BenchRow[] = [];
  for (let c = 1; c <= copies; c++) {
    for (const r of rows) out.push({ id: c > 1 ? `${r.id}#${c}` : r.id, ...(r.prompt ? { prompt: r.prompt } : {}), output: r.output });
  }
  return out;
}
