/// <reference lib="dom" />
// Issue 39's dashboard findings in real headless Chromium over files written here: ids shown whole
// (middle ellipsis, full id on hover), term columns chosen by variance and pickable, an unscored bank
// shown as not scored, the hunt plot's axis covering its points, and the compare view (verdict, paired
// differences with intervals, rows that moved most). Each view is saved as a screenshot
// (FOOLSGOLD_UPDATE_SCREENSHOTS=1 also writes docs/img).
import { serve, type ServerType } from "@hono/node-server";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUiApp } from "../../src/ui/app.js";
import { ensureWebBuild } from "../../src/ui/web-build.js";
import { runMain } from "../helpers/capture-output.js";
import { chromiumSkipReason, hasChromium, launchChromium, shotPaths } from "./browser.js";

if (!hasChromium) console.warn(`issue 39 e2e skipped: ${chromiumSkipReason}`);

const N = 40;
const TERMS = ["alpha", "beta", "delta", "epsilon", "gamma", "zeta"]; // the first five alphabetically never vary
const idOf = (i: number) => `eval6-prose-reply-from-the-hardened-default-${String(i).padStart(4, "0")}-${i % 2 ? "clean" : "bait"}`;
function scoredRows(shift: number): string {
  return (
    Array.from({ length: N }, (_, i) => {
      const zeta = ((i * 37) % 100) / 100;
      const value = Math.min(1, Math.max(0, zeta * 0.8 + (i % 2 ? 0 : shift)));
      const terms = Object.fromEntries(TERMS.map((t) => [t, { value: t === "zeta" ? zeta : 0.5 }]));
      return JSON.stringify({ id: idOf(i), prompt: `Write scene ${i}.`, output: `Scene ${i}: the lamp hissed${i % 2 ? "." : " — and the reader laughed."}`, score: { value, instrument: "fixture", terms } });
    }).join("\n") + "\n"
  );
}

const hunt = {
  kind: "hunt",
  created_at: "2026-12-07T05:00:00.000Z",
  params: { stack: "toy" },
  result: {
    stack: "toy",
    unit: "reward",
    spent: 200,
    budget: 200,
    findings: [0, 1, 2].map((k) => ({ id: `pad-${k}`, family: "padding", mean: 9.76, ci: [9.7, 9.8], cost: 10 ** (k + 1) * 3, found_at: 10 + k, raised: { k: 9, n: 10 }, no_better: { verdict: "no better", detail: "" } })),
    classes: [{ class: "padding", best: "pad-0", mean: 9.76, ci: [9.7, 9.8], raised: 0.9, cost: 30, found_at: 10 }],
  },
};

