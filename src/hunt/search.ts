// The search: black box through the stack's Scorer only. Every scored row counts against the budget.
//  0. sensitivity — leave-one-out ablation (sensitivity.ts) on the screening rows, then the confirm rows,
//     with up to `ablationShare` of the budget: which words of a row the reward penalizes. Word-level
//     operators target those words (and sentences, long words, every word).
//  1. screen — each candidate edit is applied to a few screening rows; it survives when it raises the
//     objective on any of them. Insertions are screened in groups (one insertion holding many texts)
//     and a group that raises the objective is split in halves until single texts remain.
//  2. confirm — survivors are applied to the confirm rows; a finding is one whose mean gain has a 95%
//     t interval above 0.
//  3. compose — a beam of the best findings is chained pairwise (a then b) and screened and confirmed
//     the same way, while budget is left.
// Which candidates are screened is a bandit: each arm is an operator at one granularity or position
// (its candidates in a seeded order), or one whole-reply transform; every arm is pulled once, families taking turns, then arms are
// pulled by UCB1 on their screening hit rate, so the budget goes where gains appear. The same seed, rows
// and edits give the same hunt.
import { createRng } from "../core/random.js";
import type { BankRow, Score, TranscriptRow } from "../core/types.js";
import { meanCi } from "../stats/mean-ci.js";
import { wilsonCi } from "../stats/proportion.js";
import type { Scorer } from "../stacks/types.js";
import { insertions } from "./operators/insertion.js";
import { editCost } from "./positions.js";
import { ablate, emptySensitivity } from "./sensitivity.js";
import type { Edit, Sensitivity } from "./types.js";

export type HuntRow = BankRow | TranscriptRow;

