// bin/foolsgold.js in a checkout runs the compiled dist/ only while the build stamp matches src/, and the
// sources through tsx otherwise (scripts/build-stamp.mjs). Checked on a copy of the checkout whose
// src/ entry point announces itself on stderr and whose dist/ is a small stand-in that does the same
// (the test needs no real build), so the test sees which one ran.
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAMP, buildInto, buildIsFresh, sourceStamp } from "../../scripts/build-stamp.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
let copy: string;

/** Which entry point `foolsgold --version` ran in the copy, and its stdout. */
function ran(): { entry: string; stdout: string } {
  const run = spawnSync(process.execPath, ["bin/foolsgold.js", "--version"], { cwd: copy, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  const entries = [...run.stderr.matchAll(/entry: (compiled|sources)/g)].map((m) => m[1]);
  expect(entries).toHaveLength(1);
  return { entry: entries[0], stdout: run.stdout.trim() };
}

const stamp = () => writeFileSync(join(copy, STAMP), JSON.stringify(sourceStamp(copy)));
const later = (file: string) => {
  const { mtime } = statSync(join(copy, file));
  utimesSync(join(copy, file), mtime, new Date(mtime.getTime() + 5000));
};

/** A compiled CLI in miniature: what bin/foolsgold.js needs of dist/cli/index.js, announcing itself. */
const COMPILED_CLI = `import { readFileSync } from "node:fs";
export function exitQuietlyOnClosedPipe() {}
export async function main() {
  process.stderr.write("entry: compiled\\n");
  process.stdout.write(JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version + "\\n");
  return 0;
}
`;
const writeCompiled = (outDir: string) => {
  mkdirSync(join(copy, outDir, "cli"), { recursive: true });
  writeFileSync(join(copy, outDir, "cli", "index.js"), COMPILED_CLI);
};
const leftovers = () => readdirSync(copy).filter((name) => name.startsWith("dist."));

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), "fg-bin-stamp-"));
  for (const part of ["bin", "src", "scripts", "package.json", "tsconfig.json", "tsconfig.build.json"]) cpSync(join(ROOT, part), join(copy, part), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
  writeCompiled("dist");
  appendFileSync(join(copy, "src/cli/index.ts"), '\nprocess.stderr.write("entry: sources\\n");\n');
}, 60_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe("bin/foolsgold.js in a checkout", () => {
  it("runs the sources through tsx when dist/ has no stamp, and dist/ once the stamp matches src/", () => {
    const version = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version;
    expect(ran()).toEqual({ entry: "sources", stdout: version });
    stamp();
    expect(ran()).toEqual({ entry: "compiled", stdout: version });
  }, 60_000);

  it("treats a source edited after the build as stale, whether or not its size changed", () => {
    stamp();
    const file = "src/core/errors.ts";
    const original = readFileSync(join(copy, file), "utf8");
    try {
      // Same size, other bytes: only the content hash tells.
      writeFileSync(
        join(copy, file),
        original.replace(/[a-z]/, (c) => (c === "a" ? "b" : "a")),
      );
      later(file);
      expect(buildIsFresh(copy)).toBe(false);
      expect(ran().entry).toBe("sources");
      writeFileSync(join(copy, file), original + "\n");
      expect(buildIsFresh(copy)).toBe(false);
    } finally {
      writeFileSync(join(copy, file), original);
    }
    // The same bytes again with a newer time (a checkout that rewrote the file): fresh, by its hash.
    later(file);
    expect(buildIsFresh(copy)).toBe(true);
    expect(ran().entry).toBe("compiled");
  }, 60_000);

  it("treats a source added or removed after the build as stale, and so a changed compile setting", () => {
    stamp();
    writeFileSync(join(copy, "src/extra.ts"), "export const extra = 1;\n");
    expect(buildIsFresh(copy)).toBe(false);
    expect(ran().entry).toBe("sources");
    unlinkSync(join(copy, "src/extra.ts"));
    expect(buildIsFresh(copy)).toBe(true);
    const settings = readFileSync(join(copy, "tsconfig.build.json"), "utf8");
    writeFileSync(join(copy, "tsconfig.build.json"), settings.replace('"declaration": true', '"declaration": false'));
    expect(buildIsFresh(copy)).toBe(false);
    writeFileSync(join(copy, "tsconfig.build.json"), settings);
    stamp();
    const removed = "src/demo/legend.ts";
    const text = readFileSync(join(copy, removed));
    unlinkSync(join(copy, removed));
    expect(buildIsFresh(copy)).toBe(false);
    writeFileSync(join(copy, removed), text);
  }, 60_000);

  it("treats an unreadable stamp as missing, and a missing compile input as stale, not as a crash", () => {
    writeFileSync(join(copy, STAMP), "{ not json");
    expect(buildIsFresh(copy)).toBe(false);
    expect(ran().entry).toBe("sources");
    stamp();
    const settings = readFileSync(join(copy, "scripts/copy-assets.mjs"));
    unlinkSync(join(copy, "scripts/copy-assets.mjs"));
    try {
      expect(buildIsFresh(copy)).toBe(false);
      expect(ran().entry).toBe("sources");
    } finally {
      writeFileSync(join(copy, "scripts/copy-assets.mjs"), settings);
    }
  }, 60_000);
});

