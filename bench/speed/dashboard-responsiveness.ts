// Benchmark (SPEC §11): the dashboard's samples view on a 50,000-row scored log must show the result of
// every filter and scroll interaction within 200 ms, measured in real headless Chromium with
// performance.now() from the input event to the first painted frame that shows the new result. The same
// interactions run on a 5,000-row log in the same process as the baseline, so the ratio says how much of
// the time grows with the log. Three rounds of equivalent but cold interactions (test/ui/responsiveness.ts);
// one interaction's cost is its fastest cold attempt (as timeit takes the minimum), and the median over
// every attempt is printed too. The e2e test runs the same interactions and checks their results only.
//   npx tsx bench/speed/dashboard-responsiveness.ts
import { serve, type ServerType } from "@hono/node-server";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createUiApp } from "../../src/ui/app.js";
import { ensureWebBuild } from "../../src/ui/web-build.js";
import { chromiumSkipReason, hasChromium, launchChromium } from "../../test/ui/browser.js";
import { BUDGET_MS, buildLog, filterRounds, scrollRounds, SHARED_FILTER_STEPS, summary, type LogRow } from "../../test/ui/responsiveness.js";
import { hasSharedData, sharedDataSkipReason } from "../../test/helpers/shared-data.js";

if (!hasChromium || !hasSharedData) {
  console.log(`skipped: ${!hasChromium ? chromiumSkipReason : sharedDataSkipReason}`);
  process.exit(0);
}

const root = mkdtempSync(join(tmpdir(), "fg-ui-bench-"));
const dir = join(root, "artifacts");
mkdirSync(dir, { recursive: true });
const logs: { file: string; rows: LogRow[] }[] = [];
await ensureWebBuild();
for (const copies of [10, 100]) {
  const work = join(root, `work-${copies}`);
  mkdirSync(work);
  const file = `log-${copies}.jsonl`;
  logs.push({ file, rows: await buildLog(work, join(dir, file), copies) });
}

const app = createUiApp({ artifactsDir: dir });
let server: ServerType | undefined;
const base = await new Promise<string>((done) => {
  server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => done(`http://127.0.0.1:${info.port}`));
});
const browser = await launchChromium();
const fmt = (xs: number[]) => {
  const s = summary(xs);
  return `median ${s.median.toFixed(0)} ms, max ${s.max.toFixed(0)} ms (n = ${s.n})`;
};
const fastest = (attempts: number[][]) => attempts[0].map((_, k) => Math.min(...attempts.map((round) => round[k])));

interface Figures {
  filters: number;
  scroll: number;
  met: boolean;
}
const results: Figures[] = [];
try {
  for (const { file, rows } of logs) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // tsx keeps function names by wrapping them in a `__name` helper, which page.evaluate sends to the
    // page without its definition; vitest does not, so only the bench defines it there.
    await page.addInitScript({ content: "globalThis.__name = (f) => f;" });
    const t0 = Date.now();
    await page.goto(`${base}/#/samples/${encodeURIComponent(file)}`);
    await page.waitForSelector(`[data-testid=samples-count][data-matched='${rows.length}']`, { timeout: 60_000 });
    const load0 = loadavg()[0];
    console.log(`\n${rows.length} rows: first view in ${Date.now() - t0} ms; load ${load0.toFixed(2)}`);
    const filters = await filterRounds(page, rows);
    // Words differ in length, so the rounds are compared on the interactions they share.
    const shared = filters.map((t) => t.slice(-SHARED_FILTER_STEPS));
    const keys = filters.flatMap((t) => t.slice(0, -SHARED_FILTER_STEPS));
    const scroll = await scrollRounds(page, rows);
    const bestFilters = fastest(shared);
    const bestScroll = fastest(scroll);
    console.log(`  filters, fastest cold attempt per interaction: ${fmt(bestFilters)}; all attempts: ${fmt(shared.flat())}`);
    console.log(`  search-as-you-type keystrokes: ${fmt(keys)}`);
    console.log(`  scroll, fastest cold attempt per interaction: ${fmt(bestScroll)}; all attempts: ${fmt(scroll.flat())}`);
    const met = Math.max(...bestFilters, ...bestScroll) < BUDGET_MS && summary([...shared.flat(), ...keys]).median < BUDGET_MS && summary(scroll.flat()).median < BUDGET_MS;
    console.log(`  budget ${BUDGET_MS} ms (every interaction's fastest attempt, and the medians of all attempts): ${met ? "met" : "NOT met"}; load after ${loadavg()[0].toFixed(2)}`);
    results.push({ filters: summary(shared.flat()).median, scroll: summary(scroll.flat()).median, met });
    await page.close();
  }
  const [small, large] = results;
  console.log(`\nratio 50,000 / 5,000 rows, medians of all attempts: filters ${(large.filters / small.filters).toFixed(2)}×, scroll ${(large.scroll / small.scroll).toFixed(2)}×`);
  if (!large.met) process.exitCode = 1;
} finally {
  await browser.close();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  rmSync(root, { recursive: true, force: true });
}
