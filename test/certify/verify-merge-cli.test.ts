// The CLI contract of SPEC §12: exit 0 clean, 1 not clean naming tensors, 2 unusable input.
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/index.js";
import { patternFill, writeSharded, type TensorSpec } from "./write-safetensors.js";

const root = mkdtempSync(join(tmpdir(), "fg-vm-cli-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const bin = resolve(import.meta.dirname, "../../bin/foolsgold.js");

function checkpoint(name: string, salts: Record<string, number>): string {
  const t = (n: string): TensorSpec => ({ name: n, dtype: "BF16", shape: [32, 32], fill: patternFill(n, salts[n] ?? 0) });
  const dir = join(root, name);
  mkdirSync(dir);
  writeSharded(dir, [[t("l.0.q_proj.weight"), t("l.0.v_proj.weight")], [t("l.0.mlp.weight")]]);
  return dir;
}

/** In-process run (fast); `spawn` runs the real binary once for the exit-status path of bad input. */
async function run(...args: string[]): Promise<{ status: number; stdout: string }> {
  let stdout = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  try {
    return { status: await main(["node", "foolsgold", "verify-merge", ...args]), stdout };
  } finally {
    out.mockRestore();
  }
}
const spawn = (...args: string[]) => spawnSync(process.execPath, [bin, "verify-merge", ...args], { encoding: "utf8" });

describe("foolsgold verify-merge", () => {
  const base = checkpoint("base", {});
  it("exits 0 on a clean merge and prints counts as JSON", async () => {
    const merged = checkpoint("good", { "l.0.q_proj.weight": 1, "l.0.v_proj.weight": 1 });
    const r = await run("--base", base, "--merged", merged, "--targets", "q_proj,v_proj", "--json");
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.clean).toBe(true);
    expect(out.targeted.changed).toBe(2);
  });

  it("exits 1 and names the tensor when a non-target changed", async () => {
    const merged = checkpoint("bad", { "l.0.q_proj.weight": 1, "l.0.v_proj.weight": 1, "l.0.mlp.weight": 1 });
    const r = await run("--base", base, "--merged", merged, "--targets", "q_proj,v_proj");
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("NOT CLEAN");
    expect(r.stdout).toMatch(/non_target_changed\s+l\.0\.mlp\.weight/);
  });

  it("exits 2 (real process) with one clear line on a malformed checkpoint", () => {
    const broken = join(root, "broken.safetensors");
    writeFileSync(broken, Buffer.from([255, 0, 0, 0, 0, 0, 0, 0, 1, 2]));
    const r = spawn("--base", base, "--merged", broken);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toMatch(/^foolsgold: .*broken\.safetensors: header length 255 bytes exceeds the file/);
  });
});
