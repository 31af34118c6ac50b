// From a stack name (or a config naming one), or a stack file (`--stack ./my-stack.mjs`, a YAML
// composition), to a ready Scorer: validate the stack's options with its own schema, open model clients
// for the roles it needs, create it. The CLI, the audits, the hunt, certification and the server all go
// through here.
import { InputError } from "../core/errors.js";
import { parseStackOptions } from "../config/stack-options.js";
import { openModels, resolveConfig, type ModelsForCommand, type SessionOptions } from "../config/session.js";
import type { CallRecord } from "../models/spec.js";
import { loadStack } from "./declarations.js";
import { isStackFile, loadStackFile } from "./user-stack.js";
import { warmUp } from "./warm-up.js";
import type { Scorer, StackDefinition } from "./types.js";

export interface OpenedScorer {
  scorer: Scorer;
  stack: string;
  /** The stack's definition (its row kind, roles, terms). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  definition: StackDefinition<any, any>;
  models: ModelsForCommand;
  close(): Promise<void>;
}

export interface OpenScorerOptions extends SessionOptions {
  /** A registered stack's name, or a stack file (a module or a YAML composition). */
  stack?: string;
  /** An external reward (src/stacks/rewards): python:FILE:FUNCTION, python-trl:…, http://…, cmd:…, judge:FILE.yaml; excludes `stack`. */
  reward?: string;
  /** Options from flags, merged over the config file's `options`. */
  overrides?: Record<string, unknown>;
  onCall?: (role: string, record: CallRecord) => void;
}

export interface ResolvedStack {
  /** The stack as given (a name or a file), so another thread opens the same one. */
  stack: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  definition: StackDefinition<any, any>;
  options: unknown;
  /** The model roles the stack needs with these options. */
  roles: string[];
  /** Every role the config names: opening the stack builds a client for each (an embedded one starts a server). */
  configuredRoles: string[];
}

/** The stack and options openScorer would open, and the model roles they need, without opening anything. */
export async function resolveStack(options: OpenScorerOptions): Promise<ResolvedStack> {
  warmUp();
  const config = resolveConfig(options);
  if (options.reward !== undefined && options.stack !== undefined) throw new InputError("--reward", "give --stack or --reward, not both");
  const stackName = options.reward ?? options.stack ?? config.stack;
  if (!stackName) throw new InputError("--stack", "no stack given: pass --stack NAME, --reward SPEC or set `stack` in the config file");
  const definition = options.reward !== undefined ? await (await import("./rewards/index.js")).loadRewardStack(options.reward) : isStackFile(stackName) ? await loadStackFile(stackName) : await loadStack(stackName);
  const where = options.config ?? "options";
  const stackOptions = parseStackOptions(definition.options, { ...config.options, ...options.overrides }, where);
  const roles = [...new Set([...definition.modelRoles, ...(definition.rolesFor?.(stackOptions) ?? [])])];
  return { stack: stackName, definition, options: stackOptions, roles, configuredRoles: Object.keys(config.models ?? {}) };
}

export async function openScorer(options: OpenScorerOptions): Promise<OpenedScorer> {
  return openResolved(await resolveStack(options), options);
}

/** openScorer for a stack resolveStack(options) has resolved already. */
export async function openResolved(resolved: ResolvedStack, options: OpenScorerOptions): Promise<OpenedScorer> {
  const { stack: stackName, definition, options: stackOptions, roles } = resolved;
  const models = await openModels(options, roles, options.onCall);
  try {
    const scorer = await definition.create(stackOptions, models.roles);
    // An external reward's scorer owns processes (src/stacks/rewards); stacks' scorers own nothing to close.
    const closeScorer = (scorer as { close?: () => Promise<void> }).close;
    return { scorer, stack: stackName, definition, models, close: async () => void (await Promise.all([closeScorer?.call(scorer), models.close()])) };
  } catch (err) {
    await models.close();
    throw err;
  }
}

/** `--option key=value` flags: the value is parsed as JSON when it parses, else kept as a string. */
export function parseOptionFlags(flags: string[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const flag of flags ?? []) {
    const eq = flag.indexOf("=");
    if (eq <= 0) throw new InputError("--option", `"${flag}" is not key=value`);
    const key = flag.slice(0, eq);
    const raw = flag.slice(eq + 1);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw;
    }
    setPath(out, key.split("."), value);
  }
  return out;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== "object" || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = value;
}
