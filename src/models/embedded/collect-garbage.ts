// A full garbage collection on demand, for the few points where a phase has just dropped tens of MB
// (the ONNX model's build buffers once the session holds its own copy; a demo phase's responses and
// parsed rows). V8 would otherwise keep them until its next major collection, often the next phase's
// peak, so the process's peak RSS would count them twice. Costs one full GC (tens of ms).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (!gc) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) gc = exposed;
    else {
      // Node's documented way to reach V8's gc() without a command-line flag: a fresh context made after the flag is set gets it.
      setFlagsFromString("--expose-gc");
      gc = runInNewContext("gc") as () => void;
    }
  }
  gc();
}
