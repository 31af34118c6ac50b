// The V8 warm-ups of the reading code (issue 20: a path first met after a hot loop was optimized threw
// the loop away), run once per thread when a stack is opened (open.ts, which the CLI, the scoring
// workers and the server use), never at import: importing a module does no work beyond its tables.
// Each pass is pure, so running it changes no answer. In the order the modules used to load them.
import { warmUpReading } from "../terms/prose/read.js";
import { warmUpCharFacts } from "../text/char-facts.js";
import { warmUpCleanup } from "../text/cleanup.js";
import { warmUpScript } from "../text/script.js";

let warm = false;

export function warmUp(): void {
  if (warm) return;
  warm = true;
  warmUpCharFacts();
  warmUpScript();
  warmUpCleanup();
  warmUpReading();
}
