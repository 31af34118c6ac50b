// Output files are checked before any work starts: a run that computes for a minute and then cannot
// write its result (missing folder, a folder given for a file, no permission) must fail at once, with
// the flag and the path named, instead of printing a summary over a file that was never written.
import { accessSync, constants, statSync, type Stats } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Command } from "commander";
import { InputError } from "../core/errors.js";

/** Option attributes that name a file a command writes, in every command that has them. */
export const OUTPUT_FILE_OPTIONS = ["out", "artifact", "figure", "mirror", "dropped", "write"] as const;

const extraOutputs = new WeakMap<Command, string[]>();

/** Declares further output-file options of one command (e.g. `labels export --sheet --key`). */
export function markOutputFiles(command: Command, attributes: string[]): Command {
  extraOutputs.set(command, [...(extraOutputs.get(command) ?? []), ...attributes]);
  return command;
}

function stat(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Why `path` cannot be written as a file, or undefined when it can. */
export function writableFileProblem(path: string): string | undefined {
  const target = stat(path);
  if (target?.isDirectory()) return "is a folder; a file path is expected";
  const folder = dirname(resolve(path));
  const parent = stat(folder);
  if (!parent) return `its folder ${folder} does not exist`;
  if (!parent.isDirectory()) return `${folder} is not a folder`;
  try {
    accessSync(target ? path : folder, constants.W_OK);
  } catch {
    return target ? "cannot be written (permission denied)" : `cannot write in ${folder} (permission denied)`;
  }
  return undefined;
}

/** Throws an InputError naming the flag and path of the first output file that cannot be written. */
export function checkOutputFiles(command: Command): void {
  const opts = command.opts<Record<string, unknown>>();
  for (const attribute of [...OUTPUT_FILE_OPTIONS, ...(extraOutputs.get(command) ?? [])]) {
    const path = opts[attribute];
    if (typeof path !== "string") continue;
    const flag = command.options.find((o) => o.attributeName() === attribute)?.long ?? `--${attribute}`;
    const problem = path === "" ? "is empty; a file path is expected" : writableFileProblem(path);
    if (problem) throw new InputError(`${flag} ${path}`, problem);
  }
}
