// Options every command shares, and the one path from them to model clients:
// --config FILE, --cache PATH / --no-cache, --out FILE, --json.
import type { Command } from "commander";
import { loadConfig } from "../config/load.js";
import { configSchema, type FoolsgoldConfig } from "../config/schema.js";
import { defaultCachePath, openCache, type ResponseCache } from "../models/cache.js";
import { buildModelRoles, type ModelSession } from "../models/roles.js";
import type { CallRecord } from "../models/spec.js";

export interface CommonOptions {
  config?: string;
  /** A path from --cache, false from --no-cache, undefined when neither was given. */
  cache?: string | false;
  out?: string;
  json?: boolean;
}

export function addConfigOption(command: Command): Command {
  return command.option("--config <file>", "config file (YAML or JSON): models by role, cache, stack, options");
}

export function addCacheOptions(command: Command): Command {
  return command
    .option("--cache <path>", "response cache file (SQLite; default .foolsgold/cache.sqlite or cache.path in the config)")
    .option("--no-cache", "bypass the response cache: every model call goes to the server");
}

export function addOutputOptions(command: Command): Command {
  return command.option("--out <file>", "write the JSON artifact to this file").option("--json", "print the artifact as JSON");
}

/** --config, --cache/--no-cache, --out, --json in one go. */
export function addCommonOptions(command: Command): Command {
  return addOutputOptions(addCacheOptions(addConfigOption(command)));
}

/** The config from --config, or the defaults (every role on the embedded models) without one. */
export function resolveConfig(options: CommonOptions): FoolsgoldConfig {
  return options.config ? loadConfig(options.config) : configSchema.parse({});
}

/** Opens the cache the options and config ask for, or none. */
export function openCacheFor(options: CommonOptions, config: FoolsgoldConfig): ResponseCache | undefined {
  if (options.cache === false || !config.cache.enabled) return undefined;
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
 * Call close() when done (it stops the embedded server and closes the cache).
 */
export async function openModels(
  options: CommonOptions,
  need: string[],
  onCall?: (role: string, record: CallRecord) => void,
): Promise<ModelsForCommand> {
  const config = resolveConfig(options);
  const cache = openCacheFor(options, config);
  try {
    const session = await buildModelRoles(config.models, {
      need,
      embeddedDefaults: !options.config,
      file: options.config,
      cache,
      onCall,
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
