// The list of sub-commands. Each file exports `register(program)`; add one line per command.
import type { Command } from "commander";
import { register as verifyMerge } from "./verify-merge.js";
import { register as certify } from "./certify.js";
import { register as simulate } from "./simulate.js";
import { register as onset } from "./onset.js";
import { register as detect } from "./detect.js";
import { register as labels } from "./labels.js";
import { register as lmServe } from "./lm-serve.js";
import { register as jokes } from "./jokes.js";
import { register as serve } from "./serve.js";
import { register as score } from "./score.js";
import { register as demo } from "./demo.js";
import { register as mine } from "./mine.js";
import { register as audit } from "./audit.js";
import { register as cache } from "./cache.js";
import { register as ui } from "./ui.js";
import { register as hunt } from "./hunt.js";

export type RegisterCommand = (program: Command) => void;

export const commands: RegisterCommand[] = [demo, verifyMerge, certify, simulate, onset, detect, labels, lmServe, jokes, score, serve, mine, cache, audit, hunt, ui];