export interface HuntOptions {
  scorer: Scorer<HuntRow>;
  rows: readonly HuntRow[];
  /** The candidate edits, or a function that builds them from what ablation found. */
  edits: readonly Edit[] | ((sensitivity: Sensitivity) => readonly Edit[]);
  /** Share of the budget ablation may spend (default 0.1; 0 turns it off). */
  ablationShare?: number;
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
  /** What ablation found: rows ablated, scorer calls it spent, the costliest words. */
  sensitivity: { rows: number; calls: number; costly: string[] };
  /** Screening pulls and hits per bandit arm (operator@granularity or @position). */
  arms: Record<string, { pulls: number; hits: number }>;
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

/** The row with its (last) policy reply replaced by `text`. */
function withReply(row: HuntRow, text: string, policySpeaker: string): HuntRow {
  if (!isTranscript(row)) return { ...row, id: `${row.id}~ablate`, output: text };
  const last = row.turns.map((t) => t.speaker).lastIndexOf(policySpeaker);
  return { ...row, id: `${row.id}~ablate`, turns: row.turns.map((t, i) => (i === last ? { ...t, text } : t)) };
}

const replyOf = (row: HuntRow, policySpeaker: string): string => (isTranscript(row) ? (row.turns.filter((t) => t.speaker === policySpeaker).pop()?.text ?? "") : row.output);

const editedText = (row: HuntRow, policySpeaker: string): string =>
  isTranscript(row)
    ? row.turns
        .filter((t) => t.speaker === policySpeaker)
        .map((t) => t.text)
        .join("\n")
    : row.output;

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

/** A hunt's settings with their defaults filled in. */
interface Settings {
  budget: number;
  seed: string | number;
  objective: string;
  policySpeaker: string;
  beam: number;
  groupSize: number;
  batchRows: number;
  minGain: number;
  maxPerClass: number;
}

/** The state one hunt shares between its steps: rows, base scores, the scoring budget, findings so far. */
interface Hunt {
  settings: Settings;
  rows: readonly HuntRow[];
  /** Rows every survivor is confirmed on; the first of them screen each candidate. */
  confirmIdx: number[];
  screenIdx: number[];
  baseScores: Score[];
  baseValue: Map<number, number | null>;
  scoring: BudgetedScoring;
  findings: Finding[];
  /** Confirmed findings per class (family/operator). */
  perClass: Map<string, number>;
  /** Candidates screened so far, and the counts per family the result reports. */
  screened: number;
  byFamily: HuntResult["candidates"]["by_family"];
}

export async function runHunt(options: HuntOptions): Promise<HuntResult> {
  const settings = settingsOf(options);
  const rng = createRng(`${settings.seed}/hunt`);
  const order = rng.shuffle(options.rows.map((_, i) => i));
  const confirmIdx = order.slice(0, Math.min(options.confirmRows ?? 20, order.length));
  const screenIdx = confirmIdx.slice(0, Math.min(options.screenRows ?? 2, confirmIdx.length));
  const scoring = budgetedScoring(options.scorer, settings.budget, settings.batchRows, options.onProgress);
  const baseScores = await scoring.score(confirmIdx.map((i) => options.rows[i]));
  const baseValue = new Map(confirmIdx.map((i, k) => [i, objectiveOf(baseScores[k], settings.objective)]));
  const hunt: Hunt = { settings, rows: options.rows, confirmIdx, screenIdx, baseScores, baseValue, scoring, findings: [], perClass: new Map(), screened: 0, byFamily: {} };

  const sensitivity = typeof options.edits === "function" ? await measureSensitivity(hunt, Math.floor(settings.budget * (options.ablationShare ?? 0.1))) : emptySensitivity();
  const allEdits = typeof options.edits === "function" ? options.edits(sensitivity) : options.edits;
  for (const e of allEdits) tally(hunt, e, "total");
  const bandit = armsOf(allEdits, rng, settings.groupSize);
  try {
    await searchArms(hunt, bandit);
    await composeBest(hunt, allEdits);
  } catch (err) {
    if (!(err instanceof BudgetSpent)) throw err;
  }

  const baseOk = [...baseValue.values()].filter((v): v is number => v !== null);
  return {
    objective: settings.objective,
    unit: settings.objective === "reward" ? "reward units" : settings.objective,
    rows: options.rows.length,
    budget: settings.budget,
    spent: scoring.spent(),
    base: { n: baseOk.length, mean: baseOk.length ? baseOk.reduce((a, b) => a + b, 0) / baseOk.length : null },
    candidates: { total: allEdits.length, screened: hunt.screened, by_family: hunt.byFamily },
    findings: hunt.findings.sort((a, b) => b.mean - a.mean),
    failed_rows: scoring.failedRows(),
    seed: settings.seed,
    sensitivity: { rows: sensitivity.rows, calls: sensitivity.calls, costly: [...sensitivity.costly].slice(0, 20) },
    arms: Object.fromEntries([...bandit.stats].filter(([, st]) => st.pulls > 0).map(([k, st]) => [k, { pulls: st.pulls, hits: st.hits }])),
  };
}

function tally({ byFamily }: Hunt, e: Edit, field: "total" | "screened" | "confirmed"): void {
  const f = (byFamily[e.family] ??= { total: 0, screened: 0, confirmed: 0 });
  f[field] += 1;
}

function settingsOf(options: HuntOptions): Settings {
  return {
    budget: options.budget,
    seed: options.seed,
    objective: options.objective ?? "reward",
    policySpeaker: options.policySpeaker ?? "policy",
    beam: options.beam ?? 3,
    groupSize: options.groupSize ?? 16,
    batchRows: options.batchRows ?? 64,
    minGain: options.minGain ?? 0,
    maxPerClass: options.maxPerClass ?? 2,
  };
}

interface BudgetedScoring {
  /** Scores rows (memoized by content) in batches; throws BudgetSpent when the budget would be passed. */
  score(batch: HuntRow[]): Promise<Score[]>;
  /** Rows scored so far. */
  spent(): number;
  /** Distinct rows whose score came back without a value. */
  failedRows(): number;
}

function budgetedScoring(scorer: Scorer<HuntRow>, budget: number, batchRows: number, onProgress: HuntOptions["onProgress"]): BudgetedScoring {
  let spent = 0;
  const memo = new Map<string, Score>();
  const keyOf = (row: HuntRow) => (isTranscript(row) ? JSON.stringify(row.turns) : `${JSON.stringify(row.prompt ?? "")}\u0000${row.output}`);
  return {
    async score(batch) {
      const todo = new Map<string, HuntRow>();
      for (const r of batch) if (!memo.has(keyOf(r))) todo.set(keyOf(r), r);
      if (spent + todo.size > budget) throw new BudgetSpent();
      const list = [...todo.values()];
      for (let i = 0; i < list.length; i += batchRows) {
        const chunk = list.slice(i, i + batchRows);
        const scores = await scorer.scoreRows(chunk);
        chunk.forEach((r, k) => memo.set(keyOf(r), scores[k]));
        spent += chunk.length;
        onProgress?.(spent, budget);
      }
      return batch.map((r) => memo.get(keyOf(r))!);
    },
    spent: () => spent,
    failedRows: () => [...memo.values()].filter((s) => s.value === null).length,
  };
}

/** Step 0: leave-one-out ablation of the confirm rows' replies, within its share of the budget. */
async function measureSensitivity(hunt: Hunt, calls: number): Promise<Sensitivity> {
  if (calls <= 0) return emptySensitivity();
  const { rows, confirmIdx, baseValue, scoring, settings } = hunt;
  const probes = confirmIdx.flatMap((i) => (baseValue.get(i) == null ? [] : [{ id: rows[i].id, text: replyOf(rows[i], settings.policySpeaker), base: baseValue.get(i)!, row: rows[i] }]));
  const byId = new Map(probes.map((p) => [p.id, p.row]));
  try {
    return await ablate(probes, async (items) => (await scoring.score(items.map((it) => withReply(byId.get(it.id)!, it.text, settings.policySpeaker)))).map((sc) => objectiveOf(sc, settings.objective)), calls);
  } catch (err) {
    if (!(err instanceof BudgetSpent)) throw err;
    return emptySensitivity();
  }
}

/** Step 1: each edit's largest gain over the screening rows (null when nothing could be scored). */
async function screenEdits({ rows, screenIdx, baseValue, scoring, settings }: Hunt, edits: Edit[]): Promise<(number | null)[]> {
  const edited = edits.flatMap((e) => screenIdx.map((i) => applyEdit(e, rows[i], String(settings.seed), settings.policySpeaker)));
  const scores = await scoring.score(edited);
  return edits.map((_, j) => {
    let best: number | null = null;
    screenIdx.forEach((i, k) => {
      const before = baseValue.get(i);
      const after = objectiveOf(scores[j * screenIdx.length + k], settings.objective);
      if (before != null && after !== null) best = Math.max(best ?? -Infinity, after - before);
    });
    return best;
  });
}

/** Step 2: the edit on every confirm row; a finding when its mean gain's 95 % interval is above 0 (and above minGain). */
async function confirmEdit({ rows, confirmIdx, baseScores, baseValue, scoring, settings }: Hunt, edit: Edit): Promise<Finding | null> {
  const { policySpeaker, objective, minGain } = settings;
  const before = confirmIdx.map((i) => rows[i]);
  const after = before.map((r) => applyEdit(edit, r, String(settings.seed), policySpeaker));
  const afterScores = await scoring.score(after);
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
    found_at: scoring.spent(),
    sample: sample!,
    evidence: { before, after, beforeScores: baseScores, afterScores },
  };
}

