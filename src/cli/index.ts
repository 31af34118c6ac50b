// The `foolsgold` command. Each sub-command lives in its own file under commands/ and only parses,
// calls the library and prints. Errors the user can fix are printed as one clear line, not a stack.
// Only the command being run is imported (all of them for help or an unknown name), so the CLI starts fast.
import { Command, CommanderError } from "commander";
import { FoolsgoldError, errorMessage } from "../core/errors.js";
import { FOOLSGOLD_VERSION } from "../core/artifact.js";
import { commands, type LazyCommand, type RegisterCommand } from "./commands/index.js";

/** The program with the commands `argv` needs registered (every command when argv is omitted). */
export async function buildProgram(argv?: string[]): Promise<Command> {
  const program = new Command("foolsgold")
    .description("Find the fool's gold in reward functions: build, audit, serve, certify and monitor RL rewards.")
    .version(FOOLSGOLD_VERSION)
    .showHelpAfterError()
    .exitOverride();
  for (const register of await commandsFor(argv)) register(program);
  return program;
}

async function commandsFor(argv: string[] | undefined): Promise<RegisterCommand[]> {
  const args = argv?.slice(2) ?? [];
  const onlyVersion = args.length === 1 && (args[0] === "--version" || args[0] === "-V");
  if (onlyVersion) return [];
  const name = args.find((a) => !a.startsWith("-"));
  const lazy = commands.filter((c): c is LazyCommand => typeof c !== "function");
  const wanted = argv && name ? lazy.filter((c) => c.names.includes(name)) : lazy;
  const chosen = wanted.length > 0 ? wanted : lazy;
  const eager = commands.filter((c): c is RegisterCommand => typeof c === "function");
  return [...eager, ...(await Promise.all(chosen.map(async (c) => (await c.load()).register)))];
}

export async function main(argv: string[]): Promise<number> {
  try {
    const program = await buildProgram(argv);
    await program.parseAsync(argv);
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    if (err instanceof ExitCode) return err.code;
    if (err instanceof FoolsgoldError) {
      process.stderr.write(`foolsgold: ${err.message}\n`);
      return 2;
    }
    process.stderr.write(`foolsgold: unexpected error: ${errorMessage(err)}\n`);
    if (process.env.FOOLSGOLD_DEBUG) process.stderr.write(`${(err as Error)?.stack ?? ""}\n`);
    return 1;
  }
}

/** Thrown by a command to end with a specific exit status after printing its own message. */
export class ExitCode extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}
