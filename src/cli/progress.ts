// Progress on stderr for long work, never on stdout (which carries the data). In a terminal: a bar
// (counted work) or phase lines. Outside one (piped, CI, a log file): one plain line every few seconds,
// so a silent minute never looks like a hang. FOOLSGOLD_PROGRESS_INTERVAL_MS sets the spacing
// (default 5000; 0 prints every update, for tests); FOOLSGOLD_PROGRESS=off turns progress off.
import { createRequire } from "node:module";

// cli-progress draws the bar in a terminal only; elsewhere (a trainer's pipe, CI) it is not loaded.
const loadBar = (): typeof import("cli-progress") => createRequire(import.meta.url)("cli-progress") as typeof import("cli-progress");

export interface Progress {
  update(done: number): void;
  stop(): void;
}

/** Work without a count: named phases (reading, mining, …), each reported when it starts. */
export interface PhaseProgress {
  phase(name: string): void;
  /** Inside a phase: `done` of `total` units; reported at most once per interval. */
  tick(done: number, total: number): void;
  stop(): void;
}

const DEFAULT_INTERVAL_MS = 5000;

export function progressIntervalMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.FOOLSGOLD_PROGRESS_INTERVAL_MS;
  const n = raw === undefined || raw.trim() === "" ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_INTERVAL_MS;
}

function progressOff(): boolean {
  return /^(off|0|false|no)$/i.test(process.env.FOOLSGOLD_PROGRESS ?? "");
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** A throttled writer of plain "foolsgold: LABEL: …" lines; the first waits one interval, so quick runs print none. */
function plainLines(label: string): { maybe(text: () => string): void; always(text: string): void; started: number } {
  const interval = progressIntervalMs();
  const started = Date.now();
  let last = started;
  const write = (text: string): void => void process.stderr.write(`foolsgold: ${label}: ${text}\n`);
  return {
    started,
    maybe(text) {
      const now = Date.now();
      if (now - last < interval) return;
      last = now;
      write(text());
    },
    always: write,
  };
}

/** Counted work. `quiet` drops the terminal bar (e.g. under --json); plain lines still go to stderr. */
export function progressBar(label: string, total: number, quiet = false): Progress {
  if (progressOff() || total < 1) return { update() {}, stop() {} };
  if (process.stderr.isTTY) {
    if (quiet || total < 2) return { update() {}, stop() {} };
    const { SingleBar, Presets } = loadBar();
    const bar = new SingleBar({ format: `${label} [{bar}] {value}/{total} {eta_formatted} left`, stream: process.stderr, hideCursor: true }, Presets.shades_classic);
    bar.start(total, 0);
    return { update: (done) => bar.update(done), stop: () => bar.stop() };
  }
  const lines = plainLines(label);
  return {
    update: (done) => lines.maybe(() => `${done}/${total} (${Math.floor((100 * done) / total)} %), ${seconds(Date.now() - lines.started)} elapsed`),
    stop() {},
  };
}

/** Phased work. In a terminal every phase is shown as it starts; outside one, at most one line per interval. */
export function progressPhases(label: string, quiet = false): PhaseProgress {
  if (progressOff()) return { phase() {}, tick() {}, stop() {} };
  const lines = plainLines(label);
  const tty = process.stderr.isTTY === true;
  let current = "";
  return {
    phase(name) {
      current = name;
      if (tty) {
        if (!quiet) lines.always(name);
      } else lines.maybe(() => `${name} (${seconds(Date.now() - lines.started)} elapsed)`);
    },
    tick(done, total) {
      if (tty && quiet) return;
      lines.maybe(() => `${current}: ${done}/${total} (${Math.floor((100 * done) / Math.max(total, 1))} %), ${seconds(Date.now() - lines.started)} elapsed`);
    },
    stop() {},
  };
}