/** One insertion holding every member's text (a group is screened as one edit). */
function groupEdit(members: Edit[]): Edit {
  if (members.length === 1) return members[0];
  const m = members[0];
  const joined = members.map((x) => x.inserted ?? "").join(" ");
  const [e] = insertions({ family: m.family, operator: m.operator, why: m.why, reference: m.reference, label: () => `${members.length} texts` }, [joined], [m.position ?? "end"]);
  return e;
}

const classOf = (e: Edit): string => `${e.family}/${e.operator}`;
const classFull = ({ perClass, settings }: Hunt, e: Edit): boolean => (perClass.get(classOf(e)) ?? 0) >= settings.maxPerClass;

/** Splits a raising group until the single phrases that raise the objective on their own are found. */
async function bisectGroup(hunt: Hunt, group: Edit[], want = Math.max(1, hunt.settings.maxPerClass - (hunt.perClass.get(classOf(group[0])) ?? 0))): Promise<Edit[]> {
  if (group.length === 1) return group;
  const halves = [group.slice(0, Math.ceil(group.length / 2)), group.slice(Math.ceil(group.length / 2))];
  const out: Edit[] = [];
  for (const h of halves) {
    if (out.length >= want) break;
    const [g] = await screenEdits(hunt, [groupEdit(h)]);
    if (g !== null && g > hunt.settings.minGain) out.push(...(await bisectGroup(hunt, h, want - out.length)));
  }
  return out;
}

