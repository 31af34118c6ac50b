// The stacks by name, each imported only when it is opened: `foolsgold score --stack prose` loads the
// prose stack, not the judges, humor and VRCLI stacks beside it (~1 CPU-s of modules). The same names
// as ./registry.ts, which imports every stack for the library's synchronous getStack
// (test/stacks/registry-lazy.test.ts keeps the two lists equal).
import { InputError } from "../core/errors.js";
import type { StackDefinition } from "./types.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyStack = StackDefinition<any, any>;

const LOADERS: Record<string, () => Promise<AnyStack>> = {
  vrcli: async () => (await import("./vrcli.js")).vrcliStack,
  cherrl: async () => (await import("./cherrl.js")).cherrlStack,
  humor: async () => (await import("./humor.js")).humorStack,
  prose: async () => (await import("./prose.js")).proseStack,
};

export const stackNames: readonly string[] = Object.keys(LOADERS);

/** The stack called `name`, its modules imported now; an unknown name is an InputError listing the known ones. */
export async function loadStack(name: string): Promise<AnyStack> {
  if (!Object.hasOwn(LOADERS, name)) throw new InputError("stack", `unknown stack "${name}"; known stacks: ${stackNames.join(", ")}`);
  return LOADERS[name]();
}
