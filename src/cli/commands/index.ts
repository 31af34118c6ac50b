// The list of sub-commands. Each file exports `register(program)`; add one line per command.
import type { Command } from "commander";

export type RegisterCommand = (program: Command) => void;

export const commands: RegisterCommand[] = [];
