// Model roles from config (SPEC §2): one client per role ("audience", "embedder", "judge", …). A role
// whose baseUrl is "embedded" runs on the built-in offline server, started in-process once per
// session and shared by every embedded role; close() stops it.
import { InputError } from "../core/errors.js";
import type { BackendSpecConfig } from "../config/schema.js";
import type { ModelRoles } from "../stacks/types.js";
import type { ResponseCache } from "./cache.js";
import { createOpenAIClient, type ClientDeps } from "./client.js";
import type { EmbeddedServer } from "./embedded/start.js";
import type { BackendSpec, CallRecord } from "./spec.js";

export interface ModelSession {
  roles: ModelRoles;
  /** Role → "model @ endpoint", for summaries and artifacts (no secrets). */
  describe(): Record<string, { baseUrl: string; model: string }>;
  /** Every call made by every role, in completion order. */
  calls(): CallRecord[];
  close(): Promise<void>;
}

export interface RoleOptions {
  /** Roles the caller will use; a missing one is an error unless `embeddedDefaults`. */
  need?: string[];
  /** Run needed roles the config does not name on the embedded defaults (the offline path). */
  embeddedDefaults?: boolean;
  /** Names the config file in errors. */
  file?: string;
  cache?: ResponseCache;
  fetch?: ClientDeps["fetch"];
  onCall?: (role: string, record: CallRecord) => void;
}

export async function buildModelRoles(models: Record<string, BackendSpecConfig>, options: RoleOptions = {}): Promise<ModelSession> {
  const specs: Record<string, BackendSpecConfig> = { ...models };
  const missing = (options.need ?? []).filter((role) => !(role in specs));
  if (missing.length > 0 && !options.embeddedDefaults) {
    const where = options.file ? `${options.file}: models` : "models";
    throw new InputError(where, `no backend for role${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (needed: ${options.need!.join(", ")}); add models.${missing[0]}: {baseUrl, model}, or baseUrl "embedded" for the built-in offline models`);
  }
  for (const role of missing) specs[role] = { baseUrl: "embedded" };

  let server: EmbeddedServer | undefined;
  let embeddedModels: string[] = [];
  const needsEmbedded = Object.values(specs).some((s) => s.baseUrl === "embedded");
  if (needsEmbedded) {
    server = await startEmbedded();
    try {
      embeddedModels = await listModels(server.baseUrl);
    } catch (err) {
      await server.close();
      throw err;
    }
  }

  const roles: ModelRoles = {};
  const resolved: Record<string, BackendSpec> = {};
  try {
    for (const [role, config] of Object.entries(specs)) {
      const spec: BackendSpec =
        config.baseUrl === "embedded"
          ? { ...config, baseUrl: server!.baseUrl, model: config.model ?? embeddedModelFor(role, embeddedModels) }
          : { ...config, model: config.model! };
      resolved[role] = spec;
      roles[role] = createOpenAIClient(spec, {
        cache: options.cache,
        fetch: options.fetch,
        onCall: options.onCall ? (record) => options.onCall!(role, record) : undefined,
      });
    }
  } catch (err) {
    await server?.close();
    if (err instanceof InputError) throw new InputError(`${options.file ? `${options.file}: ` : ""}models`, err.message, { cause: err });
    throw err;
  }

  return {
    roles,
    describe: () =>
      Object.fromEntries(
        Object.entries(resolved).map(([role, s]) => [role, { baseUrl: specs[role].baseUrl === "embedded" ? "embedded" : s.baseUrl, model: s.model }]),
      ),
    calls: () => Object.values(roles).flatMap((c) => c.calls),
    close: async () => {
      await server?.close();
    },
  };
}

async function startEmbedded(): Promise<EmbeddedServer> {
  // Imported lazily: loading the embedded models costs time and memory that remote-only configs never need.
  const { startEmbeddedServer } = await import("./embedded/start.js");
  return startEmbeddedServer({ port: 0, host: "127.0.0.1" });
}

async function listModels(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/models`);
  if (!response.ok) return [];
  const body = (await response.json()) as { data?: { id?: unknown }[] };
  return (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === "string");
}

/** Embedding roles get the embedded sentence encoder, every other role the embedded language model. */
function embeddedModelFor(role: string, available: string[]): string {
  const isEncoder = (id: string) => /^use-|embedding|encoder/i.test(id);
  const wanted = /embed/i.test(role) ? available.find(isEncoder) : available.find((id) => !isEncoder(id));
  if (!wanted) throw new InputError(`models.${role}`, `the embedded server offers no suitable model (it lists ${available.join(", ") || "none"})`);
  return wanted;
}
