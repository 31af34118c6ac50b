// Runs a CLI command in-process and keeps what it writes to stdout and stderr instead of printing it.
import { vi } from "vitest";

/** Starts capturing; restore with vi.restoreAllMocks() (e.g. in afterEach). */
export function captureOutput(): string[] {
  const out: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((s) => (out.push(String(s)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((s) => (out.push(String(s)), true));
  return out;
}
