// bin/foolsgold.js in a checkout runs the compiled dist/ only while the build stamp matches src/, and the
// sources through tsx otherwise (scripts/build-stamp.mjs). Checked on a copy of the checkout whose
// dist/ and src/ entry points each announce themselves on stderr, so the test sees which one ran.
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILDING, STAMP, beginBuild, buildIsFresh, endBuild, sourceStamp } from "../../scripts/build-stamp.mjs";

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

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), "fg-bin-stamp-"));
  for (const part of ["bin", "src", "dist", "scripts", "package.json", "tsconfig.json", "tsconfig.build.json"]) cpSync(join(ROOT, part), join(copy, part), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
  rmSync(join(copy, STAMP), { force: true });
  appendFileSync(join(copy, "dist/cli/index.js"), '\nprocess.stderr.write("entry: compiled\\n");\n');
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
      writeFileSync(join(copy, file), original.replace(/[a-z]/, (c) => (c === "a" ? "b" : "a")));
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

describe("the build's two steps", () => {
  /** What tsc and copy-assets do between the steps: this copy's dist/ again, less its stamp. */
  const compile = () => cpSync(join(copy, "dist"), join(copy, BUILDING), { recursive: true, filter: (path) => !path.endsWith(".build-stamp.json") });

  it("stamp the sources as they were before the compile and swap the new dist/ in only at the end", () => {
    rmSync(join(copy, BUILDING), { recursive: true, force: true });
    expect(() => endBuild(copy)).toThrow(/dist\.building\/\.build-stamp\.json: missing/);
    rmSync(join(copy, STAMP), { force: true });
    beginBuild(copy);
    compile();
    // While the build runs, dist/ is the old one, whole (here: without a stamp, so bin runs the sources).
    expect(existsSync(join(copy, "dist/cli/index.js"))).toBe(true);
    expect(buildIsFresh(copy)).toBe(false);
    endBuild(copy);
    expect(buildIsFresh(copy)).toBe(true);
    expect(readdirSync(copy).filter((name) => name.startsWith("dist"))).toEqual(["dist"]);
    expect(ran().entry).toBe("compiled");
  }, 60_000);

  it("leave the last dist/ in place when the compile fails, and count a source edited during the build as stale", () => {
    stamp();
    beginBuild(copy); // tsc fails: no end
    expect(buildIsFresh(copy)).toBe(true);
    const file = "src/demo/legend.ts";
    const original = readFileSync(join(copy, file), "utf8");
    beginBuild(copy);
    compile();
    writeFileSync(join(copy, file), original + "// edited during the build\n");
    endBuild(copy);
    expect(buildIsFresh(copy)).toBe(false);
    writeFileSync(join(copy, file), original);
    expect(buildIsFresh(copy)).toBe(true);
  });
});
