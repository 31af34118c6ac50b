/// <reference lib="dom" />
// The dashboard end to end in real headless Chromium, served on localhost over real artifacts made by the
// real CLI: runs list, run A's reward curves with the onset marker at step 478, one forest-plot row per
// suffix and path, the certify A/B tables with per-bar verdicts and guards, and the sample browser's
// search, filters, sort and term breakdown. Each main view is saved as a screenshot.
// Then, with a 50,000-row scored log loaded, every filter and scroll interaction must reach the screen
// with the expected rows while the DOM holds under 100 rows. Their speed (SPEC §11: under 200 ms from
// the input event to the painted frame) is measured by bench/speed/dashboard-responsiveness.ts.
import { serve, type ServerType } from "@hono/node-server";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUiApp } from "../../src/ui/app.js";
import { signedSig } from "../../web/src/format.js";
import { ensureWebBuild } from "../../src/ui/web-build.js";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";
import { buildArtifacts, PROBE_PATHS, PROBE_SUFFIXES, PROSE_ROWS } from "./artifacts.js";
import { chromiumSkipReason, hasChromium, launchChromium, shotPaths } from "./browser.js";
import { buildLog, filterRounds, LOG_ROWS, scrollRounds, SHARED_FILTER_STEPS, summary, type LogRow } from "./responsiveness.js";

const skip = !hasChromium || !hasSharedData;
if (skip) console.warn(`dashboard e2e skipped: ${!hasChromium ? chromiumSkipReason : sharedDataSkipReason}`);

interface Row {
  id: string;
  prompt?: string;
  output: string;
  score: { value: number | null; terms: Record<string, { value: number | null }> };
}

