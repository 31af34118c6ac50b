// /readyz beyond the journal: each model role's server answers GET /models within a short time.
// /healthz only says the process is up; a load balancer routes by /readyz.
import { errorMessage } from "../core/errors.js";
import type { BackendSpec } from "../models/spec.js";
import type { ReadyCheck } from "./app.js";

export async function modelReadiness(roles: Record<string, { spec: BackendSpec }>, timeoutMs = 2_000): Promise<ReadyCheck[]> {
  return Promise.all(
    Object.entries(roles).map(async ([role, client]): Promise<ReadyCheck> => {
      const { baseUrl, apiKeyEnv } = client.spec;
      const key = apiKeyEnv ? process.env[apiKeyEnv] : undefined;
      const name = `model ${role} (${client.spec.endpointId ?? baseUrl})`;
      try {
        const res = await fetch(`${baseUrl.replace(/\/$/, "")}/models`, { headers: key ? { authorization: `Bearer ${key}` } : {}, signal: AbortSignal.timeout(timeoutMs) });
        await res.arrayBuffer();
        return res.ok ? { name, ok: true } : { name, ok: false, detail: `GET /models answered HTTP ${res.status}` };
      } catch (err) {
        return { name, ok: false, detail: `unreachable: ${errorMessage(err)}` };
      }
    }),
  );
}
