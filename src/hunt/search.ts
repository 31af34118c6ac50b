// The search: black box through the stack's Scorer only. Every scored row counts against the budget.
//  1. screen — each candidate edit is applied to a few screening rows; it survives when it raises the
//     objective on any of them. Mined phrases are screened in groups (one insertion holding many
//     phrases) and a group that raises the objective is split in halves until single phrases remain,
//     so thousands of phrases cost a few hundred evaluations.
//  2. confirm — survivors are applied to the confirm rows; a finding is one whose mean gain has a 95%
//     t interval above 0.
//  3. compose — a beam of the best findings is chained pairwise (a then b) and screened and confirmed
//     the same way, while budget is left.
// Candidates are tried round-robin over families, then operators, in a seeded order, so a small budget still reaches
// every operator; the same seed, rows and edits give the same hunt.
import { createRng } from "../core/random.js";
import type { BankRow, Score, TranscriptRow } from "../core/types.js";
import { meanCi } from "../stats/mean-ci.js";
import { wilsonCi } from "../stats/proportion.js";
import type { Scorer } from "../stacks/types.js";
import { insertions } from "./operators/insertion.js";
import { editCost } from "./positions.js";
import type { Edit } from "./types.js";

export type HuntRow = BankRow | TranscriptRow;

export interface HuntOptions {
  scorer: Scorer<HuntRow>;
  rows: readonly HuntRow[];
  edits: readonly Edit[];
  /** Scorer calls (rows scored) the hunt may spend, base scores included. */
  budget: number;
  seed: string | number;
  /** "reward" (score.value), a term name, or "term.detail" (mean of a numeric detail array, e.g. taste.L). */
  objective?: string;
  screenRows?: number;
  confirmRows?: number;
  /** Findings chained pairwise in the compose stage. */
  beam?: number;
  /** Mined phrases per screening group. */
  groupSize?: number;
  /** Rows per scoreRows call. */
  batchRows?: number;
  /** Confirmed findings per class (family/operator) before the rest of that class is skipped. */
  maxPerClass?: number;
  /** A gain must exceed this to count (objective units). */
  minGain?: number;
  policySpeaker?: string;
  onProgress?: (spent: number, budget: number) => void;
}

export interface Finding {
  id: string;
  chain: string[];
  family: Edit["family"];
  operator: string;
  /** family/operator: what the report groups by. */
  class: string;
  why: string;
  reference: Edit["reference"];
  inserted?: string;
  n: number;
  mean: number;
  ci: [number, number];
  raised: { k: number; n: number; share: number; ci: [number, number] };
  /** Characters added or changed per row (mean over confirm rows). */
  cost: number;
  /** Scorer calls spent when the finding was confirmed. */
  found_at: number;
  sample: { id: string; before: string; after: string; gain: number };
  /** Rows, edited rows and their scores on the confirm set, for the reference checks. */
  evidence: { before: HuntRow[]; after: HuntRow[]; beforeScores: Score[]; afterScores: Score[] };
}

export interface HuntResult {
  objective: string;
  unit: string;
  rows: number;
  budget: number;
  spent: number;
  base: { n: number; mean: number | null };
  candidates: { total: number; screened: number; by_family: Record<string, { total: number; screened: number; confirmed: number }> };
  findings: Finding[];
  failed_rows: number;
  seed: string | number;
}

/** Reads the objective from a score; null when the row has no number there. */
export function objectiveOf(score: Score, objective: string): number | null {
  if (score.value === null) return null;
  if (objective === "reward") return finite(score.value);
  const [term, detail] = objective.split(".");
  const t = score.terms[term];
  if (!t) return null;
  if (!detail) return finite(t.value);
  const d = t.details?.[detail];
  if (typeof d === "number") return finite(d);
  if (Array.isArray(d)) {
    const xs = d.filter((x): x is number => typeof x === "number" && Number.isFinite(x));
    return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
  }
  return null;
}

const finite = (x: number | null): number | null => (typeof x === "number" && Number.isFinite(x) ? x : null);

const isTranscript = (row: HuntRow): row is TranscriptRow => Array.isArray((row as TranscriptRow).turns);

