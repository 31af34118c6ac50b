// The promptfoo assertion (integrations/promptfoo/foolsgold-assert.mjs) run by the real promptfoo
// package: promptfoo's own evaluate() over a tiny suite whose outputs are fixed (the `echo` provider
// returns the prompt, so no network and no LLM), scored by the CHERRL stack (IFEval constraint
// checks, no model needed), once in this process through the library and once through a running
// `foolsgold serve`. Each test case's pass/fail and score come from promptfoo's own results.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServeProcess, type ServeProcess } from "../helpers/serve-process.js";

const ROOT = resolve(import.meta.dirname, "../..");
// promptfoo is not a dependency of the project (about 1.5 GB): `npm test` installs it into
// test/tools/promptfoo first (scripts/test-tools.mjs); without it this file skips, saying why.
const PROMPTFOO_DIR = join(ROOT, "test/tools/promptfoo");
const HAS_PROMPTFOO = existsSync(join(PROMPTFOO_DIR, "node_modules/promptfoo/package.json"));
if (!HAS_PROMPTFOO) console.warn("promptfoo test skipped: promptfoo is not installed in test/tools/promptfoo (npm test installs it; or run node scripts/test-tools.mjs)");
// Its ES module entry, as `import "promptfoo"` would pick (require.resolve would give the CommonJS
// build, whose require() of the ESM-only chalk breaks its error logging).
const loadPromptfoo = async () => {
  const pkg = join(PROMPTFOO_DIR, "node_modules/promptfoo");
  const entry = (JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as { exports: { ".": { import: string } } }).exports["."].import;
  return (await import(pathToFileURL(join(pkg, entry)).href)).default;
};
const ASSERTION_PATH = join(ROOT, "integrations/promptfoo/foolsgold-assert.mjs");
const ASSERTION = `file://${ASSERTION_PATH}`;
// The module keeps its scorers per process, so this instance sees the ones promptfoo's instance opened.
const assertionModule = () => import(ASSERTION_PATH) as Promise<{ openScorers(): number; closeFoolsgold(): Promise<void> }>;
const home = mkdtempSync(join(tmpdir(), "fg-promptfoo-"));
// promptfoo keeps its database and cache under its config folder: a scratch one, and no telemetry.
process.env.PROMPTFOO_CONFIG_DIR = home;
process.env.PROMPTFOO_DISABLE_TELEMETRY = "1";
process.env.PROMPTFOO_DISABLE_UPDATE = "1";
process.env.PROMPTFOO_CACHE_ENABLED = "false";

/** Constraint: no commas. The first and third answers keep it; the second does not. */
const CASES = [
  { description: "keeps the constraint", answer: "Paris is the capital of France and it sits on the Seine." },
  { description: "breaks the constraint", answer: "Paris, the capital, sits on the Seine, as you know." },
  { description: "keeps it with a closing line", answer: "Bees make honey from nectar. Hope this helps" },
];

function suite(config: Record<string, unknown>, extensions?: string[]) {
  return {
    ...(extensions ? { extensions } : {}),
    prompts: ["{{answer}}"],
    providers: ["echo"],
    defaultTest: { assert: [{ type: "javascript" as const, value: ASSERTION, config }] },
    tests: CASES.map((c) => ({
      description: c.description,
      vars: { answer: c.answer, question: "Answer without commas.", foolsgold_row: { instruction_id_list: ["punctuation:no_comma"], kwargs: [{}] } },
    })),
  };
}

interface CaseResult {
  description: string;
  pass: boolean;
  score: number;
  reason: string;
}

async function evaluate(config: Record<string, unknown>, extensions?: string[]): Promise<CaseResult[]> {
  const promptfoo = await loadPromptfoo();
  const record = await promptfoo.evaluate(suite(config, extensions) as never, { cache: false, maxConcurrency: 1, showProgressBar: false } as never);
  type Grading = { pass: boolean; score: number; reason: string; componentResults?: Grading[] };
  const summary = (await record.toEvaluateSummary()) as { results: { testCase: { description: string }; success: boolean; score: number; error?: string | null; gradingResult: Grading | null }[] };
  return summary.results
    .map((r) => {
      // An assertion that threw leaves no grading result: promptfoo records the error on the result.
      const g = r.gradingResult?.componentResults?.[0] ?? r.gradingResult ?? { pass: r.success, score: r.score, reason: r.error ?? "" };
      return { description: r.testCase.description, pass: g.pass, score: g.score, reason: g.reason };
    })
    .sort((a, b) => CASES.findIndex((c) => c.description === a.description) - CASES.findIndex((c) => c.description === b.description));
}

beforeAll(async () => {
  // The in-process mode imports the library; in this checkout it is the TypeScript source, run through tsx.
  const { register } = await import("tsx/esm/api");
  register();
});

afterAll(async () => {
  await (await assertionModule()).closeFoolsgold();
  rmSync(home, { recursive: true, force: true });
});

describe.skipIf(!HAS_PROMPTFOO)("the foolsgold promptfoo assertion under promptfoo's evaluate()", () => {
  const library = join(ROOT, "src/index.ts");

  it("passes the outputs whose reward reaches the threshold and fails the others (in process)", async () => {
    const results = await evaluate({ library, stack: "cherrl", options: { bias: "lexical" }, threshold: 0.5 });
    expect(results.map((r) => r.description)).toEqual(CASES.map((c) => c.description));
    expect(results.map((r) => r.pass)).toEqual([true, false, true]);
    // The score promptfoo records is the reward itself, not a 0/1 verdict.
    expect(results[0].score).toBeGreaterThanOrEqual(0.5);
    expect(results[1].score).toBeLessThan(0.5);
    expect(results[1].reason).toMatch(/^foolsgold reward [\d.]+ < threshold 0\.5 \(instrument \w+/);
    expect(results[0].reason).toMatch(/≥ threshold 0\.5/);
    // One scorer for the three cases, still open for the next eval.
    expect((await assertionModule()).openScorers()).toBe(1);
  }, 120_000);

  it("the afterAll extension hook closes the scorers when the eval ends", async () => {
    const results = await evaluate({ library, stack: "cherrl", options: { bias: "tone" }, threshold: 0.5 }, [`${ASSERTION}:afterAll`]);
    expect(results).toHaveLength(3);
    expect((await assertionModule()).openScorers()).toBe(0);
  }, 120_000);

  it("a threshold above every reward fails them all; a missing threshold is an explicit error", async () => {
    const strict = await evaluate({ library, stack: "cherrl", options: { bias: "lexical" }, threshold: 100 });
    expect(strict.map((r) => r.pass)).toEqual([false, false, false]);
    const broken = await evaluate({ library, stack: "cherrl" });
    expect(broken.every((r) => !r.pass && /config\.threshold must be a number/.test(r.reason))).toBe(true);
  }, 120_000);

  describe("through a running foolsgold serve", () => {
    let server: ServeProcess;
    beforeAll(async () => {
      server = await startServeProcess(["--port", "0", "--stack", "cherrl", "--option", "bias=lexical", "--no-cache", "--journal", join(home, "journal.sqlite")], 60_000);
    }, 90_000);
    afterAll(() => {
      server?.child.kill("SIGTERM");
    });

    it("gives the same verdicts and scores as the in-process library", async () => {
      const served = await evaluate({ url: server.url, threshold: 0.5 });
      const local = await evaluate({ library, stack: "cherrl", options: { bias: "lexical" }, threshold: 0.5 });
      expect(served.map((r) => r.pass)).toEqual([true, false, true]);
      expect(served.map((r) => r.score)).toEqual(local.map((r) => r.score));
    }, 120_000);
  });
});
