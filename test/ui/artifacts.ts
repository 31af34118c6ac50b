// Real artifacts for the dashboard tests, produced by the real CLI (child processes, run in parallel):
// the reference onset of run A from the published signals, a small bait-suffix probe and a small
// certification on the embedded models, and a prose-scored bank of real model stories.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEFAULT_SUFFIXES } from "../../src/audit/suffixes.js";
import { sharedPath } from "../helpers/shared-data.js";

const BIN = resolve(import.meta.dirname, "../../bin/foolsgold.js");

/** Suffixes of the small probe: two closed by v2, one left open (xD), one control. */
export const PROBE_SUFFIXES = DEFAULT_SUFFIXES.filter((s) => [" Haha!", " lol", " xD", " Okay."].includes(s.text));
export const PROBE_PATHS = ["raw", "v2"];
export const PROSE_ROWS = 200;

export function runCli(args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.on("exit", (code) => (code === 0 || (args[0] === "certify" && code === 1) ? done() : fail(new Error(`foolsgold ${args.join(" ")} exited ${code}: ${stderr.slice(-2000)}`))));
  });
}

/** Real model stories (HANNA) as bank rows; `maxChars` keeps each story's opening only. */
export function storyBank(n: number, maxChars = Infinity): { id: string; prompt: string; output: string }[] {
  const lines = readFileSync(sharedPath("model_prose/hanna_model_stories.jsonl"), "utf8").split("\n").filter(Boolean).slice(0, n);
  return lines.map((l, i) => {
    const r = JSON.parse(l) as { model?: string; prompt: string; text: string };
    return { id: `hanna-${i}-${r.model ?? "model"}`, prompt: r.prompt, output: r.text.length > maxChars ? r.text.slice(0, r.text.lastIndexOf(" ", maxChars)) : r.text };
  });
}

export async function buildArtifacts(dir: string): Promise<void> {
  mkdirSync(join(dir, "prose"), { recursive: true });
  // Inputs live beside the artifacts folder, not in it: they are not artifacts.
  const suffixesPath = `${dir}.suffixes.json`;
  writeFileSync(suffixesPath, JSON.stringify(PROBE_SUFFIXES));
  writeFileSync(
    join(dir, "prose", "bank.jsonl"),
    storyBank(PROSE_ROWS)
      .map((r) => JSON.stringify(r))
      .join("\n") + "\n",
  );
  const prereg = {
    format: "foolsgold-preregistration/1",
    name: "dashboard e2e",
    registered_at: "2026-01-01T00:00:00Z",
    hypothesis: "Best-of-2 reranking by the training reward raises certified retention.",
    seed_set: "eval6",
    bars: [
      { metric: "retention", min_delta: 0.02 },
      { metric: "taste", min_delta: 0.015, min_t: 2 },
    ],
  };
  // Outside the artifacts folder: a pre-registration is not an artifact.
  const preregPath = `${dir}.prereg.json`;
  writeFileSync(preregPath, JSON.stringify(prereg));
  // certify refuses a pre-registration that was not registered before its rollouts (docs/certify.md).
  const preregLog = `${dir}.prereg-log.jsonl`;
  await runCli(["prereg", "register", preregPath, "--log", preregLog]);
  await Promise.all([
    runCli(["onset", "--signals", sharedPath("hacking_runs/cherrl_reference_onset_definition.json"), "--smoothed", "--run", "run_A", "--out", join(dir, "onset-run_A.json")]),
    runCli(["score", "--stack", "prose", "--in", join(dir, "prose", "bank.jsonl"), "--out", join(dir, "prose", "scored.jsonl"), "--artifact", join(dir, "prose", "score.json"), "--no-cache"]),
    runCli(["audit", "--audits", "probe", "--contexts", "4", "--sessions", "2", "--suffixes", suffixesPath, "--paths", PROBE_PATHS.join(","), "--out", join(dir, "audit.json"), "--no-cache"]),
    runCli(["certify", "--prereg", preregPath, "--prereg-log", preregLog, "--limit", "3", "--turns", "2", "--best-of", "2", "--banks-dir", join(dir, "banks"), "--out", join(dir, "certify.json"), "--no-cache"]),
  ]);
}
