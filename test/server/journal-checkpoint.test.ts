import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openJournalStore, type SqliteStore } from "../../src/server/journal-store.js";
import type { Score } from "../../src/core/types.js";

// SQLite's automatic checkpoint runs inside the COMMIT on the server's main thread (copying the WAL
// into the database file and fsyncing it while requests wait); the server's store leaves that to a
// thread of its own, and takes it back if that thread stops.

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "fg-ckpt-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const score = { value: 0.5, terms: {}, instrument: "i" } as Score;
// ≈ 120 KB per request, as a 64 × 300-word batch: 40 of them are ≈ 1,200 WAL pages, past SQLite's 1,000.
const body = JSON.stringify({ rows: Array.from({ length: 64 }, (_, i) => ({ id: `${i}`, output: `${"word ".repeat(370)}${i}` })) });

async function write(store: SqliteStore, n: number, from = 0): Promise<void> {
  await Promise.all(
    Array.from({ length: n }, async (_, k) => {
      const id = `r${from + k}`;
      await store.begin({ id, route: "/v1/score", stack: "s", instrument: "i", bodyHash: `h${id}`, body }, 60_000);
      await store.complete(id, [{ index: 0, rowId: "0", step: 1, score }]);
    }),
  );
}

async function until(check: () => boolean, ms = 5_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 25))) if (check()) return true;
  return check();
}

describe("SQLite journal checkpoints off the main thread", () => {
  it("commits on the server's connection below the backstop never checkpoint; its thread copies the WAL into the database file", async () => {
    const path = join(dir, "journal.sqlite");
    const store = (await openJournalStore(path)) as SqliteStore;
    try {
      expect(store.checkpointThread).toBeDefined();
      // 40 requests are ≈ 1,200 pages: under the 4,000-page backstop, so only the thread checkpoints.
      expect(store.journal.autoCheckpoint).toBe(4000);
      const before = statSync(path).size;
      await write(store, 40);
      // The rows reach the database file (not only the WAL) without any commit checkpointing.
      expect(await until(() => statSync(path).size > before + 4_000_000)).toBe(true);
      expect(store.journal.get("r39")?.status).toBe("done");
    } finally {
      await store.close();
    }
    // Closed cleanly: the file opens again with every request in it.
    const again = (await openJournalStore(path, { readonly: true })) as SqliteStore;
    expect((await again.counts()).done).toBe(40);
    await again.close();
  });

  it("under steady load the WAL stays bounded (a checkpoint beside every commit never lets SQLite rewind it)", async () => {
    const path = join(dir, "journal.sqlite");
    const store = (await openJournalStore(path)) as SqliteStore;
    let largest = 0;
    try {
      // One 64-row request every 4 ms for 3 s, each awaited by nobody until the end, as a busy server's
      // commits arrive; before the backstop the WAL reached ≈ 200 MB here (4,000 pages are ≈ 16 MB).
      const pending: Promise<void>[] = [];
      for (let k = 0, end = Date.now() + 3_000; Date.now() < end; k++) {
        pending.push(write(store, 1, k));
        if (k % 25 === 0) largest = Math.max(largest, statSync(`${path}-wal`).size);
        await new Promise((r) => setTimeout(r, 4));
      }
      await Promise.all(pending);
      largest = Math.max(largest, statSync(`${path}-wal`).size);
      expect(pending.length).toBeGreaterThan(100);
      expect(largest).toBeLessThan(48 * 2 ** 20);
      expect((await store.counts()).done).toBe(pending.length);
    } finally {
      await store.close();
    }
  });

  it("a checkpoint thread that stops hands checkpoints back to SQLite's automatic one", async () => {
    const path = join(dir, "journal.sqlite");
    const store = (await openJournalStore(path)) as SqliteStore;
    try {
      const said = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
      await store.checkpointThread!.terminate();
      expect(await until(() => store.journal.autoCheckpoint === 1000)).toBe(true);
      expect(said.mock.calls.map((c) => String(c[0])).join("")).toMatch(/checkpoint thread stopped \(it exited with code \d+\); SQLite checkpoints on the server's own connection again/);
      said.mockRestore();
      await write(store, 40);
      expect((await store.counts()).done).toBe(40);
    } finally {
      await store.close();
    }
  });

  it("close() returns in a process with nothing else to keep it running (the thread is waited for)", () => {
    // Under vitest other handles keep the event loop alive; a plain process shows whether close() waits.
    const script = join(dir, "close.mts");
    const store = new URL("../../src/server/journal-store.ts", import.meta.url).href;
    writeFileSync(
      script,
      `import { openJournalStore } from ${JSON.stringify(store)};\n` +
        `const s = await openJournalStore(${JSON.stringify(join(dir, "j.sqlite"))});\n` +
        `await s.begin({ id: "a", route: "/v1/score", stack: "s", instrument: "i", bodyHash: "h", body: "{}" }, 60000);\n` +
        `await s.close();\nconsole.log("closed");\n`,
    );
    const out = execFileSync(process.execPath, ["--import", "tsx", script], { encoding: "utf8", timeout: 60_000 });
    expect(out.trim()).toBe("closed");
  });

  it("close() still returns when the checkpoint thread fails while close() waits for it", () => {
    // A worker inherits the process's flags: under --input-type it cannot load its module and fails
    // at once, while close() waits for it (before: close() rejected with the thread's error).
    const store = new URL("../../src/server/journal-store.ts", import.meta.url).href;
    const code =
      `import { openJournalStore } from ${JSON.stringify(store)};\n` +
      `const s = await openJournalStore(${JSON.stringify(join(dir, "j.sqlite"))});\n` +
      `await s.begin({ id: "a", route: "/v1/score", stack: "s", instrument: "i", bodyHash: "h", body: "{}" }, 60000);\n` +
      `await s.close();\nconsole.log("closed");\n`;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { encoding: "utf8", timeout: 60_000, stdio: ["ignore", "pipe", "ignore"] });
    expect(out.trim()).toBe("closed");
  });

  it("two servers on one file each checkpoint from their own thread without failing a write", async () => {
    const path = join(dir, "journal.sqlite");
    const [a, b] = (await Promise.all([openJournalStore(path), openJournalStore(path)])) as SqliteStore[];
    try {
      await Promise.all([write(a, 40, 0), write(b, 40, 100)]);
      // Both threads are still the ones checkpointing (none fell back after an error).
      await new Promise((r) => setTimeout(r, 600));
      expect([a.journal.autoCheckpoint, b.journal.autoCheckpoint]).toEqual([4000, 4000]);
      expect((await a.counts()).done).toBe(80);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("stores opened read-only or in memory start no thread", async () => {
    const path = join(dir, "journal.sqlite");
    const writer = (await openJournalStore(path)) as SqliteStore;
    const reader = (await openJournalStore(path, { readonly: true })) as SqliteStore;
    const memory = (await openJournalStore(":memory:")) as SqliteStore;
    expect(reader.checkpointThread).toBeUndefined();
    expect(memory.checkpointThread).toBeUndefined();
    await Promise.all([reader.close(), memory.close(), writer.close()]);
  });
});
