// Progress bars on stderr for long work; silent when stderr is not a terminal or output is JSON.
import { SingleBar, Presets } from "cli-progress";

export interface Progress {
  update(done: number): void;
  stop(): void;
}

export function progressBar(label: string, total: number, quiet = false): Progress {
  if (quiet || !process.stderr.isTTY || total < 2) return { update() {}, stop() {} };
  const bar = new SingleBar({ format: `${label} [{bar}] {value}/{total} {eta_formatted} left`, stream: process.stderr, hideCursor: true }, Presets.shades_classic);
  bar.start(total, 0);
  return { update: (done) => bar.update(done), stop: () => bar.stop() };
}
