// The list of sub-commands. Each file exports `register(program)`; add one line per command. A lazy
// entry ({ names, load }) is imported only when its command runs (or for --help), which keeps
// `foolsgold --version` and every other command from loading the whole library.
import type { Command } from "commander";

export type RegisterCommand = (program: Command) => void;

export interface LazyCommand {
  /** The top-level command names the module registers. */
  names: string[];
  load(): Promise<{ register: RegisterCommand }>;
}

export const commands: (LazyCommand | RegisterCommand)[] = [
  { names: ["demo"], load: () => import("./demo.js") },
  { names: ["verify-merge"], load: () => import("./verify-merge.js") },
  { names: ["certify"], load: () => import("./certify.js") },
  { names: ["simulate"], load: () => import("./simulate.js") },
  { names: ["onset"], load: () => import("./onset.js") },
  { names: ["detect"], load: () => import("./detect.js") },
  { names: ["labels"], load: () => import("./labels.js") },
  { names: ["lm"], load: () => import("./lm-serve.js") },
  { names: ["jokes"], load: () => import("./jokes.js") },
  { names: ["score"], load: () => import("./score.js") },
  { names: ["serve"], load: () => import("./serve.js") },
  { names: ["mine"], load: () => import("./mine.js") },
  { names: ["cache"], load: () => import("./cache.js") },
  { names: ["audit"], load: () => import("./audit.js") },
  { names: ["ui"], load: () => import("./ui.js") },
  { names: ["calibrate-floor"], load: () => import("./calibrate-floor.js") },
  { names: ["prereg"], load: () => import("./prereg.js") },
  { names: ["hunt"], load: () => import("./hunt.js") },
  { names: ["generation-difficulty"], load: () => import("./generation-difficulty.js") },
  { names: ["validate"], load: () => import("./validate.js") },
];
