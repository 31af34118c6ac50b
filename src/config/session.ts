// From a config file (or none) and cache choices to open model clients by role: the one path every
// command, the library and the server share. No CLI parsing here (src/cli/common-options.ts adds the flags).
import { loadConfig } from "./load.js";
import { configSchema, type FoolsgoldConfig } from "./schema.js";
// The cache (better-sqlite3) and the model clients are imported when a command has a model role to
// build: `score --stack prose` has none, and loading and opening them cost it ≈ 40 ms.
import type { ResponseCache } from "../models/cache.js";
import type { ModelSession } from "../models/roles.js";
import type { EndpointRegistry } from "../models/limiter.js";
import type { CallRecord } from "../models/spec.js";

export interface SessionOptions {
  /** Path of a config file (YAML or JSON); without one every role runs on the embedded models. */
  config?: string;
  /** A cache path, false for no cache, undefined for the config's (or the default) cache. */
  cache?: string | false;
  /** Endpoint state (limiters) to share across sessions, e.g. every stack one server opens. */
  endpoints?: EndpointRegistry;
  /** Wraps the opened cache before any client reads it (certify samples and recomputes its answers). */
  wrapCache?: (cache: ResponseCache) => ResponseCache;
}

/** The config from --config, or the defaults (every role on the embedded models) without one. */
export function resolveConfig(options: SessionOptions): FoolsgoldConfig {
  return options.config ? loadConfig(options.config) : configSchema.parse({});
}

/** Opens the cache the options and config ask for, or none. */
export async function openCacheFor(options: SessionOptions, config: FoolsgoldConfig): Promise<ResponseCache | undefined> {
  if (options.cache === false || !config.cache.enabled) return undefined;
  const { defaultCachePath, openCache } = await import("../models/cache.js");
  return openCache({
    path: typeof options.cache === "string" ? options.cache : (config.cache.path ?? defaultCachePath()),
    cacheSampled: config.cache.cacheSampled,
    epoch: config.cache.epoch,
  });
}

export interface ModelsForCommand extends ModelSession {
  config: FoolsgoldConfig;
  cache?: ResponseCache;
}

/**
 * Config → cache → model clients for the roles a command needs. Without --config every role runs
 * on the embedded offline models; with one, a needed role the file does not name is an error.
 * The default cache is opened only when there is a client to use it; a named one always is. Call close() when done (it stops the embedded server and closes the cache).
 */
export async function openModels(options: SessionOptions, need: string[], onCall?: (role: string, record: CallRecord) => void): Promise<ModelsForCommand> {
  const config = resolveConfig(options);
  // No role needed and none configured: no client would be built, so no cache would be read. A cache
  // the user named (--cache PATH, or cache.path in the config) is still opened, so a path that cannot
  // be a cache is refused as before instead of being ignored in silence.
  const namedCache = typeof options.cache === "string" || config.cache.path !== undefined;
  if (need.length === 0 && Object.keys(config.models).length === 0 && !namedCache) return { roles: {}, describe: () => ({}), calls: () => [], close: async () => {}, config };
  const opened = await openCacheFor(options, config);
  const cache = opened && options.wrapCache ? options.wrapCache(opened) : opened;
  try {
    const { buildModelRoles } = await import("../models/roles.js");
    const session = await buildModelRoles(config.models, {
      need,
      embeddedDefaults: !options.config,
      file: options.config,
      cache,
      onCall,
      endpoints: options.endpoints,
    });
    return {
      ...session,
      config,
      cache,
      close: async () => {
        await session.close();
        cache?.close();
      },
    };
  } catch (err) {
    cache?.close();
    throw err;
  }
}
