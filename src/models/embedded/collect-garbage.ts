// A full garbage collection on demand, for the few points where a phase has just dropped tens of MB
// (the ONNX model's build buffers once the session holds its own copy; a demo phase's responses and
// parsed rows). V8 would otherwise keep them until its next major collection, often the next phase's
// peak, so the process's peak RSS would count them twice. Costs one full GC (tens of ms).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let gc: (() => void) | undefined;
/** JS heap plus buffers after the last collection (buffers are freed just after it, so this errs high). */
let collectedAt = 0;

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
  const after = process.memoryUsage();
  collectedAt = after.heapUsed + after.arrayBuffers;
}

/**
 * A full collection only when the JS heap and buffers have grown by more than `mb` since the last one,
 * for long phases that drop what they allocate as they go (a cold demo's scoring parses ≈ 60 MB of
 * model responses): a bounded peak for the price of a GC every `mb` of growth, nothing when idle.
 */
export function collectGarbageIfGrown(mb = 32): boolean {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  if (heapUsed + arrayBuffers - collectedAt < mb * 2 ** 20) return false;
  collectGarbage();
  return true;
}
