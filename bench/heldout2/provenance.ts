// What a battery's figures were measured on: the checkout's commit and the machine's load.
import { execSync } from "node:child_process";

const shell = (cmd: string) => {
  try {
    return execSync(cmd, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
};

/** "commit abc123…" plus a note when tracked files differ from it. */
export const commitLine = () => {
  const commit = shell("git rev-parse --short=12 HEAD");
  const dirty = shell("git status --porcelain --untracked-files=no") === "" ? "" : " (with uncommitted changes)";
  return `commit ${commit}${dirty}`;
};

/** `uptime`'s line (load averages over 1, 5 and 15 minutes). */
export const uptimeLine = () => shell("uptime");
