// Model roles from config (SPEC §2): one client per role ("audience", "embedder", "judge", …). A role
// whose baseUrl is "embedded" runs on the built-in offline server, started in-process once per
// session and shared by every embedded role; close() stops it.
import { InputError } from "../core/errors.js";
import type { ResponseCache } from "./cache.js";
import { cacheResponses } from "./cache-middleware.js";
import { recordCalls, type CallRecorder } from "./call-records.js";
import { createOpenAIClient, type ClientDeps } from "./client.js";
import type { EmbeddedServer } from "./embedded/start.js";
import { createEndpointRegistry, type EndpointRegistry } from "./limiter.js";
import { wrapModelClient } from "./middleware.js";
import { instrumentModel, type BackendSpec, type CallRecord, type ModelRoles } from "./spec.js";

/** A backend as a config file gives it (src/config/schema.ts validates it): the model may be left to the embedded server. */
export type BackendSpecConfig = Omit<BackendSpec, "model"> & { model?: string };

export interface ModelSession {
  roles: ModelRoles;
  /** Role → {baseUrl, model} as instruments name them (stable, no secrets), for summaries and artifacts. */
  describe(): Record<string, { baseUrl: string; model: string }>;
  /** Every call made by every role, in completion order. */
  calls(): CallRecord[];
  close(): Promise<void>;
}

export interface RoleOptions {
  /**
   * Roles the caller needs; a missing one is an error unless `embeddedDefaults`. Every configured
   * role gets a client too (commands may use optional roles, e.g. an audit's "generator").
   */
  need?: string[];
  /** Run needed roles the config does not name on the embedded defaults (the offline path). */
  embeddedDefaults?: boolean;
  /** Names the config file in errors. */
  file?: string;
  cache?: ResponseCache;
  fetch?: ClientDeps["fetch"];
  onCall?: (role: string, record: CallRecord) => void;
  /** Endpoint state to share with clients outside this session (e.g. every stack a server opens); a fresh one by default. */
  endpoints?: EndpointRegistry;
}

export async function buildModelRoles(models: Record<string, BackendSpecConfig>, options: RoleOptions = {}): Promise<ModelSession> {
  const specs: Record<string, BackendSpecConfig> = { ...models };
  const missing = (options.need ?? []).filter((role) => !(role in specs));
  // A configured role one typo away from a needed one that is missing (`audiance:`) is named: without
  // this the needed role would be reported missing, or silently run on the embedded defaults.
  for (const role of Object.keys(specs)) {
    const meant = missing.find((m) => editDistance(role, m) <= 2);
    if (meant && !(options.need ?? []).includes(role)) {
      const where = options.file ? `${options.file}: models.${role}` : `models.${role}`;
      throw new InputError(where, `unknown role "${role}"; did you mean "${meant}"? (roles needed: ${options.need!.join(", ")})`);
    }
  }
  if (missing.length > 0 && !options.embeddedDefaults) {
    const where = options.file ? `${options.file}: models` : "models";
    throw new InputError(
      where,
      `no backend for role${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (needed: ${options.need!.join(", ")}); add models.${missing[0]}: {baseUrl, model}, or baseUrl "embedded" for the built-in offline models`,
    );
  }
  for (const role of missing) specs[role] = { baseUrl: "embedded" };

  let server: EmbeddedServer | undefined;
  let embeddedModels: ServedModel[] = [];
  const needsEmbedded = Object.values(specs).some((s) => s.baseUrl === "embedded");
  if (needsEmbedded) {
    server = await startEmbedded();
    try {
      embeddedModels = await listModels(server.baseUrl, server.fetch);
    } catch (err) {
      await server.close();
      throw err;
    }
  }

  const roles: ModelRoles = {};
  const recorders: CallRecorder[] = [];
  // One registry for the session: roles pointed at one endpoint share its limit.
  const endpoints = options.endpoints ?? createEndpointRegistry();
  for (const [role, config] of Object.entries(specs)) {
    try {
      const spec: BackendSpec = config.baseUrl === "embedded" ? embeddedSpec(config, server!.baseUrl, embeddedModels, role) : { ...config, model: config.model! };
      const client = createOpenAIClient(spec, {
        // Embedded roles talk to the session's server in-process (same protocol and bytes, no socket).
        fetch: options.fetch ?? (config.baseUrl === "embedded" ? server!.fetch : undefined),
        endpoints,
      });
      const records = recordCalls({ onCall: options.onCall ? (record) => options.onCall!(role, record) : undefined });
      recorders.push(records);
      roles[role] = wrapModelClient({ client, middleware: [records.middleware, ...(options.cache ? [cacheResponses(options.cache)] : [])] });
    } catch (err) {
      await server?.close();
      if (err instanceof InputError) throw new InputError(`${options.file ? `${options.file}: ` : ""}models.${role}`, err.message, { cause: err });
      throw err;
    }
  }

  return {
    roles,
    describe: () => Object.fromEntries(Object.entries(roles).map(([role, client]) => [role, instrumentModel(client.spec)])),
    calls: () => recorders.flatMap((r) => r.calls()),
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

interface ServedModel {
  id: string;
  meta: Record<string, unknown>;
}

async function listModels(baseUrl: string, fetchFn: typeof globalThis.fetch): Promise<ServedModel[]> {
  const response = await fetchFn(`${baseUrl}/models`);
  if (!response.ok) return [];
  const body = (await response.json()) as { data?: { id?: unknown; meta?: unknown }[] };
  return (body.data ?? []).flatMap((m) => (typeof m.id === "string" ? [{ id: m.id, meta: m.meta && typeof m.meta === "object" ? (m.meta as Record<string, unknown>) : {} }] : []));
}

/**
 * An embedded role: requests go to this session's server, but records, cache keys and instruments
 * say "embedded" plus the model's build (its port changes every run; its build changes its answers).
 * Embedding roles get the sentence encoder, every other role the language model.
 */
function embeddedSpec(config: BackendSpecConfig, baseUrl: string, available: ServedModel[], role: string): BackendSpec {
  const isEncoder = (id: string) => /^use-|embedding|encoder/i.test(id);
  const wanted = config.model ?? (/embed/i.test(role) ? available.find((m) => isEncoder(m.id)) : available.find((m) => !isEncoder(m.id)))?.id;
  if (!wanted) throw new InputError("model", `the embedded server offers no suitable model (it lists ${available.map((m) => m.id).join(", ") || "none"})`);
  const meta = available.find((m) => m.id === wanted)?.meta ?? {};
  const build = [meta.builder_version, meta.corpus_hash].filter((part) => typeof part === "string" || typeof part === "number").join(":");
  const revision = config.revision ?? (build || undefined);
  // The n-gram LM scores each prompt of a list on its own, in pure arithmetic: batch-invariant by
  // construction (the encoder is not: its batches agree only up to float32 rounding).
  const batchInvariant = config.batchInvariant ?? (isEncoder(wanted) ? undefined : true);
  // The built-in server answers echo with logprobs 0 without its top-1 search and with a third of the bytes.
  const echoLogprobs = config.echoLogprobs ?? (isEncoder(wanted) ? undefined : 0);
  return {
    ...config,
    baseUrl,
    model: wanted,
    endpointId: "embedded",
    ...(revision ? { revision } : {}),
    ...(batchInvariant === undefined ? {} : { batchInvariant }),
    ...(echoLogprobs === undefined ? {} : { echoLogprobs }),
  };
}

/** Levenshtein distance (insertions, deletions, substitutions), for naming a mistyped role. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length];
}
