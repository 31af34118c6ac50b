/// <reference lib="dom" />
// The README walked as written, in a fresh folder: the dashboard section's commands (`foolsgold demo`,
// then `foolsgold ui`, given --port 0 so a busy 8090 cannot fail it) run as child processes, and every
// dashboard view the README's "What each view needs" table names is opened in Debian's Chromium from what
// `demo` wrote, with no ../shared/data: runs, onset curves with their marker (a click on a step opens its
// samples), certify with its paired-difference plot and significant digits, the probe's forest plot with
// axis ticks and legend, the hunt's exploit surface, the sample browser on scored rows with chat turns,
// curves that follow its filters, CSV downloads; then a malformed artifact and an onset with wrong types
// each show a message naming the file and the field while the page stays up. Screenshots go to docs/img
// with FOOLSGOLD_UPDATE_SCREENSHOTS=1.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedSig, sig } from "../../web/src/format.js";
import { chromiumSkipReason, hasChromium, launchChromium, shotPaths } from "./browser.js";

const REPO = resolve(import.meta.dirname, "../..");
const BIN = join(REPO, "bin/foolsgold.js");
if (!hasChromium) console.warn(`README walk skipped: ${chromiumSkipReason}`);

/** The README's dashboard commands: the bash block under "## The dashboard", split at &&, comments dropped. */
export function readmeDashboardCommands(readme: string): string[][] {
  const section = readme.slice(readme.indexOf("## The dashboard"));
  const block = /```bash\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return block
    .split("\n")
    .map((l) => l.replace(/#.*$/, "").trim())
    .filter(Boolean)
    .flatMap((l) => l.split("&&").map((c) => c.trim().split(/\s+/)));
}

// The embedded LM's table and the response cache are build products, not README steps: the walk shares
// them with the other tests (./.foolsgold of the checkout) so it does not rebuild the LM in every fresh folder.
const env = { ...process.env, FOOLSGOLD_HOME: process.env.FOOLSGOLD_HOME ?? join(REPO, ".foolsgold") };

const run = (args: string[], cwd: string) =>
  new Promise<string>((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += String(d)));
    child.stderr.on("data", (d) => (err += String(d)));
    child.on("exit", (code) => (code === 0 ? done(out) : fail(new Error(`foolsgold ${args.join(" ")} exited ${code}: ${err.slice(-1500)}`))));
  });

describe.skipIf(!hasChromium)("the README, walked as written, reaches every dashboard view", () => {
  const cwd = mkdtempSync(join(tmpdir(), "fg-readme-"));
  const demoDir = join(cwd, ".foolsgold", "demo");
  let ui: ChildProcess | undefined;
  let base = "";
  let browser: Browser;
  let page: Page;
  let demoOut = "";
  const pageErrors: string[] = [];
  const artifact = (name: string) => JSON.parse(readFileSync(join(demoDir, name), "utf8"));
  const shot = async (name: string, fullPage = true) => {
    for (const path of shotPaths(name)) await page.screenshot({ path, fullPage });
  };

  beforeAll(async () => {
    const commands = readmeDashboardCommands(readFileSync(join(REPO, "README.md"), "utf8"));
    expect(commands.map((c) => c.slice(0, 3).join(" "))).toEqual(["node bin/foolsgold.js demo", "node bin/foolsgold.js ui"]);
    demoOut = await run(commands[0].slice(2), cwd);
    // The one view demo does not fill: the README's table says `audit --out F` makes it (small budgets here).
    await run(["audit", "--audits", "transforms,noise,contamination", "--sessions", "4", "--contexts", "4", "--out", join(".foolsgold", "audit.json")], cwd);
    ui = spawn(process.execPath, [BIN, ...commands[1].slice(2), "--port", "0"], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    base = await new Promise<string>((done, fail) => {
      let out = "";
      ui!.stdout!.on("data", (d) => {
        out += String(d);
        const m = /dashboard at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
        if (m) done(m[1]);
      });
      ui!.on("exit", (code) => fail(new Error(`ui exited ${code} before listening`)));
    });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on("pageerror", (e) => pageErrors.push(e.message));
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    ui?.kill("SIGTERM");
    rmSync(cwd, { recursive: true, force: true });
  });

  it("demo ends with a legend of every column and verdict it printed", () => {
    const legend = demoOut.slice(demoOut.indexOf("How to read the tables above"));
    expect(legend.length).toBeGreaterThan(100);
    for (const term of ["C ", "reward", "F ", "S ", "taste", "B ", "mean L (nats)", "taste units", "pos", "closed", "partly closed", "open", "(control)", "certify", "onset"]) expect(legend).toContain(term);
    // Every column header of the session table is explained.
    const header = demoOut.split("\n").find((l) => l.startsWith("session "))!;
    for (const col of header.split(/\s{2,}/).slice(2)) expect(legend).toContain(`    ${col}`);
  });

  it("the README's figures and screenshot are the demo's: the quick probe's n and \" Haha!\" gain, and the onset image this walk makes", () => {
    const readme = readFileSync(join(REPO, "README.md"), "utf8");
    const probe = artifact("demo.json").result.audit.bait_probe;
    const haha = probe.suffixes.find((x: { suffix: string }) => x.suffix === " Haha!").paths.raw;
    const claim = /the demo's quick probe: \+([\d.]+) \[([\d.]+), ([\d.]+)\] \(n = (\d+) contexts\)/.exec(readme);
    expect(claim).not.toBeNull();
    expect(claim!.slice(1).map(Number)).toEqual([haha.mean, haha.ci[0], haha.ci[1]].map((v) => Number(v.toFixed(2))).concat(probe.contexts));
    expect(demoOut).toContain(`n = ${probe.contexts} contexts`);
    const image = /!\[[^\]]*\]\(docs\/img\/([\w-]+)\.png\)/.exec(readme.slice(readme.indexOf("## The dashboard")))?.[1];
    expect(image).toBe("demo-onset");
  });

  it("Runs lists what demo wrote: every view has its artifact", async () => {
    await page.goto(`${base}/#/`);
    await page.waitForSelector("[data-testid=runs-table] tbody tr");
    const kinds = await page.$$eval("[data-testid=runs-table] tbody tr", (rows) => rows.map((r) => `${r.getAttribute("data-kind")} ${r.getAttribute("data-file")}`));
    expect(kinds).toEqual(expect.arrayContaining(["demo demo/demo.json", "onset demo/onset.json", "certify demo/certify.json", "hunt demo/hunt.json", "jsonl demo/scored.jsonl", "jsonl demo/training-log.jsonl", "jsonl demo/bank.jsonl"]));
    await shot("demo-runs");
  });

  it("Onset: curves with the onset marker; a click on a step opens that step's samples", async () => {
    const onset = artifact("onset.json").result;
    expect(onset.canonical_onset).not.toBeNull();
    await page.goto(`${base}/#/run/demo/onset.json`);
    await page.waitForSelector(".onset-marker");
    expect(await page.$$eval(".onset-marker", (els) => els.map((e) => e.getAttribute("data-step")))).toEqual([String(onset.canonical_onset), String(onset.canonical_onset)]);
    // Both charts have both axes (uPlot draws their ticks and unit labels on the canvas).
    expect(await page.$$eval(".curve .u-axis", (els) => els.length)).toBeGreaterThanOrEqual(4);
    await shot("demo-onset");
    const steps = onset.smoothed.map((s: { step: number }) => s.step) as number[];
    const target = steps[Math.floor(steps.length / 2)];
    const box = (await page.$(".curve .u-over"))!;
    const b = (await box.boundingBox())!;
    await page.mouse.move(b.x + ((target - steps[0]) / (steps.at(-1)! - steps[0])) * b.width, b.y + b.height / 2);
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForFunction((t) => location.hash.includes(`step=${t}`), target);
    expect(decodeURIComponent(page.url())).toContain(`#/samples/demo/training-log.jsonl?step=${target}`);
    const perStep = readFileSync(join(demoDir, "training-log.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((r) => r.step === target).length;
    await page.waitForSelector(`[data-testid=samples-count][data-matched='${perStep}']`);
  });

  it("Certify: verdict, paired-difference plot, significant digits (no +0.0000, no 8.0000)", async () => {
    const result = artifact("certify.json").result;
    await page.goto(`${base}/#/run/demo/certify.json`);
    await page.waitForSelector("[data-testid=certify-verdict]");
    expect(await page.textContent("[data-testid=certify-verdict]")).toContain(result.certified ? "CERTIFIED" : "NOT CERTIFIED");
    const set = result.sets[0];
    const plotted = await page.$$eval("[data-testid=paired-trained] tbody tr", (trs) => trs.map((tr) => [tr.getAttribute("data-metric"), tr.children[2].textContent, tr.querySelectorAll("svg .tick, svg text").length]));
    expect(plotted.map((p) => p[0])).toEqual(["retention (certified C)", "on-band", ...Object.keys(set.trained.components)]);
    const taste = set.trained.components.taste.delta;
    const tasteRow = await page.textContent("[data-testid=ab-trained] tr[data-metric=taste]");
    expect(tasteRow).toContain(signedSig(taste.delta));
    if (taste.delta !== 0) expect(tasteRow).not.toMatch(/[+-]0\.0000(?!\d)/);
    // Integer guard values (counts) print as integers.
    const guards = await page.$$eval("[data-testid=guards-trained] tbody tr", (trs) => trs.map((tr) => [tr.children[1].textContent, tr.children[2].textContent]));
    set.trained.guards.forEach((g: { base: number | null; trained: number | null }, i: number) => {
      expect(guards[i]).toEqual([sig(g.base), sig(g.trained)]);
      if (Number.isInteger(g.base)) expect(guards[i][0]).not.toContain(".");
    });
    await shot("demo-certify");
  });

  it("Demo run: the probe's forest plot has axis ticks, unit and a legend; the hunt has an exploit surface with ticks", async () => {
    const probe = artifact("demo.json").result.audit.bait_probe;
    await page.goto(`${base}/#/run/demo/demo.json`);
    await page.waitForSelector("[data-testid=forest] tbody tr");
    expect(await page.$$eval("[data-testid=forest] tbody tr", (trs) => trs.length)).toBe(probe.suffixes.length * probe.paths.length);
    expect(await page.$$eval("[data-testid=forest-axis] .tick", (t) => t.length)).toBeGreaterThanOrEqual(3);
    expect(await page.textContent("[data-testid=forest-axis]")).toContain(`Δ L (${probe.unit})`);
    expect(await page.textContent("[data-testid=forest-legend]")).toContain(probe.paths[1].name);
    expect(await page.$$eval("[data-testid=exploit-surface] svg .tick", (t) => t.length)).toBeGreaterThanOrEqual(4);
    await shot("demo-forest");
    await page.goto(`${base}/#/run/demo/hunt.json`);
    await page.waitForSelector("[data-testid=exploit-surface] circle");
    expect(await page.$$eval("[data-testid=exploit-surface] circle", (c) => c.length)).toBe(artifact("hunt.json").result.findings.length);
    await shot("demo-hunt");
  });

  it("Audit: transforms, noise and contamination as figures with compact tables, not nested JSON tables", async () => {
    const audit = JSON.parse(readFileSync(join(cwd, ".foolsgold", "audit.json"), "utf8")).result;
    await page.goto(`${base}/#/run/audit.json`);
    await page.waitForSelector("[data-testid=audit-transforms]");
    expect(await page.$$eval("[data-testid=audit-transforms] tbody tr", (trs) => trs.length)).toBe(audit.transforms.length);
    const first = audit.transforms[0];
    expect(await page.textContent(`[data-testid=audit-transforms] tr[data-transform='${first.term}|${first.transform}']`)).toContain(`${sig(first.auc.auc)} [${sig(first.auc.ci[0])}, ${sig(first.auc.ci[1])}]`);
    for (const plot of ["transforms-plot", "noise-plot", "contamination-plot"]) expect(await page.$$eval(`[data-testid=${plot}] .tick`, (t) => t.length)).toBeGreaterThanOrEqual(2);
    expect(await page.$$eval("[data-testid=audit-noise] tbody tr", (trs) => trs.length)).toBe(3);
    expect(await page.$$eval("[data-testid=audit-contamination] tbody tr", (trs) => trs.length)).toBe(2 * Object.keys(audit.contamination.paths).length);
    // The artifact's snake_case keys (sd_taste, bit_exact) are read: the noise table shows them.
    expect(await page.textContent("[data-testid=audit-noise] tbody tr")).toContain(`${audit.noise.sequential.bit_exact.k} (`);
    for (const k of ["transforms", "noise", "contamination"]) expect(await page.$$eval(`section[data-audit=${k}] .json-table`, (t) => t.length)).toBe(0);
    await shot("demo-audit");
  });

  it("Samples opens scored rows, shows a transcript as chat turns, and its curves and CSV follow the filters", async () => {
    await page.goto(`${base}/#/`);
    await page.click("header nav >> text=Samples");
    await page.waitForSelector("[data-testid=samples-count][data-matched]:not([data-matched=''])");
    const source = decodeURIComponent(page.url().split("#/samples/")[1].split("?")[0]);
    expect(["demo/scored.jsonl", "demo/training-log.jsonl"]).toContain(source);
    await page.goto(`${base}/#/samples/demo%2Fscored.jsonl`);
    const scored = readFileSync(join(demoDir, "scored.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    await page.waitForSelector(`[data-testid=samples-count][data-matched='${scored.length}']`);
    const values = await page.$$eval(".scroller .row .c-val", (els) => els.map((e) => e.textContent));
    expect(values.length).toBeGreaterThan(0);
    expect(values).not.toContain("error");
    await page.click(".scroller .row[data-pos='0']");
    await page.waitForSelector("[data-testid=chat] .turn");
    const turns = await page.$$eval("[data-testid=chat] .turn", (els) => els.map((e) => [e.getAttribute("data-speaker"), e.classList.contains("turn-policy")]));
    expect(turns.map((t) => t[0])).toEqual(scored[0].turns.map((t: { speaker: string }) => t.speaker));
    expect(turns.filter((t) => t[1]).length).toBe(scored[0].turns.filter((t: { speaker: string }) => t.speaker === "policy").length);
    await shot("demo-samples", false);

    // The training log's curves, then the same with a search: the curves' n per step follows the list.
    const log = readFileSync(join(demoDir, "training-log.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    await page.goto(`${base}/#/samples/demo%2Ftraining-log.jsonl`);
    await page.waitForSelector(`[data-testid=samples-count][data-matched='${log.length}']`);
    await page.click("text=show reward curves per step");
    await page.waitForSelector(`[data-testid=curves][data-steps='${new Set(log.map((r) => r.step)).size}']`);
    const needle = "bait";
    const hits = log.filter((r) => `${r.id}\n\n${r.turns.map((t: { speaker: string; text: string }) => `${t.speaker}: ${t.text}`).join("\n")}`.toLowerCase().includes(needle));
    await page.fill("input[aria-label=search]", needle);
    await page.waitForSelector(`[data-testid=samples-count][data-matched='${hits.length}']`);
    await page.waitForSelector(`[data-testid=curves][data-filters*='"q":"${needle}"'][data-steps='${new Set(hits.map((r) => r.step)).size}']`);
    const csv = await page.evaluate(async () => (await fetch((document.querySelector("[data-testid=samples-csv]") as HTMLAnchorElement).href)).text());
    expect(csv.trim().split("\r\n")).toHaveLength(hits.length + 1);
    const curvesCsv = await page.evaluate(async () => (await fetch((document.querySelector("[data-testid=curves-csv]") as HTMLAnchorElement).href)).text());
    expect(curvesCsv.split("\r\n")[0]).toMatch(/^step,value_mean,value_ci95_lo,value_ci95_hi,value_n/);
    expect(curvesCsv.trim().split("\r\n")).toHaveLength(new Set(hits.map((r) => r.step)).size + 1);
    await shot("demo-curves-filtered");
  });

  it("a malformed artifact shows a message naming the file and the problem; the page stays up", async () => {
    const onsetBody = artifact("onset.json").result;
    writeFileSync(join(cwd, ".foolsgold", "mislabelled.json"), JSON.stringify({ kind: "certify", created_at: "2026-01-01T00:00:00Z", params: {}, result: onsetBody }));
    writeFileSync(join(cwd, ".foolsgold", "onset-types.json"), JSON.stringify({ kind: "onset", created_at: "2026-01-01T00:00:00Z", params: {}, result: { ...onsetBody, smoothed: { step: 1 } } }));
    await page.goto(`${base}/#/run/mislabelled.json`);
    await page.waitForSelector("[data-testid=view-error]");
    expect(await page.textContent("[data-testid=view-error]")).toBe(`mislabelled.json: cannot show the certify report: result.sets must be an array, got nothing (this result has ${Object.keys(onsetBody).slice(0, 6).join(", ")})`);
    expect(await page.textContent("article h1")).toContain("mislabelled.json");
    await page.goto(`${base}/#/run/onset-types.json`);
    await page.waitForSelector("[data-testid=view-error]");
    const message = await page.textContent("[data-testid=view-error]");
    expect(message).toContain("onset-types.json: result.smoothed: expected an array of {step, G, M}, got object");
    expect(message).not.toContain("is not a function");
    // Navigating on works: the header and the next view are there.
    await page.click("header nav >> text=Runs");
    await page.waitForSelector("tr[data-file='mislabelled.json']");
    expect(pageErrors.filter((e) => !/could not be drawn/.test(e))).toEqual([]);
  });
});
