// Every failure the user can fix ends as ONE stderr line, "foolsgold: WHAT: PROBLEM", exit 2: commander's
// own errors (unknown command or option, missing option or argument, bad choice) with the nearest name
// suggested on the same line, file-system errors that escaped a reader, and InputErrors.
import { CommanderError, type Command } from "commander";
import { fileProblem, isFileError } from "../core/errors.js";

/** Exit status of a usage or input error. */
export const USAGE_EXIT = 2;

/** commander's message on one line: "error: unknown command 'scor'\n(Did you mean score?)" → "unknown command 'scor' (did you mean score?)". */
export function commanderLine(err: CommanderError): string {
  return oneLine(err.message.replace(/^error:\s*/, "").replace(/\s*\n\s*\(Did you mean/g, " (did you mean"));
}

/** The command `args` select (the deepest sub-command named), and the names on the way. */
function selected(program: Command, args: readonly string[]): { command: Command; path: string[] } {
  let command = program;
  const path: string[] = [];
  for (const arg of args) {
    if (arg === "--") break;
    if (arg.startsWith("-")) continue;
    const sub = command.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (!sub) break;
    command = sub;
    path.push(arg);
  }
  return { command, path };
}

/**
 * commander reports a missing required option before an unknown one, so `score --inn x` would say
 * "--in not specified"; the typo is the real mistake, so it is named first, with the nearest flag.
 */
export function unknownOptionLine(program: Command, args: readonly string[]): string | undefined {
  const { command } = selected(program, args);
  const known = new Set(["-h", "--help", ...command.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f)))]);
  for (const arg of args) {
    if (arg === "--") break;
    if (!arg.startsWith("-") || arg === "-") continue;
    const flag = arg.split("=")[0];
    if (known.has(flag) || command.commands.some((c) => c.name() === arg)) continue;
    try {
      (command as unknown as { unknownOption(flag: string): never }).unknownOption(flag);
    } catch (err) {
      if (err instanceof CommanderError) return commanderLine(err);
    }
    return `unknown option '${flag}'`;
  }
  return undefined;
}

/** A group command named without its sub-command (`foolsgold jokes`), or no command at all. */
export function missingSubcommandLine(program: Command, args: readonly string[]): string {
  const { command, path } = selected(program, args);
  // `foolsgold help nosuch`: commander shows the help of the nearest command; the name is the mistake
  const rest = args.filter((a) => !a.startsWith("-") && a !== "help").slice(path.length);
  if (rest.length > 0) return `${path.length ? `${path.join(" ")}: ` : ""}unknown command '${rest[0]}'`;
  const names = command.commands.map((c) => c.name()).filter((n) => n !== "help");
  const where = ["foolsgold", ...path].join(" ");
  return `${path.length ? `${path.join(" ")}: ` : ""}name a ${path.length ? "sub-command" : "command"}: ${names.join(", ")} (see ${where} --help)`;
}

/** A Node file-system error (ENOENT, EISDIR, EACCES, …) as "PATH: problem". */
export function fileErrorLine(err: unknown): string | undefined {
  if (!isFileError(err)) return undefined;
  return `${err.path}: ${fileProblem(err)}`;
}

/** Messages that span lines (zod issue lists, nested causes) are joined so the error stays one line. */
export function oneLine(message: string): string {
  return message.trim().replace(/\s*\n+\s*/g, "; ");
}