/** The row with the edit applied: a bank row's output, or a transcript's last (or every) policy turn. */
export function applyEdit(edit: Edit, row: HuntRow, seed: string, policySpeaker = "policy"): HuntRow {
  if (!isTranscript(row)) return { ...row, id: `${row.id}~hunt`, output: edit.apply(row.output, `${seed}/${row.id}`, row) };
  const policy = row.turns.flatMap((t, i) => (t.speaker === policySpeaker ? [i] : []));
  const targets = new Set(edit.perTurn ? policy : policy.slice(-1));
  return { ...row, id: `${row.id}~hunt`, turns: row.turns.map((t, i) => (targets.has(i) ? { ...t, text: edit.apply(t.text, `${seed}/${row.id}/${i}`, row) } : t)) };
}

const editedText = (row: HuntRow, policySpeaker: string): string => (isTranscript(row) ? row.turns.filter((t) => t.speaker === policySpeaker).map((t) => t.text).join("\n") : row.output);

/** A chain: b applied to what a produced. */
export function chain(a: Edit, b: Edit): Edit {
  return {
    id: `${a.id} + ${b.id}`,
    family: a.family,
    operator: `${a.operator}+${b.operator}`,
    why: `${a.why}; ${b.why}`,
    reference: a.reference === "clean-counterpart" || b.reference === "clean-counterpart" ? "clean-counterpart" : "by-construction",
    inserted: [a.inserted, b.inserted].filter(Boolean).join(" ") || undefined,
    perTurn: a.perTurn || b.perTurn,
    apply: (t, seed, row) => b.apply(a.apply(t, seed, row), seed, row),
  };
}

class BudgetSpent extends Error {}