/** The bandit's arms (each a list of pulls, one edit or one group of insertions per pull), their first-pull order and their statistics. */
interface Arms {
  arms: Map<string, Edit[][]>;
  firstOrder: Map<string, number>;
  stats: Map<string, { pulls: number; hits: number; next: number }>;
}

/**
 * Arms: one per operator and granularity (word edits) or insertion position. Insertions travel in
 * groups (one insertion holding many texts), split when it raises the objective. Mined phrases come
 * ranked (most widespread first): the first ones are tried alone, later ones in groups that double
 * every 16 groups up to groupSize, because the top of the list is also tried where position matters.
 * Other insertions are unranked and grouped at once. Whole-reply transforms are tried one by one.
 * A whole-reply transform is an arm of its own (each is tried once, as a round robin would); a word
 * operator's thousands of variants share an arm per granularity, an insertion's per position.
 */
function armsOf(allEdits: readonly Edit[], rng: ReturnType<typeof createRng>, groupSize: number): Arms {
  const armOf = (e: Edit) => (e.granularity !== undefined || e.position !== undefined ? `${e.family}/${e.operator}@${e.granularity ?? e.position}` : e.id);
  const singles = new Map<string, Edit[][]>();
  const grouped = new Map<string, Edit[]>();
  for (const e of rng.shuffle(allEdits.filter((x) => x.family !== "mined")).concat(allEdits.filter((x) => x.family === "mined"))) {
    const target = e.inserted !== undefined && e.position !== undefined ? grouped : singles;
    const key = armOf(e);
    if (!target.has(key)) target.set(key, []);
    if (target === grouped) grouped.get(key)!.push(e);
    else singles.get(key)!.push([e]);
  }
  const arms = new Map<string, Edit[][]>(singles);
  for (const [key, list] of grouped) {
    const groups: Edit[][] = [];
    const ranked = key.startsWith("mined/");
    for (let i = 0, g = 0; i < list.length; g++) {
      const size = ranked ? Math.min(groupSize, 2 ** Math.floor(g / 16)) : groupSize;
      groups.push(list.slice(i, i + size));
      i += size;
    }
    arms.set(key, groups);
  }
  // First pulls: families take turns, and arms take turns within their family.
  const perFamily = new Map<string, string[]>();
  for (const key of [...arms.keys()].sort()) {
    const family = key.split("/")[0];
    if (!perFamily.has(family)) perFamily.set(family, []);
    perFamily.get(family)!.push(key);
  }
  const interleave = <T>(lists: T[][]): T[] => {
    const out: T[] = [];
    for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i]);
    return out;
  };
  const firstOrder = new Map(interleave([...perFamily.values()].map((l) => rng.shuffle(l))).map((k, i) => [k, i]));
  const stats = new Map([...arms.keys()].map((k) => [k, { pulls: 0, hits: 0, next: 0 }]));
  return { arms, firstOrder, stats };
}

/**
 * Steps 1–2 under the bandit: pull arms in batches, screen each pull, split raising groups and confirm
 * the survivors, until the budget (BudgetSpent) or the arms run out.
 */
