// Types for scripts/build-stamp.mjs (plain JS so bin/foolsgold.js can import it without tsx).
export const STAMP: string;
export const STAMP_NAME: string;
export interface SourceStamp {
  version: 1;
  files: Record<string, { size: number; mtimeMs: number; sha256: string }>;
}
export function buildInputs(root: string): string[];
export function sourceStamp(root: string): SourceStamp;
export function buildIsFresh(root: string): boolean;
/** Stamp, compile(outDir relative to root), check the inputs did not move, swap the result in for dist/. */
export function buildInto(root: string, compile: (outDir: string) => void): void;
