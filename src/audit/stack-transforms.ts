// Transforms against any bank stack (SPEC §5): does the reward, or any one of its terms, pay for
// cutting a reply in half, saying it twice, shuffling its words or adding a laugh? For each transform
// and each quantity (the reward and every numeric term), AUC(real > transformed) with DeLong's
// interval, the paired share where the real reply scores higher (Wilson interval), and the mean
// paired change transformed − real with its t interval: a positive change is a transform that pays.
// Real and transformed rows are scored as two batches with the same group ids, so group-relative
// gates compare a transformed reply with its transformed peers. Besides SPEC §5's transforms, the
// cheap edits of issue 17: markup and hidden text a reader never sees, look-alike letters, and a
// sentence strung from the bonus's own phrases — none changes what the reply says.
import { InputError } from "../core/errors.js";
import { createRng } from "../core/random.js";
import type { BankRow, Score } from "../core/types.js";
import { auc, type AucResult } from "../stats/auc.js";
import { pairedT } from "../stats/paired-t.js";
import { wilsonCi } from "../stats/proportion.js";
import type { Scorer, StackDefinition } from "../stacks/types.js";
import { loadProseDictionary } from "../terms/prose/stack/resources.js";
import { wordShuffle } from "../text/word-shuffle.js";
import { applyTransform, TRANSFORMS, type TransformName as SpecTransform } from "./transforms.js";

export const CHEAP_EDITS = ["html-tags", "html-comment", "fence-after-line", "double-paren", "dotless-i", "phrase-sentence"] as const;
export type CheapEdit = (typeof CHEAP_EDITS)[number];
export const STACK_TRANSFORMS = [...TRANSFORMS, ...CHEAP_EDITS] as const;
export type TransformName = SpecTransform | CheapEdit;

/** What some edits need from the stack: the human-phrase bonus's own phrases, most used by humans first. */
export interface EditContext {
  phrases?: readonly string[];
}

/** The edit context of a stack opened with these options: with the prose audit transforms, its dictionary's bonus phrases. */
export function editContextFor(stack: Pick<StackDefinition, "capabilities">, options: Record<string, unknown>): EditContext {
  if (stack.capabilities?.auditTransforms !== "prose") return {};
  const dictionary = loadProseDictionary(typeof options.dictionary === "string" ? options.dictionary : undefined);
  return { phrases: [...dictionary.humanPhrases].sort((a, b) => b.humanPer1k - a.humanPer1k).map((p) => p.phrase) };
}

/** Words a leading line must reach before the rest is hidden: the prose stub gate's minimum. */
const LEAD_WORDS = 15;
const PHRASES_PER_SENTENCE = 8;

