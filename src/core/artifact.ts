// Every command that measures writes one self-contained JSON artifact (SPEC §11): what was run,
// with which parameters, when, and the results. The dashboard reads these files.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export interface Artifact<T> {
  kind: string;
  schema_version: 1;
  created_at: string;
  foolsgold_version: string;
  params: Record<string, unknown>;
  result: T;
}

export const FOOLSGOLD_VERSION = "0.1.0";

export function makeArtifact<T>(kind: string, params: Record<string, unknown>, result: T): Artifact<T> {
  return {
    kind,
    schema_version: 1,
    created_at: new Date().toISOString(),
    foolsgold_version: FOOLSGOLD_VERSION,
    params,
    result,
  };
}

export function writeArtifact(path: string, artifact: Artifact<unknown>): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(artifact, null, 2) + "\n");
}