describe.skipIf(skip)("foolsgold ui in headless Chromium", () => {
  const root = mkdtempSync(join(tmpdir(), "fg-ui-e2e-"));
  const dir = join(root, "artifacts");
  let server: ServerType;
  let base: string;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await Promise.all([buildArtifacts(dir), ensureWebBuild()]);
    const app = createUiApp({ artifactsDir: dir });
    base = await new Promise<string>((done) => {
      server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => done(`http://127.0.0.1:${info.port}`));
    });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on("pageerror", (e) => pageErrors.push(e.message));
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
    rmSync(root, { recursive: true, force: true });
  });

  const shot = async (name: string, fullPage = true) => {
    for (const path of shotPaths(name)) await page.screenshot({ path, fullPage });
  };
  const artifact = (file: string) => JSON.parse(readFileSync(join(dir, file), "utf8"));

  it("lists every artifact with its kind and summary", async () => {
    await page.goto(`${base}/#/`);
    await page.waitForSelector("[data-testid=runs-table] tbody tr");
    const kinds = await page.$$eval("[data-testid=runs-table] tbody tr", (rows) => rows.map((r) => `${r.getAttribute("data-kind")} ${r.getAttribute("data-file")}`));
    expect(kinds).toEqual(expect.arrayContaining(["onset onset-run_A.json", "audit audit.json", "certify certify.json", "score prose/score.json", "jsonl prose/scored.jsonl", "jsonl banks/eval6.base.jsonl"]));
    const onsetRow = await page.textContent("tr[data-file='onset-run_A.json']");
    expect(onsetRow).toContain("onset 478 [478, 492], 621 steps");
    const certified = artifact("certify.json").result.certified as boolean;
    expect(await page.textContent("tr[data-file='certify.json']")).toContain(certified ? "CERTIFIED" : "NOT CERTIFIED");
    await page.fill("input[aria-label='filter runs']", "onset");
    expect(await page.$$eval("[data-testid=runs-table] tbody tr", (rows) => rows.map((r) => r.getAttribute("data-file")))).toEqual(["onset-run_A.json"]);
    await page.fill("input[aria-label='filter runs']", "");
    await shot("dashboard-runs");
  });

  it("draws run A's reward curves with the onset marker at step 478 and its interval", async () => {
    await page.goto(`${base}/#/run/onset-run_A.json`);
    await page.waitForSelector(".onset-marker");
    expect(await page.textContent("[data-testid=onset-summary]")).toBe("onset at step 478 (interval 478–492)");
    const curves = await page.$$eval(".curve", (els) => els.map((e) => e.getAttribute("data-series")));
    expect(curves).toEqual(["G", "M"]);
    // The marker sits at step 478 on the x axis: uPlot's x scale spans the data (steps 1..621).
    const placement = await page.$$eval(".curve", (els) =>
      els.map((e) => {
        const marker = e.querySelector(".onset-marker") as HTMLElement;
        const over = e.querySelector(".u-over") as HTMLElement;
        const m = marker.getBoundingClientRect();
        const o = over.getBoundingClientRect();
        return { step: marker.dataset.step, centre: m.left + m.width / 2 - o.left, width: o.width };
      }),
    );
    for (const p of placement) {
      expect(p.step).toBe("478");
      expect(Math.abs(p.centre - ((478 - 1) / (621 - 1)) * p.width)).toBeLessThan(2);
    }
    const sweep = await page.$$eval("[data-testid=sweep] tbody tr", (rows) => rows.map((r) => r.textContent));
    expect(sweep).toHaveLength(12);
    await shot("dashboard-onset");
  });

  it("shows the probe as a forest plot with one row per suffix and path", async () => {
    const probe = artifact("audit.json").result.probe;
    await page.goto(`${base}/#/run/audit.json`);
    await page.waitForSelector("[data-testid=forest] tbody tr");
    const rows = await page.$$eval("[data-testid=forest] tbody tr", (trs) =>
      trs.map((tr) => ({ suffix: tr.getAttribute("data-suffix"), path: tr.getAttribute("data-path"), mean: tr.querySelector("[data-testid=mean]")?.textContent, verdict: tr.lastElementChild?.textContent })),
    );
    expect(rows).toHaveLength(PROBE_SUFFIXES.length * PROBE_PATHS.length);
    expect(new Set(rows.map((r) => `${r.suffix}|${r.path}`)).size).toBe(rows.length);
    for (const s of PROBE_SUFFIXES) {
      for (const path of PROBE_PATHS) {
        const row = rows.find((r) => r.suffix === s.text && r.path === path);
        const d = probe.suffixes.find((x: { suffix: string }) => x.suffix === s.text).paths[path];
        expect(row?.mean).toBe(signedSig(d.mean));
      }
    }
    // The raw path is the reference; v2's verdict is the artifact's.
    const haha = probe.suffixes.find((x: { suffix: string }) => x.suffix === " Haha!");
    expect(rows.find((r) => r.suffix === " Haha!" && r.path === "raw")?.verdict).toBe("reference");
    expect(rows.find((r) => r.suffix === " Haha!" && r.path === "v2")?.verdict).toBe(haha.verdicts.v2);
    await shot("dashboard-forest");
  });

  it("shows the certify A/B tables with per-bar verdicts and guards", async () => {
    const result = artifact("certify.json").result;
    await page.goto(`${base}/#/run/certify.json`);
    await page.waitForSelector("[data-testid=certify-verdict]");
    expect(await page.textContent("[data-testid=certify-verdict]")).toContain(result.certified ? "CERTIFIED" : "NOT CERTIFIED");
    const set = result.sets[0];
    const bars = await page.$$eval(`[data-testid=bars-${set.name}] tbody tr`, (trs) => trs.map((tr) => ({ bar: tr.getAttribute("data-bar"), verdict: tr.children[4].textContent })));
    expect(bars).toEqual(set.verdicts.map((v: { bar: string; pass: boolean }) => ({ bar: v.bar, verdict: v.pass ? "PASS" : "MISS" })));
    const guards = await page.$$eval("[data-testid=guards-trained] tbody tr", (trs) => trs.map((tr) => ({ guard: tr.getAttribute("data-guard"), status: tr.lastElementChild?.textContent })));
    expect(guards).toEqual(set.trained.guards.map((g: { guard: string; fired: boolean | null }) => ({ guard: g.guard, status: g.fired === null ? "reported" : g.fired ? "FIRED" : "ok" })));
    // The bait arm appends laughter to every policy turn: its strict-laughter guard must show as fired.
    const bait = await page.textContent("[data-testid=guards-bait] tr[data-guard=strict_laughter]");
    expect(bait).toContain("FIRED");
    const retention = await page.textContent("[data-testid=ab-trained] tbody tr");
    expect(retention).toContain(signedSig(set.trained.retention.delta));
    await shot("dashboard-certify");
  });

  it("browses samples: search, range filter, sort and the per-term breakdown", async () => {
    const rows = readFileSync(join(dir, "prose/scored.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Row);
    await page.goto(`${base}/#/samples/${encodeURIComponent("prose/scored.jsonl")}`);
    const count = "[data-testid=samples-count]";
    await page.waitForSelector(`${count}[data-matched='${PROSE_ROWS}']`);

    const needle = "dragon";
    const expectedSearch = rows.filter((r) => `${r.id}\n${r.prompt ?? ""}\n${r.output}`.toLowerCase().includes(needle)).length;
    expect(expectedSearch).toBeGreaterThan(0);
    await page.fill("input[aria-label=search]", needle);
    await page.waitForSelector(`${count}[data-matched='${expectedSearch}']`);
    await page.fill("input[aria-label=search]", "");
    await page.waitForSelector(`${count}[data-matched='${PROSE_ROWS}']`);

    const slop = rows.map((r) => r.score.terms.slop.value as number).sort((a, b) => a - b);
    const cut = slop[Math.floor(slop.length / 2)];
    const expectedRange = slop.filter((v) => v >= cut).length;
    await page.selectOption("select[aria-label=field]", "slop");
    await page.fill("input[aria-label=min]", String(cut));
    await page.waitForSelector(`${count}[data-matched='${expectedRange}']`);
    // The filters live in the URL: a reload shows the same rows.
    expect(page.url()).toContain(`min=${encodeURIComponent(String(cut))}`);
    await page.reload();
    await page.waitForSelector(`${count}[data-matched='${expectedRange}']`);
    expect(await page.inputValue("input[aria-label=min]")).toBe(String(cut));
    await page.fill("input[aria-label=min]", "");

    await page.selectOption("select[aria-label=field]", "value");
    await page.selectOption("select[aria-label=sort]", "desc");
    const best = rows.reduce((a, b) => ((b.score.value ?? -Infinity) > (a.score.value ?? -Infinity) ? b : a));
    await page.waitForSelector(`.scroller .row[data-pos='0'][data-id='${best.id}']`);
    await page.click(`.scroller .row[data-pos='0']`);
    await page.waitForSelector(`[data-testid=sample-detail][data-id='${best.id}']`);
    const terms = await page.$$eval("[data-testid=sample-detail] tr[data-term]", (trs) => trs.map((tr) => [tr.getAttribute("data-term"), tr.children[1].textContent]));
    expect(Object.fromEntries(terms)).toEqual(Object.fromEntries(Object.entries(best.score.terms).map(([k, t]) => [k, (t.value as number).toFixed(4)])));
    await shot("dashboard-samples", false);
    expect(pageErrors).toEqual([]);
  });
  describe("with a 50,000-row log", () => {
    const N = LOG_ROWS;
    let rows: LogRow[];

    beforeAll(async () => {
      mkdirSync(join(dir, "big"), { recursive: true });
      rows = await buildLog(root, join(dir, "big", "log.jsonl"));
      const t0 = Date.now();
      await page.goto(`${base}/#/samples/${encodeURIComponent("big/log.jsonl")}`);
      await page.waitForSelector(`[data-testid=samples-count][data-matched='${N}']`, { timeout: 60_000 });
      console.log(`50k log: ${N} rows, first view (read + index on the server, first page) in ${Date.now() - t0} ms`);
    });

    // Each interaction must reach its expected result on screen (the count and the row at the
    // position); how long that takes is measured by bench/speed/dashboard-responsiveness.ts against the
    // 200 ms budget of SPEC §11, not here: a timed assertion fails on a loaded machine, not on slow code.
    // The times are printed so a slow run is visible in the log.
    const reached = (label: string, attempts: number[][]) => {
      const all = summary(attempts.flat());
      console.log(`50k ${label}: ${all.n} interactions reached their result; median ${all.median.toFixed(0)} ms, max ${all.max.toFixed(0)} ms (not a budget check: see bench/speed/dashboard-responsiveness.ts)`);
      expect(attempts.flat().filter((t) => !Number.isFinite(t))).toEqual([]);
    };

    it("filters (search as you type, range, sort) reach the expected rows", async () => {
      const attempts = await filterRounds(page, rows);
      expect(attempts.map((t) => t.length)).toEqual(["dragon", "magic", "forest"].map((w) => w.length - 1 + SHARED_FILTER_STEPS));
      reached("filter interactions", attempts);
    });

    it("scrolls anywhere in the log and keeps the DOM small", async () => {
      reached("scroll interactions", await scrollRounds(page, rows));
      const rendered = await page.$$eval(".scroller .row", (els) => els.length);
      console.log(`rows in the DOM while showing 50,000: ${rendered}`);
      expect(rendered).toBeLessThan(100);
      for (const path of shotPaths("dashboard-samples-50k")) await page.screenshot({ path });
    });

    it("draws the log's reward curves per term: one chart per term, 100 steps, 500 rows a step", async () => {
      await page.click("text=show reward curves per step");
      await page.waitForSelector(".curve[data-series=value]", { timeout: 30_000 });
      const terms = Object.keys(rows[0].score.terms);
      expect(await page.$$eval(".curve", (els) => els.map((e) => e.getAttribute("data-series")))).toEqual(["value", ...[...terms].sort()]);
      expect(await page.textContent("[data-testid=curves] p")).toContain("100 steps · mean per step with 95% interval");
      await page.click("text=hide reward curves per step");
    });
  });
});
