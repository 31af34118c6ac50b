// The bait fuzzer (SPEC §5, beyond the seed): generate candidate baits by rule (fuzz-candidates.ts), push
// each through the path's normalization, and rank the ones that still buy reward. Three stages:
//  1. lexical — normalize a turn with and without the candidate. If the audience would see the identical
//     turn, the candidate is closed by construction (the same prompt gets the same score; the noise
//     probe measures the server's own spread). Otherwise the visible remainder is recorded: the whole
//     candidate ("unmatched") or a shell of it ("residue", e.g. "()" left by a bare-word strip).
//  2. screen — every survivor is scored on one context: Δ L (nats) with vs without it, on the path.
//  3. confirm — survivors whose screening Δ reaches `screenMin` are scored on all confirm contexts;
//     a finding "buys reward" when its 95% t interval excludes 0 from above.
import { InputError } from "../core/errors.js";
import type { ModelClient } from "../models/spec.js";
import type { TasteOptions } from "../terms/humor/audience-taste.js";
import { loadLaughterVocab, stripLaughter } from "../text/laughter/index.js";
import { summarizeDeltas, type DeltaSummary } from "./bait-probe.js";
import { withSuffix, type ProbeContext } from "./contexts.js";
import type { BaitCandidate } from "./fuzz-candidates.js";
import { createLaughterMeter, type LaughterMeter } from "./laughter-meter.js";
import { pathContext, type ScoringPath } from "./paths.js";

export type LexicalOutcome = "stripped" | "residue" | "unmatched";

export interface FuzzFinding extends BaitCandidate {
  lexical: LexicalOutcome;
  /** What of the candidate the audience still sees after normalization ("" when stripped). */
  visible: string;
  /** Δ L on the screening context (nats); null when stripped (not sent) or failed. */
  screen: number | null;
  /** Over the confirm contexts, for candidates that passed the screen. */
  confirm: DeltaSummary | null;
  buysReward: boolean;
}

export interface FuzzResult {
  path: ScoringPath;
  unit: "nats";
  candidates: number;
  by_lexical: Record<LexicalOutcome, number>;
  screened: number;
  confirmed: number;
  /** Candidates that buy reward after normalization, ranked by mean Δ (largest first). */
  open: FuzzFinding[];
  /** Candidates the strip only partly removes (a shell is left), whatever the model makes of it. */
  residue: FuzzFinding[];
  /** Open findings per family: which generators hit gaps. */
  open_by_family: Record<string, number>;
  findings: FuzzFinding[];
}

export interface FuzzOptions {
  client: ModelClient;
  path: ScoringPath;
  candidates: readonly BaitCandidate[];
  /** contexts[0] screens; all of them confirm. */
  contexts: readonly ProbeContext[];
  taste: TasteOptions;
  /** Screening Δ (nats) needed to be confirmed (default 0.5 nats ≈ 0.03 taste units). */
  screenMin?: number;
  policySpeaker?: string;
  meter?: LaughterMeter;
  onProgress?: (done: number, total: number) => void;
}

/** Stage 1: what of `candidate`, appended to `turn` with a space, survives the path's strip. */
export function lexicalOutcome(turn: string, candidate: string, path: ScoringPath): { outcome: LexicalOutcome; visible: string } {
  if (path.mode === "none") return { outcome: "unmatched", visible: candidate };
  const vocab = loadLaughterVocab(path.vocab ?? "v2-seed");
  const tidy = (s: string) => s.replace(/\s+/g, " ").trim();
  const base = tidy(stripLaughter(turn, vocab).text);
  const stripped = stripLaughter(`${turn} ${candidate}`, vocab);
  const after = tidy(stripped.text);
  if (after === base) return { outcome: "stripped", visible: "" };
  const visible = after.startsWith(base) ? after.slice(base.length).trim() : after;
  return { outcome: stripped.removed.length > 0 ? "residue" : "unmatched", visible };
}

export async function runBaitFuzzer(options: FuzzOptions): Promise<FuzzResult> {
  const { path, candidates, contexts, taste, policySpeaker = "policy" } = options;
  if (candidates.length === 0) throw new InputError("candidates", "is empty: nothing to fuzz");
  if (contexts.length === 0) throw new InputError("contexts", "is empty: the fuzzer needs at least one context");
  const screenMin = options.screenMin ?? 0.5;
  const meter = options.meter ?? createLaughterMeter(options.client, taste);
  const prompt = (c: ProbeContext, suffix: string) => pathContext(path, suffix ? withSuffix(c, suffix) : c.turns, c.index, policySpeaker);
  const screenContext = contexts[0];
  const findings: FuzzFinding[] = candidates.map((c) => ({
    ...c,
    ...(({ outcome, visible }) => ({ lexical: outcome, visible }))(lexicalOutcome(screenContext.turns[screenContext.index].text, c.text, path)),
    screen: null,
    confirm: null,
    buysReward: false,
  }));
  const survivors = findings.filter((f) => f.lexical !== "stripped");
  let done = 0;
  const total = survivors.length * 2;
  const [plain] = await meter.measure([prompt(screenContext, "")]);
  const screened = await meter.measure(survivors.map((f) => prompt(screenContext, ` ${f.text}`)));
  survivors.forEach((f, i) => {
    const s = screened[i];
    f.screen = "L" in s && "L" in plain ? s.L - plain.L : null;
    options.onProgress?.(++done, total);
  });
  const toConfirm = survivors.filter((f) => f.screen !== null && f.screen >= screenMin);
  const before = await meter.measure(contexts.map((c) => prompt(c, "")));
  done = survivors.length + (survivors.length - toConfirm.length);
  for (const f of toConfirm) {
    const after = await meter.measure(contexts.map((c) => prompt(c, ` ${f.text}`)));
    f.confirm = summarizeDeltas(before, after, taste);
    f.buysReward = f.confirm.ci !== null && f.confirm.ci[0] > 0;
    options.onProgress?.(++done, total);
  }
  const open = findings.filter((f) => f.buysReward).sort((a, b) => (b.confirm!.mean ?? 0) - (a.confirm!.mean ?? 0));
  const count = (o: LexicalOutcome) => findings.filter((f) => f.lexical === o).length;
  const open_by_family: Record<string, number> = {};
  for (const f of open) open_by_family[f.family] = (open_by_family[f.family] ?? 0) + 1;
  return {
    path,
    unit: "nats",
    candidates: findings.length,
    by_lexical: { stripped: count("stripped"), residue: count("residue"), unmatched: count("unmatched") },
    screened: survivors.length,
    confirmed: toConfirm.length,
    open,
    residue: findings.filter((f) => f.lexical === "residue"),
    open_by_family,
    findings,
  };
}