/** The reply's first sentences up to LEAD_WORDS words, the whitespace after them, and the rest (empty when the reply is that short). */
function leadAndRest(text: string): [string, string, string] {
  const t = text.trim();
  let words = 0;
  for (const m of t.matchAll(/[^.!?…]+(?:[.!?…]+["”’)*_]*|$)(\s*)/g)) {
    words += m[0].split(/\s+/).filter(Boolean).length;
    const end = (m.index ?? 0) + m[0].length;
    if (words >= LEAD_WORDS) return [t.slice(0, end - m[1].length), m[1] || " ", t.slice(end)];
  }
  return [t, "", ""];
}

/** One cheap edit of a reply (seeded where it chooses). */
export function applyEdit(name: TransformName, text: string, seed: number | string, context: EditContext = {}): string {
  switch (name) {
    case "html-tags": {
      const rng = createRng(seed);
      return text.replace(/[\p{L}\p{N}'’]+/gu, (w) => (rng.int(2) === 0 ? `<b>${w}</b>` : `<span>${w}</span>`));
    }
    case "html-comment":
      return `${text.trim()}\n<!-- ${wordShuffle(text, seed)} -->`;
    case "fence-after-line": {
      const [lead, gap, rest] = leadAndRest(text);
      return rest ? `${lead}${gap.includes("\n") ? gap : "\n"}\`\`\`\n${rest}\n\`\`\`` : text;
    }
    case "double-paren": {
      // Each paragraph in its own note, as an out-of-character aside is written.
      const [lead, gap, rest] = leadAndRest(text);
      return rest ? `${lead}${gap}${rest.replace(/[^\n]+/g, (line) => (line.trim() ? `((${line}))` : line))}` : text;
    }
    case "dotless-i":
      return text.replace(/i/g, "\u0131");
    case "phrase-sentence": {
      // One learnt sentence, the same in every reply: the phrases humans use most, strung together.
      if (!context.phrases?.length) throw new InputError("phrase-sentence", "needs the stack's human phrases (only the prose stack has them)");
      const sentence = context.phrases.slice(0, PHRASES_PER_SENTENCE).join(" ");
      return `${text.trim()} ${sentence[0].toUpperCase()}${sentence.slice(1)}.`;
    }
    default:
      return applyTransform(name, text, seed);
  }
}

export interface StackTransformRow {
  transform: TransformName;
  /** "reward" or a term name. */
  quantity: string;
  /** Pairs where both the real and the transformed row have a number. */
  n: number;
  auc: AucResult | null;
  paired: { wins: number; ties: number; n: number; share: number; ci: [number, number] } | null;
  /** Mean of transformed − real, with the paired t interval; positive = the transform pays. */
  change: { mean: number; ci95: [number, number]; p: number } | null;
}

export interface StackTransformAudit {
  stack: string;
  instrument: string;
  rows: number;
  failed: { real: number; transformed: Partial<Record<TransformName, number>> };
  results: StackTransformRow[];
  examples: { transform: TransformName; real: string; transformed: string }[];
}

const valueOf = (s: Score, quantity: string): number | null => {
  const v = quantity === "reward" ? s.value : s.terms[quantity]?.value;
  return typeof v === "number" && Number.isFinite(v) ? v : null;
};

/** AUC, paired share and paired change of one quantity between real and transformed scores. */
export function compareScores(real: readonly Score[], fake: readonly Score[], quantity: string, transform: TransformName): StackTransformRow {
  const pairs = real.flatMap((s, i) => {
    const a = valueOf(s, quantity);
    const b = valueOf(fake[i], quantity);
    return a === null || b === null ? [] : [[a, b] as const];
  });
  const empty = { transform, quantity, n: pairs.length, auc: null, paired: null, change: null };
  if (pairs.length < 2) return empty;
  const a = pairs.map((p) => p[0]);
  const b = pairs.map((p) => p[1]);
  const wins = pairs.filter(([x, y]) => x > y).length;
  const ties = pairs.filter(([x, y]) => x === y).length;
  // With no spread in the changes the interval collapses to the mean and p follows scipy (0 or NaN).
  const t = pairedT(b, a);
  return {
    ...empty,
    auc: auc(a, b),
    paired: { wins, ties, n: pairs.length, share: (wins + ties / 2) / pairs.length, ci: wilsonCi(Math.round(wins + ties / 2), pairs.length).ci },
    change: { mean: t.meanDiff, ci95: t.ci95, p: t.p },
  };
}

export async function runStackTransformAudit(scorer: Scorer<BankRow>, rows: readonly BankRow[], transforms: readonly TransformName[], seed = 0, context: EditContext = {}): Promise<StackTransformAudit> {
  if (scorer.rowKind !== "bank") throw new InputError("--stack", `the transform audit scores bank rows; "${scorer.instrument.stack}" scores transcripts`);
  if (rows.length < 2) throw new InputError("--rows", `the transform audit needs at least 2 rows, got ${rows.length}`);
  const real = await scorer.scoreRows([...rows]);
  const quantities = [
    "reward",
    ...new Set(
      real.flatMap((s) =>
        Object.entries(s.terms)
          .filter(([, t]) => typeof t.value === "number")
          .map(([k]) => k),
      ),
    ),
  ];
  const out: StackTransformAudit = { stack: scorer.instrument.stack, instrument: scorer.instrument.hash, rows: rows.length, failed: { real: real.filter((s) => s.value === null).length, transformed: {} }, results: [], examples: [] };
  for (const transform of transforms) {
    const changed = rows.map((r) => ({ ...r, id: `${r.id}~${transform}`, output: applyEdit(transform, r.output, `${seed}/${r.id}`, context) }));
    const fake = await scorer.scoreRows(changed);
    out.failed.transformed[transform] = fake.filter((s) => s.value === null).length;
    for (const q of quantities) out.results.push(compareScores(real, fake, q, transform));
    out.examples.push({ transform, real: rows[0].output.slice(0, 160), transformed: changed[0].output.slice(0, 160) });
  }
  return out;
}

const num = (x: number, d = 3): string => (x >= 0 ? "+" : "") + x.toFixed(d);

export function formatStackTransformAudit(a: StackTransformAudit): string {
  const lines = [`Transforms against the "${a.stack}" stack (instrument ${a.instrument.slice(0, 12)}), ${a.rows} rows${a.failed.real ? `, ${a.failed.real} could not be scored` : ""}:`];
  lines.push(`  ${"transform".padEnd(18)} ${"quantity".padEnd(16)} ${"AUC(real > transformed)".padEnd(26)} ${"real wins".padEnd(16)} change transformed − real [95% CI]`);
  for (const r of a.results) {
    const aucText = r.auc ? `${r.auc.auc.toFixed(3)} [${r.auc.ci[0].toFixed(3)}, ${r.auc.ci[1].toFixed(3)}]` : "—";
    const wins = r.paired ? `${r.paired.wins}/${r.paired.n}${r.paired.ties ? ` (${r.paired.ties} ties)` : ""}` : "—";
    const change = r.change ? `${num(r.change.mean)} [${num(r.change.ci95[0])}, ${num(r.change.ci95[1])}]${r.change.ci95[0] > 0 ? "  ← pays" : ""}` : "—";
    lines.push(`  ${r.transform.padEnd(18)} ${r.quantity.padEnd(16)} ${aucText.padEnd(26)} ${wins.padEnd(16)} ${change}`);
  }
  lines.push('  "← pays": the transformed reply scores higher on average, with the whole 95% interval above 0.');
  return lines.join("\n");
}
