// Tests that use the real corpora read them from ../shared/data and skip, saying why, when the
// folder is absent (the data is never copied into this repository).
import { existsSync } from "node:fs";
import { resolve } from "node:path";

export const SHARED_DATA = resolve(process.env.FOOLSGOLD_SHARED_DATA ?? resolve(import.meta.dirname, "../../../shared/data"));

export const hasSharedData = existsSync(SHARED_DATA);

export const sharedDataSkipReason = `shared data folder not found at ${SHARED_DATA} (set FOOLSGOLD_SHARED_DATA)`;

export function sharedPath(rel: string): string {
  return resolve(SHARED_DATA, rel);
}
