// Shared printing helpers for commands: --json prints the artifact, otherwise a readable summary.
import { writeArtifact, type Artifact } from "../core/artifact.js";

export interface OutputOptions {
  out?: string;
  json?: boolean;
}

export function emit(artifact: Artifact<unknown>, options: OutputOptions, summary: () => string): void {
  if (options.out) writeArtifact(options.out, artifact);
  if (options.json) process.stdout.write(JSON.stringify(artifact.result, null, 2) + "\n");
  else process.stdout.write(summary() + "\n");
}
