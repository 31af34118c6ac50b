/// <reference lib="dom" />
// Helpers of the 50,000-row responsiveness test (in dashboard.e2e.test.ts): the log and the in-browser
// timing of one interaction. The log is 500 real model stories (HANNA, openings up to 600 characters)
// scored by the real prose stack, replicated 100 times as training steps 0..99 (ids and steps vary;
// text and scores are real).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { runCli, storyBank } from "./artifacts.js";

const DISTINCT = 500;
const COPIES = 100;
export const LOG_ROWS = DISTINCT * COPIES;
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
export async function buildLog(work: string, logPath: string): Promise<LogRow[]> {
  writeFileSync(join(work, "bank.jsonl"), storyBank(DISTINCT, 600).map((r) => JSON.stringify(r)).join("\n") + "\n");
  await runCli(["score", "--stack", "prose", "--in", join(work, "bank.jsonl"), "--out", join(work, "scored.jsonl"), "--no-cache"]);
  const scored = readFileSync(join(work, "scored.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as LogRow);
  const rows: LogRow[] = [];
  for (let step = 0; step < COPIES; step++) for (const r of scored) rows.push({ ...r, id: `${r.id}@${step}`, step });
  writeFileSync(logPath, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  return rows;
}
