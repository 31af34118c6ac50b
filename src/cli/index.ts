// The `foolsgold` command. Each sub-command lives in its own file under commands/ and only parses,
// calls the library and prints. Errors the user can fix are printed as one clear line, not a stack.
import { Command, CommanderError } from "commander";
import { FoolsgoldError, errorMessage } from "../core/errors.js";
import { FOOLSGOLD_VERSION } from "../core/artifact.js";
import { commands } from "./commands/index.js";

export function buildProgram(): Command {
  const program = new Command("foolsgold")
    .description("Find the fool's gold in reward functions: build, audit, serve, certify and monitor RL rewards.")
    .version(FOOLSGOLD_VERSION)
    .showHelpAfterError()
    .exitOverride();
  for (const register of commands) register(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
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
