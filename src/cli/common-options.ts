// Options every command shares: --config FILE, --cache PATH / --no-cache, --out FILE, --json. Opening
// models from them lives in src/config/session.ts (re-exported here for the commands).
import type { Command } from "commander";
import type { SessionOptions } from "../config/session.js";

export { openCacheFor, openModels, resolveConfig, type ModelsForCommand } from "../config/session.js";

export interface CommonOptions extends SessionOptions {
  out?: string;
  json?: boolean;
}

export function addConfigOption(command: Command): Command {
  return command.option("--config <file>", "config file (YAML or JSON): models by role, cache, stack, options");
}

export function addCacheOptions(command: Command): Command {
  return command.option("--cache <path>", "response cache file (SQLite; default .foolsgold/cache.sqlite or cache.path in the config)").option("--no-cache", "bypass the response cache: every model call goes to the server");
}

export function addOutputOptions(command: Command): Command {
  return command.option("--out <file>", "write the JSON artifact to this file").option("--json", "print the artifact as JSON");
}

/** --config, --cache/--no-cache, --out, --json in one go. */
export function addCommonOptions(command: Command): Command {
  return addOutputOptions(addCacheOptions(addConfigOption(command)));
}

/** --reward SPEC: an external reward (src/stacks/rewards) in place of --stack. */
export function addRewardOption(command: Command): Command {
  return command.option("--reward <spec>", "score with your own reward instead of a stack: python:FILE.py[:FUNCTION] (verl), python-trl:FILE.py:FUNCTION (TRL), http://HOST:PORT/PATH (OpenRLHF), cmd:COMMAND (JSON Lines) or judge:FILE.yaml");
}
