// docs/reference/ is the CLI's own --help, one page per command: rebuilt here and compared with the
// committed pages, so a changed option cannot leave its reference page behind.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { buildCliReference } from "../../scripts/build-cli-reference.mjs";

const OUT = resolve(import.meta.dirname, "../../docs/reference");

describe("the command reference", () => {
  it("has one page per command and sub-command, each equal to the CLI's --help", () => {
    const pages = buildCliReference();
    expect(pages.map(([file]) => file).sort()).toEqual(readdirSync(OUT).sort());
    for (const [file, text] of pages) expect(readFileSync(join(OUT, file), "utf8"), `docs/reference/${file} is stale: run node scripts/build-cli-reference.mjs`).toBe(text);
    expect(pages.find(([file]) => file === "score.md")?.[1]).toMatch(/--reward/);
  }, 900_000);
});
