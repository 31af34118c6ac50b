// Where a request's time went, sent back as a Server-Timing header (read: receiving and decoding the
// body; admit: waiting for a scoring slot; parse: checking the body; begin: registering it in the journal; score: queued for and
// scored by a worker; commit: storing the results until the disk has them). The load bench reads it to
// say which stage the slowest requests spent their time in; whatever the client waited beyond the sum
// was spent outside these stages (the socket, or an event loop busy with other requests or GC).

export interface RequestTiming {
  /** Ends the stage `name` now (it began where the previous one ended). */
  mark(name: string): void;
  /** The stages so far as a Server-Timing value, in ms. */
  header(): string;
}

export function startTiming(now: () => number = () => performance.now()): RequestTiming {
  let last = now();
  const stages: string[] = [];
  return {
    mark(name) {
      const at = now();
      stages.push(`${name};dur=${(at - last).toFixed(2)}`);
      last = at;
    },
    header: () => stages.join(", "),
  };
}

/** Stage durations (ms) of a Server-Timing value; stages without a duration are left out. */
export function parseServerTiming(value: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (value ?? "").split(",")) {
    const m = /^\s*([\w-]+)\s*;\s*dur=([\d.]+)\s*$/.exec(part);
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}
