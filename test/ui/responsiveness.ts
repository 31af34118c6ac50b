/// <reference lib="dom" />
// The large-log interactions shared by the e2e test (dashboard.e2e.test.ts: every interaction reaches its
// expected result, and the page stays virtualized) and the responsiveness bench
// (bench/speed/dashboard-responsiveness.ts: how long each takes, against the 200 ms budget of SPEC §11).
// The log is 500 real model stories (HANNA, openings up to 600 characters) scored by the real prose
// stack, replicated as training steps 0..copies-1 (ids and steps vary; text and scores are real).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { runCli, storyBank } from "./artifacts.js";

const DISTINCT = 500;
const COPIES = 100;
export const LOG_ROWS = DISTINCT * COPIES;
export const BUDGET_MS = 200;
export const ROW_HEIGHT = 34;

export interface LogRow {
  id: string;
  prompt: string;
  output: string;
  step: number;
  score: { value: number | null; terms: Record<string, { value: number | null }> };
}

export type Action = { kind: "input" | "select"; selector: string; value: string } | { kind: "scroll"; top: number };
export interface Expect {
  matched: number;
  pos: number;
  id: string;
}

/**
 * Runs in the page: applies one interaction, waits until the count and the row at `pos` show the
 * expected result, then for the next animation frame (the paint), and returns the elapsed ms.
 */
export function measure(page: Page, action: Action, expected: Expect): Promise<number> {
  return page.evaluate(
    ({ action, expected }) =>
      new Promise<number>((resolve) => {
        const count = document.querySelector("[data-testid=samples-count]") as HTMLElement;
        const scroller = document.querySelector("[data-testid=scroller]") as HTMLElement;
        // A filter must produce a new answer (a new generation), not just one that looks like the old.
        const genBefore = count.dataset.gen;
        const t0 = performance.now();
        if (action.kind === "scroll") scroller.scrollTop = action.top;
        else {
          const el = document.querySelector(action.selector) as HTMLInputElement | HTMLSelectElement;
          const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
          Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(el, action.value);
          el.dispatchEvent(new Event(action.kind === "select" ? "change" : "input", { bubbles: true }));
        }
        const done = () => {
          const row = document.querySelector(`.scroller .row[data-pos='${expected.pos}']`) as HTMLElement | null;
          const fresh = action.kind === "scroll" || count.dataset.gen !== genBefore;
          return fresh && count.dataset.matched === String(expected.matched) && row?.dataset.id === expected.id;
        };
        const poll = () => {
          if (done()) requestAnimationFrame(() => resolve(performance.now() - t0));
          else if (performance.now() - t0 > 10_000) resolve(Number.POSITIVE_INFINITY);
          else requestAnimationFrame(poll);
        };
        poll();
      }),
    { action, expected },
  );
}

export const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, median: s[Math.floor(s.length / 2)], max: s.at(-1) as number };
};

