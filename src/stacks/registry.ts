// Every stack the CLI, the audits and the server can use, by name. Add one line per stack.
import type { StackDefinition } from "./types.js";
import { InputError } from "../core/errors.js";
import { vrcliStack } from "./vrcli.js";
import { cherrlStack } from "./cherrl.js";
import { humorStack } from "./humor.js";
import { proseStack } from "./prose.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const stackDefinitions: StackDefinition<any, any>[] = [vrcliStack, cherrlStack, humorStack, proseStack];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function getStack(name: string): StackDefinition<any, any> {
  const found = stackDefinitions.find((s) => s.name === name);
  if (!found) {
    const known = stackDefinitions.map((s) => s.name).join(", ") || "(none registered)";
    throw new InputError("stack", `unknown stack "${name}"; known stacks: ${known}`);
  }
  return found;
}
