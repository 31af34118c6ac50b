// Each model role a command needs is checked once before any row is scored: one GET of the server's
// /models (the OpenAI-compatible listing every server in docs/models.md answers). A role that cannot be
// reached, or answers with an error status, fails the command once with one line naming the role, its
// endpoint and what went wrong, instead of failing (and retrying) on every row.
import { InputError } from "../core/errors.js";
import type { BackendSpec } from "./spec.js";

const TIMEOUT_MS = 10_000;

export async function checkRoles(roles: Record<string, { spec: BackendSpec }>, needed: readonly string[], fetchImpl: typeof fetch = fetch): Promise<void> {
  for (const role of needed) {
    const spec = roles[role]?.spec;
    // Embedded roles run in this process: nothing to reach.
    if (!spec || spec.endpointId === "embedded") continue;
    const url = `${spec.baseUrl.replace(/\/+$/, "")}/models`;
    const key = spec.apiKeyEnv ? process.env[spec.apiKeyEnv] : undefined;
    const where = `models.${role} (${spec.baseUrl})`;
    let status: number;
    try {
      const res = await fetchImpl(url, { headers: key ? { authorization: `Bearer ${key}` } : {}, signal: AbortSignal.timeout(TIMEOUT_MS) });
      status = res.status;
      await res.body?.cancel();
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const why = (err as Error).name === "TimeoutError" ? `no answer in ${TIMEOUT_MS / 1000} s` : (cause?.code ?? cause?.message ?? (err as Error).message);
      throw new InputError(where, `cannot be reached (${why}); checked once before scoring, no row was scored`);
    }
    if (status >= 400) throw new InputError(where, `answered GET /models with HTTP ${status}; checked once before scoring, no row was scored`);
  }
}
