// The `foolsgold` command. Each sub-command lives in its own file under commands/ and only parses,
// calls the library and prints. Errors the user can fix are printed as one line, exit 2, never a stack
// or the whole help (src/cli/error-line.ts); --help prints help and exits 0.
// Only the command being run is imported (all of them for help or an unknown name), so the CLI starts fast.
import { Command, CommanderError } from "commander";
import { FoolsgoldError, errorMessage } from "../core/errors.js";
import { FOOLSGOLD_VERSION } from "../core/artifact.js";
import { commands, type LazyCommand, type RegisterCommand } from "./commands/index.js";
import { USAGE_EXIT, commanderLine, fileErrorLine, missingSubcommandLine, oneLine, unknownOptionLine } from "./error-line.js";
import { resolveAliases } from "./flag-aliases.js";
import { checkOutputFiles } from "./output-paths.js";

export { exitQuietlyOnClosedPipe } from "./closed-pipe.js";

/** The program with the commands `argv` needs registered (every command when argv is omitted). */
export async function buildProgram(argv?: string[]): Promise<Command> {
  const program = new Command("foolsgold")
    .description("Find the fool's gold in reward functions: build, audit, serve, certify and monitor RL rewards.")
    .version(FOOLSGOLD_VERSION)
    .showHelpAfterError(false)
    .showSuggestionAfterError(true)
    // main() prints commander's errors itself, on one line; help asked for (--help) still goes to stdout.
    .configureOutput({ outputError: () => {}, writeErr: () => {} })
    .exitOverride();
  // Before any action: old flag names mapped to the canonical one, and every output file checked.
  program.hook("preAction", (_program, action) => {
    resolveAliases(action);
    checkOutputFiles(action);
  });
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

function fail(line: string, code = USAGE_EXIT): number {
  process.stderr.write(`foolsgold: ${oneLine(line)}\n`);
  return code;
}

export async function main(argv: string[]): Promise<number> {
  let program: Command | undefined;
  try {
    program = await buildProgram(argv);
    await program.parseAsync(argv);
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.exitCode === 0) return 0; // --help, --version
      // A group command (or the bare program) without its sub-command: commander would print the help.
      if (err.code === "commander.help" && program) return fail(missingSubcommandLine(program, argv.slice(2)));
      const typo = err.code === "commander.missingMandatoryOptionValue" && program ? unknownOptionLine(program, argv.slice(2)) : undefined;
      return fail(typo ?? commanderLine(err));
    }
    if (err instanceof ExitCode) return err.code;
    if (err instanceof FoolsgoldError) return fail(err.message);
    const fileLine = fileErrorLine(err);
    if (fileLine) return fail(fileLine);
    process.stderr.write(`foolsgold: unexpected error: ${oneLine(errorMessage(err))}\n`);
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