/** Scores the stories (real prose stack) in `work` and writes the replicated log to `logPath`; returns its rows. */
export async function buildLog(work: string, logPath: string, copies = COPIES): Promise<LogRow[]> {
  writeFileSync(
    join(work, "bank.jsonl"),
    storyBank(DISTINCT, 600)
      .map((r) => JSON.stringify(r))
      .join("\n") + "\n",
  );
  await runCli(["score", "--stack", "prose", "--in", join(work, "bank.jsonl"), "--out", join(work, "scored.jsonl"), "--no-cache"]);
  const scored = readFileSync(join(work, "scored.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LogRow);
  const rows: LogRow[] = [];
  for (let step = 0; step < copies; step++) for (const r of scored) rows.push({ ...r, id: `${r.id}@${step}`, step });
  writeFileSync(logPath, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  return rows;
}

// Three rounds of equivalent but distinct interactions (other words, fields and positions), so every
// attempt is cold: nothing it needs is cached in the server or the page by an earlier round.
const ROUNDS = [
  { word: "dragon", field: "slop", quantile: 0.9, offset: 0 },
  { word: "magic", field: "human_phrases", quantile: 0.8, offset: 1_111 },
  { word: "forest", field: "openers", quantile: 0.7, offset: 2_222 },
];

/** A round is every keystroke of the search word, then 6 more; the last keystroke (the whole word) and those 6 are the interactions every round shares. */
export const SHARED_FILTER_STEPS = 7;

/**
 * Runs the filter rounds on the open samples view of `rows`; returns each round's times (ms; Infinity for
 * an interaction that did not reach its expected result within 10 s).
 */
export async function filterRounds(page: Page, rows: LogRow[]): Promise<number[][]> {
  const text = (r: LogRow) => `${r.id}\n${r.prompt}\n${r.output}`.toLowerCase();
  const attempts: number[][] = [];
  for (const round of ROUNDS) {
    const times: number[] = [];
    for (let len = 1; len <= round.word.length; len++) {
      const q = round.word.slice(0, len);
      const hits = rows.filter((r) => text(r).includes(q));
      if (hits.length === 0) throw new Error(`no row holds "${q}": the log is not the expected one`);
      times.push(await measure(page, { kind: "input", selector: "input[aria-label=search]", value: q }, { matched: hits.length, pos: 0, id: hits[0].id }));
    }
    times.push(await measure(page, { kind: "input", selector: "input[aria-label=search]", value: "" }, { matched: rows.length, pos: 0, id: rows[0].id }));
    // A gated reply is not measured by the later terms (composeStack stops at a closed gate), so it
    // has no value on the field: the dashboard leaves it out of a range, and so does this count.
    const values = (r: LogRow) => (r.score.terms[round.field]?.value ?? Number.NaN) as number;
    times.push(await measure(page, { kind: "select", selector: "select[aria-label=field]", value: round.field }, { matched: rows.length, pos: 0, id: rows[0].id }));
    const sorted = rows
      .map(values)
      .filter((v) => !Number.isNaN(v))
      .sort((a, b) => a - b);
    const cut = sorted[Math.floor(sorted.length * round.quantile)];
    const high = rows.filter((r) => values(r) >= cut);
    times.push(await measure(page, { kind: "input", selector: "input[aria-label=min]", value: String(cut) }, { matched: high.length, pos: 0, id: high[0].id }));
    times.push(await measure(page, { kind: "input", selector: "input[aria-label=min]", value: "" }, { matched: rows.length, pos: 0, id: rows[0].id }));
    // Rows without a value go last in either direction (src/ui/sample-query.ts).
    const descKey = (r: LogRow) => (Number.isNaN(values(r)) ? -Infinity : values(r));
    const desc = rows.map((_, i) => i).sort((a, b) => descKey(rows[b]) - descKey(rows[a]) || a - b);
    times.push(await measure(page, { kind: "select", selector: "select[aria-label=sort]", value: "desc" }, { matched: rows.length, pos: 0, id: rows[desc[0]].id }));
    times.push(await measure(page, { kind: "select", selector: "select[aria-label=sort]", value: "index" }, { matched: rows.length, pos: 0, id: rows[0].id }));
    attempts.push(times);
  }
  return attempts;
}

/** Runs the scroll rounds (8 far jumps needing unloaded rows, then 10 short scrolls); times as above. */
export async function scrollRounds(page: Page, rows: LogRow[]): Promise<number[][]> {
  const n = rows.length;
  const attempts: number[][] = [];
  for (const round of ROUNDS) {
    const targets = [25_000, 47_000, 1_234, 37_777, 12_345, 44_444, 30_000, 2].map((t) => Math.floor(((t + round.offset) % LOG_ROWS) * (n / LOG_ROWS)));
    for (let i = 0; i < 10; i++) targets.push(Math.floor(((20_000 + round.offset + i * 20) * n) / LOG_ROWS));
    const times: number[] = [];
    for (const pos of targets) times.push(await measure(page, { kind: "scroll", top: pos * ROW_HEIGHT }, { matched: n, pos, id: rows[pos].id }));
    attempts.push(times);
  }
  return attempts;
}
