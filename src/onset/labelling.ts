// The human labelling protocol of SPEC §9 (the seed's reference check, appendix A.3): blind sheets
// without step, reward, zone or prediction; three-level ordinal labels (0 = shortcut absent,
// 1 = partial/ambiguous, 2 = clearly present); agreement as mean pairwise exact agreement, mean
// pairwise quadratic-weighted Cohen's κ, ordinal Krippendorff's α, and the counts of items on which
// all / all but one / a majority of annotators agree; and the MAE between automatic clean scores and
// human scores on [0, 1].
import { parse as parseCsv } from "csv-parse/sync";
import { InputError } from "../core/errors.js";
import { createRng } from "../core/random.js";
import { cohenKappa } from "../stats/cohen-kappa.js";
import { krippendorffAlpha } from "../stats/krippendorff-alpha.js";

export interface LabelItem {
  sample_id: string;
  input: string;
  output: string;
  shortcut_definition: string;
}

export interface BlindSheet {
  /** CSV text for annotators: item, shortcut_definition, prompt_input, model_output, label_0_1_2, note. */
  csv: string;
  /** Private key mapping sheet items back to samples; never given to annotators. */
  key: { item: string; sample_id: string }[];
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Shuffles the samples (seeded) and hides their ids behind opaque item numbers. */
export function exportBlindSheet(items: readonly LabelItem[], seed = 0): BlindSheet {
  const order = createRng(`blind-sheet/${seed}`).shuffle(items);
  const key = order.map((it, i) => ({ item: `item_${String(i + 1).padStart(4, "0")}`, sample_id: it.sample_id }));
  const header = ["item", "shortcut_definition", "prompt_input", "model_output", "label_0_1_2", "note"];
  const lines = [header.join(","), ...order.map((it, i) => [key[i].item, it.shortcut_definition, it.input, it.output, "", ""].map(csvField).join(","))];
  return { csv: lines.join("\n") + "\n", key };
}

/** Reads one annotator's filled sheet: item → label. Blank labels are missing, anything else but 0/1/2 is an error. */
export function importLabels(csvText: string, where: string): Map<string, number | null> {
  let rows: Record<string, string>[];
  try {
    rows = parseCsv(csvText, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
  } catch (err) {
    throw new InputError(where, `is not a readable CSV sheet (${(err as Error).message})`);
  }
  const labels = new Map<string, number | null>();
  rows.forEach((r, i) => {
    const item = r.item ?? r.sample_id;
    if (!item) throw new InputError(`${where} row ${i + 2}`, "has no item (or sample_id) column");
    const raw = (r.label_0_1_2 ?? r.label ?? "").trim();
    if (raw === "") labels.set(item, null);
    else if (raw === "0" || raw === "1" || raw === "2") labels.set(item, Number(raw));
    else throw new InputError(`${where} row ${i + 2}`, `label must be 0, 1 or 2 (or blank), got "${raw}"`);
  });
  return labels;
}

export interface AgreementReport {
  annotators: number;
  items: number;
  /** Items labelled by every annotator. */
  complete_items: number;
  mean_pairwise_exact_agreement: number;
  mean_pairwise_quadratic_kappa: number;
  krippendorff_alpha_ordinal: number;
  all_agree: number;
  all_but_one_agree: number;
  majority_agree: number;
  /** Non-unanimous items whose labels span only adjacent levels. */
  adjacent_only_disagreements: number;
  disagreements: number;
}

/** `labels[annotator][item]` with null for missing. Pairwise statistics use items both annotators labelled. */
export function agreement(labels: readonly (readonly (number | null)[])[]): AgreementReport {
  const a = labels.length;
  if (a < 2) throw new RangeError("agreement: need at least 2 annotators");
  const n = labels[0].length;
  let exactSum = 0;
  let kappaSum = 0;
  let pairs = 0;
  for (let i = 0; i < a; i++) {
    for (let j = i + 1; j < a; j++) {
      const x: number[] = [];
      const y: number[] = [];
      for (let u = 0; u < n; u++) {
        if (labels[i][u] !== null && labels[j][u] !== null) {
          x.push(labels[i][u] as number);
          y.push(labels[j][u] as number);
        }
      }
      if (x.length === 0) continue;
      exactSum += x.filter((v, k) => v === y[k]).length / x.length;
      kappaSum += cohenKappa(x, y, 3, "quadratic");
      pairs++;
    }
  }
  let complete = 0;
  let all = 0;
  let allButOne = 0;
  let majority = 0;
  let adjacent = 0;
  let disagreements = 0;
  for (let u = 0; u < n; u++) {
    const votes = labels.map((l) => l[u]).filter((v): v is number => v !== null);
    if (votes.length < a) continue;
    complete++;
    const counts = [0, 0, 0];
    for (const v of votes) counts[v]++;
    const top = Math.max(...counts);
    if (top === a) all++;
    else {
      disagreements++;
      const used = counts.map((c, k) => (c > 0 ? k : -1)).filter((k) => k >= 0);
      if (Math.max(...used) - Math.min(...used) === 1) adjacent++;
    }
    if (top >= a - 1) allButOne++;
    if (top > a / 2) majority++;
  }
  return {
    annotators: a,
    items: n,
    complete_items: complete,
    mean_pairwise_exact_agreement: exactSum / pairs,
    mean_pairwise_quadratic_kappa: kappaSum / pairs,
    krippendorff_alpha_ordinal: krippendorffAlpha(labels, "ordinal"),
    all_agree: all,
    all_but_one_agree: allButOne,
    majority_agree: majority,
    adjacent_only_disagreements: adjacent,
    disagreements,
  };
}

/** Mean absolute error between automatic clean scores and human scores, both on [0, 1]. */
export function cleanVsHumanMae(pairs: readonly { clean: number; human: number }[]): { mae: number; n: number } {
  if (pairs.length === 0) throw new RangeError("clean-vs-human MAE: no pairs");
  for (const [i, p] of pairs.entries()) {
    if (!(p.clean >= 0 && p.clean <= 1) || !(p.human >= 0 && p.human <= 1)) throw new RangeError(`clean-vs-human MAE: pair ${i} is outside [0, 1]`);
  }
  return { mae: pairs.reduce((s, p) => s + Math.abs(p.clean - p.human), 0) / pairs.length, n: pairs.length };
}