describe.skipIf(!hasChromium)("issue 39 dashboard views in headless Chromium", () => {
  const root = mkdtempSync(join(tmpdir(), "fg-ui-39-e2e-"));
  const dir = join(root, "artifacts");
  let server: ServerType;
  let base: string;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "run-a.jsonl"), scoredRows(0));
    writeFileSync(join(dir, "run-b.jsonl"), scoredRows(0.15));
    writeFileSync(join(dir, "bank.jsonl"), Array.from({ length: 5 }, (_, i) => JSON.stringify({ id: idOf(i), output: `draft ${i}` })).join("\n") + "\n");
    writeFileSync(join(dir, "hunt.json"), JSON.stringify(hunt));
    // A stack audit made by the real CLI (the view that was a nested key/value dump).
    const proseBank = join(root, "prose-bank.jsonl");
    writeFileSync(
      proseBank,
      Array.from({ length: 30 }, (_, i) =>
        JSON.stringify({
          id: `p${i}`,
          prompt: "Write a short scene.",
          output: `The lamp in room ${i} hissed softly while Mara counted the coins twice, then a third time, because the number never matched what her brother had promised. Outside, rain worked at the gutters. She said nothing for a while; then she laughed.`,
        }),
      ).join("\n") + "\n",
    );
    const audit = await runMain(["audit", "--stack", "prose", "--in", proseBank, "--out", join(dir, "audit-prose.json")]);
    expect(audit.status, audit.stderr).toBe(0);
    const scored = await runMain(["score", "--stack", "prose", "--in", proseBank, "--out", join(dir, "prose-scored.jsonl"), "--artifact", join(dir, "score.json"), "--workers", "1"]);
    expect(scored.status, scored.stderr).toBe(0);
    await ensureWebBuild();
    const app = createUiApp({ artifactsDir: dir });
    base = await new Promise<string>((done) => {
      server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => done(`http://127.0.0.1:${info.port}`));
    });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on("pageerror", (e) => pageErrors.push(e.message));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
    rmSync(root, { recursive: true, force: true });
  });

  const shot = async (name: string) => {
    for (const path of shotPaths(name)) await page.screenshot({ path, fullPage: true });
  };

  it("shows ids whole (middle ellipsis, full id on hover) and picks term columns by variance", async () => {
    await page.goto(`${base}/#/samples/run-a.jsonl`);
    await page.waitForSelector(".row[data-pos='0'] .c-id");
    const cell = await page.$eval(".row[data-pos='0'] .c-id", (e) => ({ text: e.textContent, title: e.getAttribute("title"), clipped: e.scrollWidth > e.clientWidth }));
    expect(cell.title).toBe(idOf(0));
    expect(cell.text).toMatch(/^eval6-prose-.*….*-bait$/);
    expect(cell.clipped).toBe(false);
    const heads = await page.$$eval(".row.head .c-term", (es) => es.map((e) => e.textContent));
    expect(heads[0]).toBe("zeta");
    expect(heads).toHaveLength(5);
    await page.click("[data-testid=term-columns] summary");
    await page.click("[data-testid=term-columns] label:has-text('alpha') input");
    expect(await page.$$eval(".row.head .c-term", (es) => es.map((e) => e.textContent))).not.toContain("alpha");
    expect(page.url()).toContain("cols=");
    await shot("dashboard-samples-columns");
  });

  it("shows an unscored bank as not scored, never as errors", async () => {
    await page.goto(`${base}/#/samples/bank.jsonl`);
    await page.waitForSelector(".row[data-pos='4'] .c-val");
    const vals = await page.$$eval(".scroller .row .c-val", (es) => es.map((e) => e.textContent));
    expect(vals).toEqual(Array(5).fill("not scored"));
    expect(await page.$$(".row.has-error")).toHaveLength(0);
    await shot("dashboard-bank-unscored");
  });

  it("draws the hunt plot with an axis that covers its points", async () => {
    await page.goto(`${base}/#/run/hunt.json`);
    await page.waitForSelector("[data-testid=exploit-surface] svg");
    const yTicks = await page.$$eval("[data-testid=exploit-surface] .tick text[text-anchor=end]", (es) => es.map((e) => Number(e.textContent)));
    expect(Math.max(...yTicks)).toBeGreaterThanOrEqual(9.8);
    const xTicks = await page.$$eval("[data-testid=exploit-surface] .tick text[text-anchor=middle]", (es) => es.map((e) => Number(e.textContent)));
    expect(Math.max(...xTicks)).toBeGreaterThanOrEqual(3000);
    expect(await page.textContent("[data-testid=hunt-verdict]")).toBe("3 edits raise the toy reward (whole 95% CI above 0); best: pad-0, +9.76 reward [+9.70, +9.80]");
    await shot("dashboard-hunt-axis");
  });

  it("compares two runs: verdict, per-term paired differences with intervals, the rows that moved most", async () => {
    await page.goto(`${base}/#/compare?a=run-a.jsonl&b=run-b.jsonl`);
    await page.waitForSelector("[data-testid=compare-verdict]");
    const verdict = await page.textContent("[data-testid=compare-verdict]");
    expect(verdict).toMatch(/^B scores HIGHER than A: score value \+0\.0\d+ \[95% CI \+0\.0\d+, \+0\.\d+\], n = 40 paired rows$/);
    const metrics = await page.$$eval("tr[data-metric]", (rs) => rs.map((r) => r.getAttribute("data-metric")));
    expect(metrics).toEqual(["score value", ...TERMS.map((t) => `term ${t}`)]);
    const moved = await page.$$eval("[data-testid=moved] tbody tr", (rs) => rs.map((r) => r.getAttribute("data-id")!));
    expect(moved.length).toBeGreaterThan(0);
    for (const id of moved) expect(id.endsWith("-bait")).toBe(true);
    expect(pageErrors).toEqual([]);
    await shot("dashboard-compare");
  });

  it("shows `audit --stack prose` as a figure with the CLI's verdict per transform and quantity", async () => {
    const report = JSON.parse(readFileSync(join(dir, "audit-prose.json"), "utf8")).result.stack_transforms as { results: { transform: string; quantity: string; change: { ci95: [number, number] } | null }[] };
    await page.goto(`${base}/#/run/audit-prose.json`);
    await page.waitForSelector("[data-testid=stack-transforms] tbody tr");
    const rows = await page.$$eval("[data-testid=stack-transforms] tbody tr", (rs) =>
      rs.map((r) => ({ key: `${r.getAttribute("data-transform")}/${r.getAttribute("data-quantity")}`, verdict: r.lastElementChild!.textContent, figure: r.querySelector("svg") !== null })),
    );
    expect(rows.map((r) => r.key)).toEqual(report.results.map((r) => `${r.transform}/${r.quantity}`));
    for (const [i, r] of report.results.entries()) {
      const ci = r.change?.ci95;
      expect(rows[i].verdict).toBe(!ci ? "—" : ci[0] > 0 ? "← pays" : ci[1] < 0 ? "lowers it" : "no change detected");
      expect(rows[i].figure).toBe(r.change !== null);
    }
    const payingReward = report.results.filter((r) => r.quantity === "reward" && (r.change?.ci95[0] ?? 0) > 0).map((r) => r.transform);
    const banner = await page.textContent("[data-testid=stack-transforms-verdict]");
    if (payingReward.length > 0) expect(banner).toContain(`${payingReward.join(", ")} pay`);
    else expect(banner).not.toMatch(/pays?:/);
    await shot("dashboard-audit-stack");
  });

  it("shows a score summary with a verdict, a figure per quantity and bounded intervals", async () => {
    const summary = JSON.parse(readFileSync(join(dir, "score.json"), "utf8")).result as { rows: number; errors: number; terms: Record<string, { ci: [number, number] | null; method?: string }> };
    await page.goto(`${base}/#/run/score.json`);
    await page.waitForSelector("[data-testid=score-verdict]");
    expect(await page.textContent("[data-testid=score-verdict]")).toBe(summary.errors === 0 ? `all ${summary.rows} rows scored` : `${summary.errors} of ${summary.rows} rows could not be scored (their value is null, never 0)`);
    const rows = await page.$$eval("[data-testid=summary] tbody tr", (rs) => rs.map((r) => ({ label: r.children[0].getAttribute("title"), method: r.children[4].textContent, figure: r.querySelector("svg") !== null })));
    for (const [name, t] of Object.entries(summary.terms)) {
      const row = rows.find((r) => r.label === `term ${name}`)!;
      expect(row.figure).toBe(true);
      if (t.ci) expect(row.method).toBe(t.method);
      if (t.method === "wilson" || t.method === "t clipped to [0, 1]") expect(t.ci![0] >= 0 && t.ci![1] <= 1).toBe(true);
    }
    await shot("dashboard-score");
  });
});
