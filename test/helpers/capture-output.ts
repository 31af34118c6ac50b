// Runs a CLI command in-process and keeps what it writes to stdout and stderr instead of printing it.
import { vi } from "vitest";

/** Starts capturing; restore with vi.restoreAllMocks() (e.g. in afterEach). */
export function captureOutput(): string[] {
  const out: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((s) => (out.push(String(s)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((s) => (out.push(String(s)), true));
  return out;
}

/** Runs `foolsgold ARGS…` in this process and returns its exit status and what it wrote to each stream. */
export async function runMain(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const { main } = await import("../../src/cli/index.js");
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    const status = await main(["node", "foolsgold", ...args]);
    return { status, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.exitCode = undefined;
  }
}
