// Every artifact and row file the real CLI writes (small inputs, embedded default models, in this
// process) validates against its published JSON Schema under the real ajv; hand-broken copies are
// rejected with the offending path named; and no key the CLI writes is camelCase outside the
// objects recorded verbatim (instrument and the configuration it echoes).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACT_SCHEMA_VERSION } from "../../src/core/artifact.js";
import { VERBATIM_KEYS } from "../../src/core/artifact-keys.js";
import { schemaIds, validateAgainst, validateArtifact, type Validation } from "../../src/schemas/validate.js";
import { produceArtifacts, type Produced } from "./produce-artifacts.js";

const dir = mkdtempSync(join(tmpdir(), "fg-schemas-"));
let produced: Produced;
beforeAll(async () => {
  produced = await produceArtifacts(dir);
}, 600_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const load = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, any>;
const lines = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const problems = (v: Validation) => (v.ok ? [] : v.problems);

/** Paths of camelCase keys, outside the verbatim subtrees. */
function camelKeys(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => camelKeys(v, `${path}/${i}`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => [...(/[a-z][A-Z]/.test(k) ? [`${path}/${k}`] : []), ...(VERBATIM_KEYS.has(k) ? [] : camelKeys(v, `${path}/${k}`))]);
}

// The kinds the produced set covers; the schema's kind list also has demo, labels and replay, whose
// commands need a minute-long run, labelling sheets or a served journal: test/schemas/other-kinds.test.ts.
const PRODUCED_KINDS = ["audit", "cache-stats", "calibrate-floor", "certify", "detect", "humor-simulation", "hunt", "jokes-data", "jokes-evaluate", "jokes-process", "labels", "mine", "onset", "score", "verify-merge"];

describe("artifacts written by the CLI", () => {
  it("cover every produced kind, and each validates against artifact.schema.json", () => {
    const kinds = new Set<string>();
    for (const [label, path] of Object.entries(produced.artifacts)) {
      const a = load(path);
      kinds.add(a.kind);
      expect({ label, problems: problems(validateArtifact(a)) }).toEqual({ label, problems: [] });
      expect(a.schema_version).toBe(ARTIFACT_SCHEMA_VERSION);
    }
    expect([...kinds].sort()).toEqual(PRODUCED_KINDS);
    // The small log has a planted shortcut from step 40, so the onset fields are numbers, not nulls.
    expect(load(produced.artifacts.onset).result.canonical_onset).toEqual(expect.any(Number));
    expect(load(produced.artifacts.detect).result.onset_step).toEqual(expect.any(Number));
    const schemaKinds = (load(join(import.meta.dirname, "../../schemas/artifact.schema.json")).properties.kind.enum as string[]).sort();
    for (const k of PRODUCED_KINDS) expect(schemaKinds).toContain(k);
    // One result schema per kind, and no schema for a kind nothing writes.
    expect(
      schemaIds()
        .filter((id) => id.startsWith("artifacts/"))
        .map((id) => id.slice(10, -12)),
    ).toEqual(schemaKinds);
  });

  it("use snake_case keys everywhere but the verbatim config echoes", () => {
    for (const [label, path] of Object.entries({ ...produced.artifacts, ...produced.rows, dictionary: produced.documents["prose-dictionary"] })) {
      const docs = path.endsWith(".jsonl") ? lines(path) : [load(path)];
      expect({ label, camel: docs.flatMap((d) => camelKeys(d)) }).toEqual({ label, camel: [] });
    }
  });

  it("every row file validates against its row schema", () => {
    for (const [schema, path] of Object.entries(produced.rows)) {
      const rows = lines(path);
      if (schema !== "scored-data-group") expect(rows.length, schema).toBeGreaterThan(0);
      const bad = rows.map((r, i) => ({ i, p: problems(validateAgainst(schema === "scored-data-group" ? "scored-data-group.schema.json" : `rows/${schema}.schema.json`, r)) })).filter((x) => x.p.length > 0);
      expect({ schema, bad }).toEqual({ schema, bad: [] });
    }
    expect(problems(validateAgainst("preregistration.schema.json", load(produced.documents.preregistration)))).toEqual([]);
    expect(problems(validateAgainst("prose-dictionary.schema.json", load(produced.documents["prose-dictionary"])))).toEqual([]);
  });
});

describe("hand-broken artifacts are rejected with the path named", () => {
  const broken = (label: string, edit: (a: Record<string, any>) => void) => {
    const a = structuredClone(load(produced.artifacts[label]));
    edit(a);
    const v = validateArtifact(a);
    expect(v.ok).toBe(false);
    return problems(v);
  };

  it("a wrong type", () => {
    expect(broken("onset", (a) => (a.result.canonical_onset = "40"))).toContainEqual({ path: "/result/canonical_onset", message: "must be integer" });
    expect(broken("score", (a) => (a.result.errors_by_kind.model = -1))).toContainEqual({ path: "/result/errors_by_kind/model", message: "must be >= 0" });
    expect(broken("hunt", (a) => (a.result.findings = { n: 1 }))).toContainEqual({ path: "/result/findings", message: "must be array" });
  });

  it("a missing required field", () => {
    expect(broken("certify", (a) => delete a.result.certified)).toContainEqual({ path: "/result", message: "must have required property 'certified'" });
    expect(broken("detect", (a) => delete a.created_at)).toContainEqual({ path: "", message: "must have required property 'created_at'" });
  });

  it("an unknown kind, a stray envelope key, an old version or a camelCase result key", () => {
    expect(broken("onset", (a) => (a.kind = "onsett"))[0]).toEqual({ path: "/kind", message: expect.stringMatching(/^must be equal to one of the allowed values \("audit", /) });
    expect(broken("onset", (a) => (a.extra = 1))).toContainEqual({ path: "", message: "must NOT have additional properties (extra)" });
    expect(broken("onset", (a) => (a.schema_version = 1))).toContainEqual({ path: "/schema_version", message: "must be equal to constant" });
    expect(broken("score", (a) => (a.result.rowsPerSecond = 1))).toEqual([{ path: "/result", message: 'property name "rowsPerSecond" must match pattern "^[a-z][a-z0-9_]*$"' }]);
  });

  it("a row with a made-up score or a wrong field", () => {
    const row = lines(produced.rows["scored-bank-row"])[0] as Record<string, any>;
    const v = validateAgainst("rows/scored-bank-row.schema.json", { ...row, score: { ...row.score, value: null } });
    expect(problems(v)).toContainEqual({ path: "/score", message: "must have required property 'error'" });
    expect(problems(validateAgainst("rows/bank-row.schema.json", { id: "a", output: 3 }))).toContainEqual({ path: "/output", message: "must be string" });
    expect(problems(validateAgainst("rows/mirror-row.schema.json", { step: 1, output: "x", score: 1, clean_score: 1 }))).toContainEqual({ path: "", message: "must NOT have additional properties (clean_score)" });
  });
});
