// The OpenRLHF-style reward server of test/rewards/fixtures as a real Python process on a free loopback
// port: resolves with its base URL once it listens.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

export const REWARD_SERVER = join(import.meta.dirname, "../rewards/fixtures/openrlhf_server.py");

export interface RewardServer {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

export function startRewardServer(timeoutMs = 30_000): Promise<RewardServer> {
  const child = spawn("python3", [REWARD_SERVER, "0"], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`reward server did not start: ${out}`)), timeoutMs);
    const stop = () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill();
      });
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${m[1]}`, stop });
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`reward server exited with ${code}: ${out}`)));
  });
}
