// The `serve replay` artifact against its schema: a real `foolsgold serve` journals two scored
// requests, then `serve replay --journal` (in this process) rescores them and writes the artifact.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { runMain } from "../helpers/capture-output.js";
import { startServeProcess } from "../helpers/serve-process.js";
import { validateArtifact } from "../../src/schemas/validate.js";

const dir = mkdtempSync(join(tmpdir(), "fg-schema-replay-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("serve replay writes a snake_case artifact that validates, and a camelCase key would not", async () => {
  const journal = join(dir, "journal.sqlite");
  const server = await startServeProcess(["--port", "0", "--stack", "cherrl", "--option", "bias=lexical", "--no-cache", "--journal", journal], 60_000);
  try {
    for (const output of ["No commas here at all.", "Commas, sadly, everywhere."]) {
      const res = await fetch(`${server.url}/v1/score`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ rows: [{ id: "r", prompt: "Answer without commas.", output, instruction_id_list: ["punctuation:no_comma"], kwargs: [{}] }] }),
      });
      expect(res.status).toBe(200);
    }
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((r) => server.child.once("exit", r));
  }
  const out = join(dir, "replay.json");
  const r = await runMain(["serve", "replay", "--journal", journal, "--stack", "cherrl", "--option", "bias=lexical", "--no-cache", "--out", out]);
  expect(r.status, r.stderr).toBe(0);
  const artifact = JSON.parse(readFileSync(out, "utf8"));
  expect(artifact.kind).toBe("replay");
  expect(artifact.result.rows_with_errors).toBe(0);
  expect(artifact.result.details).toHaveLength(2);
  expect(validateArtifact(artifact)).toEqual({ ok: true });
  const old = structuredClone(artifact);
  old.result.details[0].rowId = old.result.details[0].row_id;
  delete old.result.details[0].row_id;
  const v = validateArtifact(old);
  expect(v.ok).toBe(false);
  expect(v.ok ? [] : v.problems).toContainEqual({ path: "/result/details/0", message: "must have required property 'row_id'" });
}, 120_000);