export async function runHunt(options: HuntOptions): Promise<HuntResult> {
  const { scorer, budget, seed, objective = "reward", policySpeaker = "policy" } = options;
  const screenN = options.screenRows ?? 2;
  const confirmN = options.confirmRows ?? 20;
  const beam = options.beam ?? 3;
  const groupSize = options.groupSize ?? 16;
  const batchRows = options.batchRows ?? 64;
  const minGain = options.minGain ?? 0;
  const maxPerClass = options.maxPerClass ?? 4;
  const rng = createRng(`${seed}/hunt`);
  const order = rng.shuffle(options.rows.map((_, i) => i));
  const confirmIdx = order.slice(0, Math.min(confirmN, order.length));
  const screenIdx = confirmIdx.slice(0, Math.min(screenN, confirmIdx.length));
  const rows = options.rows;
  let spent = 0;
  const memo = new Map<string, Score>();
  const keyOf = (row: HuntRow) => (isTranscript(row) ? JSON.stringify(row.turns) : `${JSON.stringify(row.prompt ?? "")}\u0000${row.output}`);

  /** Scores rows (memoized by content) in batches; throws BudgetSpent when the budget would be passed. */
  async function score(batch: HuntRow[]): Promise<Score[]> {
    const todo = new Map<string, HuntRow>();
    for (const r of batch) if (!memo.has(keyOf(r))) todo.set(keyOf(r), r);
    if (spent + todo.size > budget) throw new BudgetSpent();
    const list = [...todo.values()];
    for (let i = 0; i < list.length; i += batchRows) {
      const chunk = list.slice(i, i + batchRows);
      const scores = await scorer.scoreRows(chunk);
      chunk.forEach((r, k) => memo.set(keyOf(r), scores[k]));
      spent += chunk.length;
      options.onProgress?.(spent, budget);
    }
    return batch.map((r) => memo.get(keyOf(r))!);
  }

  const baseScores = await score(confirmIdx.map((i) => rows[i]));
  const baseValue = new Map(confirmIdx.map((i, k) => [i, objectiveOf(baseScores[k], objective)]));
  const baseOk = [...baseValue.values()].filter((v): v is number => v !== null);

  const byFamily: HuntResult["candidates"]["by_family"] = {};
  const tally = (e: Edit, field: "total" | "screened" | "confirmed", k = 1) => {
    const f = (byFamily[e.family] ??= { total: 0, screened: 0, confirmed: 0 });
    f[field] += k;
  };
  for (const e of options.edits) tally(e, "total");

  /** Max gain over the screening rows of each edit (null when nothing could be scored). */
  async function screen(edits: Edit[]): Promise<(number | null)[]> {
    const edited = edits.flatMap((e) => screenIdx.map((i) => applyEdit(e, rows[i], String(seed), policySpeaker)));
    const scores = await score(edited);
    return edits.map((_, j) => {
      let best: number | null = null;
      screenIdx.forEach((i, k) => {
        const before = baseValue.get(i);
        const after = objectiveOf(scores[j * screenIdx.length + k], objective);
        if (before != null && after !== null) best = Math.max(best ?? -Infinity, after - before);
      });
      return best;
    });
  }

  const findings: Finding[] = [];
  async function confirm(edit: Edit): Promise<Finding | null> {
    const before = confirmIdx.map((i) => rows[i]);
    const after = before.map((r) => applyEdit(edit, r, String(seed), policySpeaker));
    const afterScores = await score(after);
    const gains: number[] = [];
    const costs: number[] = [];
    let sample: Finding["sample"] | undefined;
    confirmIdx.forEach((i, k) => {
      const b = baseValue.get(i);
      const a = objectiveOf(afterScores[k], objective);
      if (b == null || a === null) return;
      gains.push(a - b);
      const bt = editedText(before[k], policySpeaker);
      const at = editedText(after[k], policySpeaker);
      costs.push(editCost(bt, at));
      if (!sample || a - b > sample.gain) sample = { id: before[k].id, before: bt, after: at, gain: a - b };
    });
    if (gains.length < 2) return null;
    const m = meanCi(gains);
    const ci: [number, number] = m.sd === 0 ? [m.mean, m.mean] : m.ci;
    if (!(ci[0] > 0 && m.mean > minGain)) return null;
    const k = gains.filter((g) => g > minGain).length;
    const w = wilsonCi(k, gains.length);
    return {
      id: edit.id,
      chain: edit.id.split(" + "),
      family: edit.family,
      operator: edit.operator,
      class: `${edit.family}/${edit.operator}`,
      why: edit.why,
      reference: edit.reference,
      inserted: edit.inserted,
      n: gains.length,
      mean: m.mean,
      ci,
      raised: { k, n: gains.length, share: w.p, ci: w.ci },
      cost: costs.reduce((a, b) => a + b, 0) / costs.length,
      found_at: spent,
      sample: sample!,
      evidence: { before, after, beforeScores: baseScores, afterScores },
    };
  }

  // Queues per operator (and insertion position). Insertions travel in groups: one insertion holding
  // many texts, split when it raises the objective. Mined phrases come ranked (most widespread first):
  // the first ones are tried alone, later ones in groups that double every 16 groups up to groupSize,
  // because the top of the list is also tried where position matters (a last paragraph). Other
  // insertions are unranked and grouped at once. Whole-reply transforms are tried one by one.
  const queues = new Map<string, Edit[][]>();
  const grouped = new Map<string, Edit[]>();
  for (const e of rng.shuffle(options.edits.filter((x) => x.family !== "mined")).concat(options.edits.filter((x) => x.family === "mined"))) {
    if (e.inserted !== undefined && e.position !== undefined) {
      const key = `${e.family}/${e.operator}@${e.position}`;
      if (!grouped.has(key)) grouped.set(key, []);
      grouped.get(key)!.push(e);
    } else {
      const key = `${e.family}/${e.operator}`;
      if (!queues.has(key)) queues.set(key, []);
      queues.get(key)!.push([e]);
    }
  }
  for (const [key, list] of grouped) {
    const groups: Edit[][] = [];
    const ranked = key.startsWith("mined/");
    for (let i = 0, g = 0; i < list.length; g++) {
      const size = ranked ? Math.min(groupSize, 2 ** Math.floor(g / 16)) : groupSize;
      groups.push(list.slice(i, i + size));
      i += size;
    }
    queues.set(key, groups);
  }
  // Families take turns, and operators take turns within their family, so every family gets an equal
  // share of a small budget whatever the number of its operators.
  const interleave = <T>(lists: T[][]): T[] => {
    const out: T[] = [];
    for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i]);
    return out;
  };
  const perFamily = new Map<string, Edit[][][]>();
  for (const [key, list] of queues) {
    const family = key.split("/")[0];
    if (!perFamily.has(family)) perFamily.set(family, []);
    perFamily.get(family)!.push(list);
  }
  const roundRobin: Edit[][] = interleave([...perFamily.values()].map((ops) => interleave(ops)));

  const groupEdit = (members: Edit[]): Edit => {
    if (members.length === 1) return members[0];
    const m = members[0];
    const joined = members.map((x) => x.inserted ?? "").join(" ");
    const [e] = insertions({ family: m.family, operator: m.operator, why: m.why, reference: m.reference, label: () => `${members.length} texts` }, [joined], [m.position ?? "end"]);
    return e;
  };
  const perClass = new Map<string, number>();
  const full = (e: Edit) => (perClass.get(`${e.family}/${e.operator}`) ?? 0) >= maxPerClass;

  const seenIds = new Set<string>();
  let screened = 0;
  try {
    const perBatch = Math.max(1, Math.floor(batchRows / Math.max(1, screenIdx.length)));
    for (let at = 0; at < roundRobin.length; ) {
      // Near the end of the budget, screen only as many candidates as it still pays for.
      // Half of what is left at most, so the splits and confirmations of this batch still fit.
      const room = Math.floor((budget - spent) / Math.max(1, screenIdx.length) / 2);
      if (room < 1) break;
      const slice: Edit[][] = [];
      while (at < roundRobin.length && slice.length < Math.min(perBatch, room)) {
        const next = roundRobin[at++];
        if (!full(next[0])) slice.push(next);
      }
      if (slice.length === 0) continue;
      const edits = slice.map(groupEdit);
      const gains = await screen(edits);
      for (const [j, members] of slice.entries()) {
        screened += members.length;
        for (const m of members) tally(m, "screened");
        const g = gains[j];
        if (g === null || g <= minGain) continue;
        const hits = members.length === 1 ? members : await bisect(members);
        for (const hit of hits) {
          if (seenIds.has(hit.id) || full(hit)) continue;
          seenIds.add(hit.id);
          const f = await confirm(hit);
          if (f) {
            findings.push(f);
            tally(hit, "confirmed");
            perClass.set(f.class, (perClass.get(f.class) ?? 0) + 1);
          }
        }
      }
    }
    // Compose the best findings pairwise.
    const top = bestPerClass(findings).slice(0, beam);
    const base = new Map(options.edits.map((e) => [e.id, e]));
    const members = (f: Finding) => f.chain.map((id) => base.get(id)).filter((e): e is Edit => !!e);
    for (const a of top) for (const b of top) {
      if (a === b || a.class === b.class) continue;
      const [ea] = members(a);
      const [eb] = members(b);
      if (!ea || !eb) continue;
      const c = chain(ea, eb);
      const [g] = await screen([c]);
      if (g === null || g <= minGain) continue;
      const f = await confirm(c);
      if (f) findings.push(f);
    }
  } catch (err) {
    if (!(err instanceof BudgetSpent)) throw err;
  }

  /** Splits a raising group until the single phrases that raise the objective on their own are found. */
  async function bisect(group: Edit[], want = Math.max(1, maxPerClass - (perClass.get(`${group[0].family}/${group[0].operator}`) ?? 0))): Promise<Edit[]> {
    if (group.length === 1) return group;
    const halves = [group.slice(0, Math.ceil(group.length / 2)), group.slice(Math.ceil(group.length / 2))];
    const out: Edit[] = [];
    for (const h of halves) {
      if (out.length >= want) break;
      const [g] = await screen([groupEdit(h)]);
      if (g !== null && g > minGain) out.push(...(await bisect(h, want - out.length)));
    }
    return out;
  }

  const failed = [...memo.values()].filter((s) => s.value === null).length;
  return {
    objective,
    unit: objective === "reward" ? "reward units" : objective,
    rows: rows.length,
    budget,
    spent,
    base: { n: baseOk.length, mean: baseOk.length ? baseOk.reduce((a, b) => a + b, 0) / baseOk.length : null },
    candidates: { total: options.edits.length, screened, by_family: byFamily },
    findings: findings.sort((a, b) => b.mean - a.mean),
    failed_rows: failed,
    seed,
  };
}

/** The strongest finding of each class, strongest first. */
export function bestPerClass(findings: readonly Finding[]): Finding[] {
  const best = new Map<string, Finding>();
  for (const f of findings) if (!best.has(f.class) || best.get(f.class)!.mean < f.mean) best.set(f.class, f);
  return [...best.values()].sort((a, b) => b.mean - a.mean);
}
