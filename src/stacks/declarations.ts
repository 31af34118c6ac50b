// The one registry of stacks: a declaration `{ name, load }` per stack, its modules imported only when
// it is opened (`score --stack prose` loads the prose stack, not the judges and humor models beside it).
// What a stack can do is a field of the definition `load` gives (StackDefinition.capabilities), never
// a check of its name. A library user's stack registers the same way (registerStack), and `--stack
// FILE` (a module or a YAML composition, ./user-stack.ts) opens one without registering it.
import { InputError } from "../core/errors.js";
import type { StackCapabilities, StackDefinition } from "./types.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStack = StackDefinition<any, any>;

export interface StackEntry {
  name: string;
  load(): Promise<AnyStack>;
}

const BUILT_IN: readonly StackEntry[] = [
  { name: "vrcli", load: async () => (await import("./vrcli.js")).vrcliStack },
  { name: "cherrl", load: async () => (await import("./cherrl.js")).cherrlStack },
  { name: "humor", load: async () => (await import("./humor.js")).humorStack },
  { name: "prose", load: async () => (await import("./prose.js")).proseStack },
];

// Stacks a library user registered in this process (registerStack). A worker thread has its own; a
// stack meant for `score --workers N` or `serve`'s workers is opened from its file (`--stack FILE`).
const registered = new Map<string, StackEntry>();

const STACK_NAME = /^[a-z][a-z0-9_-]*$/;

/** Registers a stack (a definition, e.g. from composeStack, or a lazy `{ name, load }`) so openScorer, audits, the hunt and serve find it by name. */
export function registerStack(stack: AnyStack | StackEntry): void {
  const entry: StackEntry = "load" in stack ? stack : { name: stack.name, load: async () => stack };
  if (!STACK_NAME.test(entry.name)) throw new InputError("stack", `name "${entry.name}" must be lower-case letters, digits, _ or - (starting with a letter)`);
  if (BUILT_IN.some((s) => s.name === entry.name)) throw new InputError("stack", `"${entry.name}" is a built-in stack; register yours under another name`);
  registered.set(entry.name, entry);
}

/** Every stack name known here: the built-in ones, then those registered in this process. */
export function stackNames(): string[] {
  return [...BUILT_IN.map((s) => s.name), ...registered.keys()];
}

/** Whether `name` is a built-in stack (every thread knows it) rather than one registered in this process. */
export function isBuiltInStack(name: string): boolean {
  return BUILT_IN.some((s) => s.name === name);
}

/** The stack called `name`, its modules imported now; an unknown name is an InputError listing the known ones. */
export async function loadStack(name: string): Promise<AnyStack> {
  const entry = BUILT_IN.find((s) => s.name === name) ?? registered.get(name);
  if (!entry) throw new InputError("stack", `unknown stack "${name}"; known stacks: ${stackNames().join(", ")} (or a file: ./my-stack.mjs, ./my-stack.yaml)`);
  return entry.load();
}

/** A stack's capabilities with every default filled in. */
export function capabilitiesOf(stack: Pick<AnyStack, "capabilities">): Required<Pick<StackCapabilities, "huntObjective" | "parallel">> & StackCapabilities {
  return { huntObjective: "reward", parallel: "none", ...stack.capabilities };
}
