// Every command that measures writes one self-contained JSON artifact (SPEC §11): what was run,
// with which parameters, when, and the results. The dashboard reads these files.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { snakeKeys } from "./artifact-keys.js";

/** Version 2: snake_case keys throughout (src/core/artifact-keys.ts); readers still accept version 1. */
export const ARTIFACT_SCHEMA_VERSION = 2;

export interface Artifact<T> {
  kind: string;
  schema_version: typeof ARTIFACT_SCHEMA_VERSION;
  created_at: string;
  foolsgold_version: string;
  params: Record<string, unknown>;
  result: T;
}

export const FOOLSGOLD_VERSION = "0.1.0";

/**
 * The artifact as written: keys of `params` and `result` named in RENAMED_KEYS come out in snake_case
 * (schemas/artifact.schema.json); every other key, and any value, is as given.
 */
export function makeArtifact<T>(kind: string, params: Record<string, unknown>, result: T): Artifact<T> {
  return {
    kind,
    schema_version: ARTIFACT_SCHEMA_VERSION,
    created_at: new Date().toISOString(),
    foolsgold_version: FOOLSGOLD_VERSION,
    params: snakeKeys(params),
    result: snakeKeys(result),
  };
}

export function writeArtifact(path: string, artifact: Artifact<unknown>): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(artifact, null, 2) + "\n");
}