async function searchArms(hunt: Hunt, { arms, firstOrder, stats }: Arms): Promise<void> {
  const { screenIdx, scoring, settings, findings, perClass } = hunt;
  const seenIds = new Set<string>();
  const perBatch = Math.max(1, Math.floor(settings.batchRows / Math.max(1, screenIdx.length)));
  const live = (key: string) => {
    const st = stats.get(key)!;
    const list = arms.get(key)!;
    while (st.next < list.length && classFull(hunt, list[st.next][0])) st.next++;
    return st.next < list.length;
  };
  /** Up to k pulls: unpulled arms first (in their turn order), then UCB1 on the screening hit rate. */
  const pick = (k: number): { key: string; members: Edit[] }[] => {
    const out: { key: string; members: Edit[] }[] = [];
    const total = [...stats.values()].reduce((n, st) => n + st.pulls, 0) + 1;
    const pending = new Map<string, number>();
    for (let j = 0; j < k; j++) {
      let best: string | undefined;
      let bestScore = -Infinity;
      for (const key of arms.keys()) {
        if (!live(key)) continue;
        const st = stats.get(key)!;
        const pulls = st.pulls + (pending.get(key) ?? 0);
        const ucb = pulls === 0 ? 1e9 - firstOrder.get(key)! : st.hits / pulls + Math.sqrt((2 * Math.log(total + j)) / pulls);
        if (ucb > bestScore) [best, bestScore] = [key, ucb];
      }
      if (best === undefined) break;
      const st = stats.get(best)!;
      out.push({ key: best, members: arms.get(best)![st.next++] });
      pending.set(best, (pending.get(best) ?? 0) + 1);
    }
    return out;
  };
  for (;;) {
    // Near the end of the budget, screen only as many candidates as it still pays for.
    // Half of what is left at most, so the splits and confirmations of this batch still fit.
    const room = Math.floor((settings.budget - scoring.spent()) / Math.max(1, screenIdx.length) / 2);
    if (room < 1) break;
    const slice = pick(Math.min(perBatch, room));
    if (slice.length === 0) break;
    const gains = await screenEdits(
      hunt,
      slice.map((p) => groupEdit(p.members)),
    );
    for (const [j, { key, members }] of slice.entries()) {
      hunt.screened += members.length;
      for (const m of members) tally(hunt, m, "screened");
      const st = stats.get(key)!;
      st.pulls++;
      const g = gains[j];
      if (g === null || g <= settings.minGain) continue;
      st.hits++;
      const hits = members.length === 1 ? members : await bisectGroup(hunt, members);
      for (const hit of hits) {
        if (seenIds.has(hit.id) || classFull(hunt, hit)) continue;
        seenIds.add(hit.id);
        const f = await confirmEdit(hunt, hit);
        if (f) {
          findings.push(f);
          tally(hunt, hit, "confirmed");
          perClass.set(f.class, (perClass.get(f.class) ?? 0) + 1);
        }
      }
    }
  }
}

/** Step 3: the beam of best findings (one per class) chained pairwise, each chain screened and confirmed. */
async function composeBest(hunt: Hunt, allEdits: readonly Edit[]): Promise<void> {
  const top = bestPerClass(hunt.findings).slice(0, hunt.settings.beam);
  const base = new Map(allEdits.map((e) => [e.id, e]));
  const members = (f: Finding) => f.chain.map((id) => base.get(id)).filter((e): e is Edit => !!e);
  for (const a of top)
    for (const b of top) {
      if (a === b || a.class === b.class) continue;
      const [ea] = members(a);
      const [eb] = members(b);
      if (!ea || !eb) continue;
      const c = chain(ea, eb);
      const [g] = await screenEdits(hunt, [c]);
      if (g === null || g <= hunt.settings.minGain) continue;
      const f = await confirmEdit(hunt, c);
      if (f) hunt.findings.push(f);
    }
}

/** The strongest finding of each class, strongest first. */
export function bestPerClass(findings: readonly Finding[]): Finding[] {
  const best = new Map<string, Finding>();
  for (const f of findings) if (!best.has(f.class) || best.get(f.class)!.mean < f.mean) best.set(f.class, f);
  return [...best.values()].sort((a, b) => b.mean - a.mean);
}
