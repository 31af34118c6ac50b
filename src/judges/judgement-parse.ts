// Robust parsing of an LLM judge's reply into a score in [0, 1] (SPEC §9). Judges answer in many
// shapes — JSON, "Score: 7/10", "**8**/10", a bare "0.85" on the last line — and the parser accepts
// them; anything it cannot read unambiguously is an explicit failure (JudgementParseError), never 0.
import { FoolsgoldError } from "../core/errors.js";

export class JudgementParseError extends FoolsgoldError {
  constructor(
    readonly reply: string,
    problem: string,
  ) {
    super("judge_unparseable", `judge reply could not be parsed: ${problem} (reply: ${JSON.stringify(reply.slice(0, 160))})`);
    this.name = "JudgementParseError";
  }
}

export interface ParsedJudgement {
  /** In [0, 1]. */
  value: number;
  /** The score as written and the scale it was read on. */
  raw: number;
  scaleMax: number;
  via: "json" | "labelled" | "fraction" | "bare";
}

const NUMBER = String.raw`([-+]?\d+(?:\.\d+)?)`;

function normalise(raw: number, scaleMax: number, via: ParsedJudgement["via"], reply: string): ParsedJudgement {
  if (!Number.isFinite(raw)) throw new JudgementParseError(reply, "score is not a finite number");
  if (raw < 0 || raw > scaleMax) throw new JudgementParseError(reply, `score ${raw} is outside [0, ${scaleMax}]`);
  return { value: raw / scaleMax, raw, scaleMax, via };
}

/**
 * `scaleMax` is the scale the prompt asked for (10 by default). An explicit "x/N" overrides it; a
 * value ≤ 1 with a decimal point on a 10-point scale is read as already normalised only when the
 * prompt's scale is 1.
 */
export function parseJudgement(reply: string, scaleMax = 10): ParsedJudgement {
  const text = reply.replace(/<think>[\s\S]*?<\/think>/g, "").trim();
  if (!text) throw new JudgementParseError(reply, "empty reply");

  const json = text.match(/\{[^{}]*"score"\s*:\s*[^{}]*\}/);
  if (json) {
    try {
      const parsed = JSON.parse(json[0]) as { score?: unknown };
      const score = typeof parsed.score === "string" ? Number(parsed.score) : parsed.score;
      if (typeof score === "number") return normalise(score, scaleMax, "json", reply);
    } catch {
      // fall through to the textual forms
    }
  }
  const labelled = [...text.matchAll(new RegExp(String.raw`(?:score|rating|grade)\s*(?:is|=|:)?\s*\**\s*${NUMBER}\s*\**\s*(?:(?:/|out of)\s*(\d+))?`, "gi"))];
  if (labelled.length > 0) {
    const last = labelled[labelled.length - 1];
    return normalise(Number(last[1]), last[2] ? Number(last[2]) : scaleMax, "labelled", reply);
  }
  const fractions = [...text.matchAll(new RegExp(String.raw`\**${NUMBER}\**\s*(?:/|out of)\s*(\d+)`, "gi"))];
  if (fractions.length > 0) {
    const last = fractions[fractions.length - 1];
    return normalise(Number(last[1]), Number(last[2]), "fraction", reply);
  }
  const lastLine = text
    .split("\n")
    .pop()!
    .trim()
    .replace(/[*.\s]+$/g, "")
    .replace(/^\*+/, "");
  if (new RegExp(`^${NUMBER}$`).test(lastLine)) return normalise(Number(lastLine), scaleMax, "bare", reply);
  throw new JudgementParseError(reply, "no score found");
}

/** Parses a YES/NO verdict (the optional LLM bias detector); anything else is a failure. */
export function parseYesNo(reply: string): boolean {
  const text = reply.replace(/<think>[\s\S]*?<\/think>/g, "").trim();
  const m = text.match(/^\W*(yes|no)\b/i) ?? text.match(/\b(?:answer|verdict)\s*[:=]?\s*\W*(yes|no)\b/i);
  if (!m) throw new JudgementParseError(reply, "expected YES or NO");
  const verdict = m[1].toLowerCase();
  // "yes, but no" is no verdict: the opposite answer standing alone as a clause ("…, but no", "Yes/No")
  // makes it ambiguous; "Yes, there are no errors" is still a yes.
  const opposite = verdict === "yes" ? "no" : "yes";
  const standalone = new RegExp(`(?:^|[,;:./!?]|\\bbut|\\bor)\\s*${opposite}\\s*(?:[,;:.!?/]|$)`, "im");
  if (standalone.test(text.slice(m.index! + m[0].length))) throw new JudgementParseError(reply, "both YES and NO: ambiguous");
  return verdict === "yes";
}
