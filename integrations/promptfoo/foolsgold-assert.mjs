// A promptfoo custom JavaScript assertion that scores each output with a foolsgold stack and passes
// when the reward reaches a threshold (docs/promptfoo.md). promptfoo calls the default export as
// `(output, context)` for `type: javascript, value: file://…/foolsgold-assert.mjs`; the assertion's
// `config` arrives as `context.config`. It returns promptfoo's GradingResult: {pass, score, reason}.
//
// Two ways to score, chosen by the config:
//   - in this process, through the foolsgold library (the default: nothing else to run);
//   - through a running `foolsgold serve` (config.url), for a shared server and its journal.
// A row foolsgold could not score throws: promptfoo then fails the test with that message, and no
// number is made up for it.

/**
 * Scorers opened in this process, one per stack + options + config file, reused across test cases.
 * Kept on globalThis so that two loads of this file (promptfoo's and a test's) share them.
 */
const opened = (globalThis[Symbol.for("foolsgold.promptfoo.scorers")] ??= new Map());

function settings(context) {
  const c = context?.config ?? {};
  if (typeof c.threshold !== "number" || !Number.isFinite(c.threshold)) throw new Error("foolsgold assertion: config.threshold must be a number (the reward an output needs to pass)");
  if (c.url === undefined && c.stack === undefined && c.config === undefined) throw new Error("foolsgold assertion: set config.stack (or config.config, a foolsgold config file; or config.url, a running `foolsgold serve`)");
  if (c.term !== undefined && typeof c.term !== "string") throw new Error("foolsgold assertion: config.term must be a term name");
  return c;
}

/** The bank row foolsgold scores: the output, its prompt, and any extra fields the test gives. */
function rowFor(output, context, c) {
  const vars = context?.vars ?? {};
  const text = typeof output === "string" ? output : JSON.stringify(output);
  const prompt = typeof vars.question === "string" ? vars.question : typeof context?.prompt === "string" ? context.prompt : undefined;
  const extra = { ...(c.row ?? {}), ...(vars.foolsgold_row ?? {}) };
  return { id: String(context?.test?.description ?? "promptfoo"), ...(prompt === undefined ? {} : { prompt }), output: text, ...extra };
}

async function scoreInProcess(row, c) {
  const key = JSON.stringify([c.library ?? "foolsgold", c.stack ?? null, c.config ?? null, c.options ?? {}]);
  if (!opened.has(key)) {
    const load = async () => {
      const lib = await import(c.library ?? "foolsgold");
      return lib.openScorer({ stack: c.stack, config: c.config, overrides: c.options ?? {}, cache: c.cache ?? false });
    };
    // A failed open is not cached, so a fixed config works on the next test case.
    opened.set(
      key,
      load().catch((err) => (opened.delete(key), Promise.reject(err))),
    );
  }
  const { scorer } = await opened.get(key);
  const [score] = await scorer.scoreRows([row]);
  return score;
}

async function scoreByServer(row, c) {
  const base = String(c.url).replace(/\/+$/, "");
  const headers = { "content-type": "application/json", ...(c.token ? { authorization: `Bearer ${c.token}` } : {}) };
  const res = await fetch(`${base}/v1/score`, { method: "POST", headers, body: JSON.stringify({ rows: [row] }), signal: AbortSignal.timeout(c.timeoutMs ?? 60_000) });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`foolsgold serve at ${base}: HTTP ${res.status}${body?.error ? `: ${typeof body.error === "string" ? body.error : JSON.stringify(body.error)}` : ""}`);
  const score = body?.rows?.[0]?.score;
  if (!score || typeof score !== "object") throw new Error(`foolsgold serve at ${base}: the response has no rows[0].score`);
  return score;
}

/** Closes the scorers this module opened, with their in-process model servers (which keep Node alive). */
export async function closeFoolsgold() {
  const all = [...opened.values()];
  opened.clear();
  await Promise.all(
    all.map((p) =>
      p.then(
        (o) => o.close(),
        () => undefined,
      ),
    ),
  );
}

/** How many scorers are open (for tests and debugging). */
export function openScorers() {
  return opened.size;
}

/**
 * promptfoo extension hook: list `file://…/foolsgold-assert.mjs:afterAll` under `extensions` so the
 * scorers close when the eval ends (the CLI would otherwise wait for its shutdown timeout, and a
 * script calling evaluate() would not exit).
 */
export async function afterAll() {
  await closeFoolsgold();
}

export default foolsgoldAssert;

async function foolsgoldAssert(output, context) {
  const c = settings(context);
  const row = rowFor(output, context, c);
  const score = c.url === undefined ? await scoreInProcess(row, c) : await scoreByServer(row, c);
  const measured = c.term === undefined ? score.value : score.terms?.[c.term]?.value;
  const what = c.term === undefined ? "reward" : `term ${c.term}`;
  if (typeof measured !== "number" || !Number.isFinite(measured)) {
    const why = score.error ?? (c.term !== undefined && !(c.term in (score.terms ?? {})) ? `no term ${c.term} in this stack's score (terms: ${Object.keys(score.terms ?? {}).join(", ")})` : "no value");
    throw new Error(`foolsgold could not score this output (${what}): ${why}`);
  }
  const pass = measured >= c.threshold;
  const terms = Object.entries(score.terms ?? {})
    .map(([name, t]) => `${name} ${typeof t?.value === "number" ? t.value.toPrecision(4) : "—"}`)
    .join(", ");
  return {
    pass,
    score: measured,
    reason: `foolsgold ${what} ${measured.toPrecision(4)} ${pass ? "≥" : "<"} threshold ${c.threshold} (instrument ${score.instrument}${terms ? `; ${terms}` : ""})`,
  };
}

// promptfoo resolves `file://…:NAME` on the module's default export when it has one, so the hook
// must also be a property of the assertion function.
foolsgoldAssert.afterAll = afterAll;
