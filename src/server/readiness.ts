// /readyz beyond the journal: each model role's server answers, and can serve the calls its role
// makes — a reachable server that refuses them (llama.cpp refuses `echo`) is not ready, which a
// load balancer must know before it routes training traffic. /healthz only says the process is up.
// What a role is asked for follows the model roles of SPEC §2: the embedder embeds; a judge chats
// (reachability is checked); every other role (audience, reference, …) scores continuations, by
// the method its spec declares (echo, or vLLM's prompt_logprobs).
import { errorMessage } from "../core/errors.js";
import type { BackendSpec, ModelClient } from "../models/spec.js";
import type { ReadyCheck } from "./context.js";

export type RoleProbe = "continuation" | "embeddings" | "reachable";

export function probeFor(role: string): RoleProbe {
  if (role === "embedder") return "embeddings";
  if (role === "judge") return "reachable";
  return "continuation";
}

type ProbedClient = Pick<ModelClient, "continuationLogprobs" | "embed"> & { spec: BackendSpec };

export async function modelReadiness(roles: Record<string, ProbedClient>, timeoutMs = 5_000): Promise<ReadyCheck[]> {
  return Promise.all(
    Object.entries(roles).map(async ([role, client]): Promise<ReadyCheck> => {
      const { baseUrl, apiKeyEnv } = client.spec;
      const key = apiKeyEnv ? process.env[apiKeyEnv] : undefined;
      const name = `model ${role} (${client.spec.endpointId ?? baseUrl})`;
      try {
        const res = await fetch(`${baseUrl.replace(/\/$/, "")}/models`, { headers: key ? { authorization: `Bearer ${key}` } : {}, signal: AbortSignal.timeout(timeoutMs) });
        await res.arrayBuffer();
        if (!res.ok) return { name, ok: false, detail: `GET /models answered HTTP ${res.status}` };
      } catch (err) {
        return { name, ok: false, detail: `unreachable: ${errorMessage(err)}` };
      }
      const probe = probeFor(role);
      const options = { signal: AbortSignal.timeout(timeoutMs), noCache: true };
      try {
        if (probe === "continuation") {
          const [answer] = await client.continuationLogprobs([{ context: "The reward server is", continuation: " ready." }], options);
          if (!Number.isFinite(answer?.logprob)) return { name, ok: false, detail: "continuation log-probs came back without a number" };
        } else if (probe === "embeddings") {
          const [vector] = await client.embed(["ready"], options);
          if (!vector?.length) return { name, ok: false, detail: "embeddings came back empty" };
        }
        return { name, ok: true, detail: probe === "reachable" ? "reachable" : `serves ${probe === "continuation" ? `continuation log-probs (${client.spec.continuationMethod ?? "echo"})` : "embeddings"}` };
      } catch (err) {
        const method = client.spec.continuationMethod ?? "echo";
        const hint =
          probe === "continuation"
            ? `; this role needs continuation log-probs (continuationMethod "${method}"): use a server that supports it (vLLM, SGLang, the built-in server), or set continuationMethod "${method === "echo" ? "prompt_logprobs" : "echo"}" if the server supports that`
            : "";
        return { name, ok: false, detail: `cannot serve its ${probe === "continuation" ? "continuation log-probs" : "embeddings"}: ${errorMessage(err)}${hint}` };
      }
    }),
  );
}
