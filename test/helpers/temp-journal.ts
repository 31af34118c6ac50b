// A fresh SQLite journal in its own temporary folder for each test, removed after it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { Journal } from "../../src/server/journal.js";

/** Registers the hooks; `opened` gets each test's folder and journal before the test runs. */
export function tempJournalPerTest(prefix: string, opened: (dir: string, journal: Journal) => void): void {
  let dir = "";
  let journal: Journal | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    journal = new Journal(join(dir, "journal.sqlite"));
    opened(dir, journal);
  });
  afterEach(() => {
    journal?.close();
    rmSync(dir, { recursive: true, force: true });
  });
}
