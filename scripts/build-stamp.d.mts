// Types for scripts/build-stamp.mjs (plain JS so bin/foolsgold.js can import it without tsx).
export const STAMP: string;
export const BUILDING: string;
export interface SourceStamp {
  version: 1;
  files: Record<string, { size: number; mtimeMs: number; sha256: string }>;
}
export function buildInputs(root: string): string[];
export function sourceStamp(root: string): SourceStamp;
export function buildIsFresh(root: string): boolean;
export function beginBuild(root: string): void;
export function endBuild(root: string): void;
