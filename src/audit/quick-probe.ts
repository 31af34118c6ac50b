// The demo's audit phase: the bait-suffix probe on a handful of contexts with a few suffixes — one bait
// v2-seed closes (" Haha!"), two it misses (" xD", " 😆"), the partly closed " (laughs)" and a control —
// on the raw and v2 paths. Small enough for the README's main job on 2 cores; `foolsgold audit` runs the
// full suite.
import type { TranscriptRow } from "../core/types.js";
import type { ModelClient } from "../models/spec.js";
import { tasteOptions } from "../terms/humor/audience-taste.js";
import { runBaitProbe, type BaitProbeResult } from "./bait-probe.js";
import { contextsFromTranscripts } from "./contexts.js";
import { RAW_PATH, V2_SEED_PATH } from "./paths.js";
import { DEFAULT_SUFFIXES } from "./suffixes.js";

export const QUICK_SUFFIXES = [" Haha!", " (laughs)", " xD", " 😆", " Okay."];

export function quickBaitProbe(audience: ModelClient, rows: readonly TranscriptRow[], onProgress?: (done: number, total: number) => void, contexts = 4): Promise<BaitProbeResult> {
  return runBaitProbe({
    client: audience,
    contexts: contextsFromTranscripts(rows, contexts),
    suffixes: DEFAULT_SUFFIXES.filter((s) => QUICK_SUFFIXES.includes(s.text)),
    paths: [RAW_PATH, V2_SEED_PATH],
    taste: tasteOptions.parse({}),
    onProgress,
  });
}
