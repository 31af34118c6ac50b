// Backpressure for the reward server: at most `maxInFlight` batches are scored at once and at most
// `maxQueue` wait; anything beyond is refused at once (429 + retry-after) instead of growing an
// unbounded queue in memory.

export interface Admission {
  /** Resolves with a release function once admitted, or null when the queue is full. */
  enter(): Promise<(() => void) | null>;
  readonly inFlight: number;
  readonly queued: number;
}

export function createAdmission(maxInFlight: number, maxQueue: number): Admission {
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
  };
  return {
    async enter() {
      if (inFlight < maxInFlight) {
        inFlight++;
        return once(release);
      }
      if (waiting.length >= maxQueue) return null;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return once(release);
    },
    get inFlight() {
      return inFlight;
    },
    get queued() {
      return waiting.length;
    },
  };
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
