// Every built-in stack imported at once, for the library's synchronous getStack (the registry of
// declarations, ./declarations.ts, opens one stack at a time; this module loads them all on import).
import { InputError } from "../core/errors.js";
import { isBuiltInStack, loadStack, stackNames, type AnyStack } from "./declarations.js";

export const stackDefinitions: readonly AnyStack[] = await Promise.all(stackNames().filter(isBuiltInStack).map(loadStack));

/** The built-in stack called `name` (loadStack finds registered and file stacks too, asynchronously). */
export function getStack(name: string): AnyStack {
  const found = stackDefinitions.find((s) => s.name === name);
  if (!found) throw new InputError("stack", `unknown stack "${name}"; known stacks: ${stackDefinitions.map((s) => s.name).join(", ")}`);
  return found;
}
