// One flag name per idea across commands. The rows a command reads are `--in FILE` everywhere; the
// names commands used before (`--rows`, `--bank`, `--log`, `--model`) still work as aliases, hidden
// from the option list and named in the --in description (docs/cli.md has the table).
import { Option, type Command } from "commander";
import { InputError } from "../core/errors.js";

interface AliasSpec {
  flag: string;
  attribute: string;
  aliases: { flag: string; attribute: string }[];
  required: boolean;
}

const specs = new WeakMap<Command, AliasSpec[]>();

function attributeOf(flag: string): string {
  return new Option(`${flag} <v>`).attributeName();
}

/**
 * Adds `--in <file>` (or another canonical flag) with old names as hidden aliases. `required` is
 * checked after the aliases are read, so `--rows FILE` satisfies a required `--in`.
 */
export function addInputOption(command: Command, description: string, options: { aliases?: string[]; required?: boolean; flag?: string } = {}): Command {
  const flag = options.flag ?? "--in";
  const aliases = options.aliases ?? [];
  command.option(`${flag} <file>`, aliases.length ? `${description} (old name${aliases.length > 1 ? "s" : ""}: ${aliases.join(", ")})` : description);
  for (const alias of aliases) command.addOption(new Option(`${alias} <file>`, `alias of ${flag}`).hideHelp());
  const spec: AliasSpec = { flag, attribute: attributeOf(flag), aliases: aliases.map((a) => ({ flag: a, attribute: attributeOf(a) })), required: options.required ?? false };
  specs.set(command, [...(specs.get(command) ?? []), spec]);
  return command;
}

/** Copies an alias's value to its canonical option (keeping the alias's own value too); refuses two different values. */
export function resolveAliases(command: Command): void {
  for (const spec of specs.get(command) ?? []) {
    const given = [{ flag: spec.flag, value: command.getOptionValue(spec.attribute) as unknown }, ...spec.aliases.map((a) => ({ flag: a.flag, value: command.getOptionValue(a.attribute) as unknown }))].filter(
      (g): g is { flag: string; value: string } => typeof g.value === "string",
    );
    const distinct = new Set(given.map((g) => g.value));
    if (distinct.size > 1) throw new InputError(spec.flag, `given twice with different files (${given.map((g) => `${g.flag} ${g.value}`).join(", ")}); use ${spec.flag} once`);
    if (given.length === 0) {
      if (spec.required) throw new InputError(`${spec.flag} <file>`, "required option not given");
      continue;
    }
    command.setOptionValueWithSource(spec.attribute, given[0].value, "cli");
  }
}