describe("the build (stamp, compile into a folder of its own, check, swap)", () => {
  it("swaps a finished build in for dist/ with the stamp of the sources it compiled, and leaves no folder behind", () => {
    rmSync(join(copy, STAMP), { force: true });
    expect(buildIsFresh(copy)).toBe(false);
    buildInto(copy, (outDir) => {
      // While the build runs, dist/ is the old one, whole.
      expect(existsSync(join(copy, "dist/cli/index.js"))).toBe(true);
      writeCompiled(outDir);
    });
    expect(buildIsFresh(copy)).toBe(true);
    expect(leftovers()).toEqual([]);
    expect(ran().entry).toBe("compiled");
  }, 60_000);

  it("leaves the last dist/ and its stamp in place when the compile fails", () => {
    stamp();
    const before = readFileSync(join(copy, STAMP), "utf8");
    expect(() =>
      buildInto(copy, (outDir) => {
        writeFileSync(join(copy, outDir, "half.js"), "");
        throw new Error("tsc failed");
      }),
    ).toThrow(/tsc failed/);
    expect(readFileSync(join(copy, STAMP), "utf8")).toBe(before);
    expect(buildIsFresh(copy)).toBe(true);
    expect(leftovers()).toEqual([]);
  });

  it("refuses a build during which a source was edited, even when it was put back before the end", () => {
    stamp();
    const before = readFileSync(join(copy, STAMP), "utf8");
    const file = "src/demo/legend.ts";
    const original = readFileSync(join(copy, file), "utf8");
    expect(() =>
      buildInto(copy, (outDir) => {
        // The compiler reads the edited file (an editor's save, a stash pop) …
        writeFileSync(join(copy, file), original + "// edited during the build\n");
        writeCompiled(outDir);
        // … and it is put back before the build ends (same bytes as the stamp, a new time).
        writeFileSync(join(copy, file), original);
        later(file);
      }),
    ).toThrow(/changed during the build/);
    expect(readFileSync(join(copy, STAMP), "utf8")).toBe(before);
    expect(leftovers()).toEqual([]);
  });

  it("lets two builds overlap without sharing a folder: the one that ends last is dist/, whole and fresh", () => {
    buildInto(copy, (outer) => {
      writeCompiled(outer);
      // A second build starts and finishes while the first is compiling (npm pack in the tests while npm ci builds).
      buildInto(copy, (inner) => {
        expect(inner).not.toBe(outer);
        writeCompiled(inner);
      });
      expect(existsSync(join(copy, outer, "cli", "index.js"))).toBe(true);
    });
    expect(buildIsFresh(copy)).toBe(true);
    expect(leftovers()).toEqual([]);
    expect(ran().entry).toBe("compiled");
  }, 60_000);

  it("runs the sources when a fresh stamp's dist/ lacks the CLI module (a dist/ being swapped or pruned)", () => {
    stamp();
    rmSync(join(copy, "dist/cli"), { recursive: true, force: true });
    expect(buildIsFresh(copy)).toBe(true);
    expect(ran().entry).toBe("sources");
    writeCompiled("dist");
  }, 60_000);
});
