// `foolsgold prereg`: the pre-registration registry (src/certify/registry.ts). `register FILE` appends a
// hash-chained entry with the registry's time; `record BANK…` records banks rolled out by another
// pipeline; `list` shows the entries; `verify` checks every link (exit 3 when the log was altered).
import type { Command } from "commander";
import { InputError } from "../../core/errors.js";
import { readJsonl } from "../../core/jsonl.js";
import type { TranscriptRow } from "../../core/types.js";
import { loadPreregistration, type Preregistration } from "../../certify/preregistration.js";
import { DEFAULT_PREREG_LOG, readLog, recordRollout, registerPreregistration, RegistryTampered, verifyChain } from "../../certify/registry.js";
import { assertEvaluationSet } from "../../envs/humor/seed-sets.js";
import { loadSeedRegistry } from "../../envs/humor/seed-sets.js";
import { ExitCode } from "../index.js";
import { addInputOption } from "../flag-aliases.js";

export function preregLogPath(flag: string | undefined): string {
  return flag ?? process.env.FOOLSGOLD_PREREG_LOG ?? DEFAULT_PREREG_LOG;
}

/** A pre-registration's seed sets must be evaluation sets of the registry (never a training split). */
export function assertPreregSeedSets(p: Preregistration, registryPath?: string): void {
  const registry = loadSeedRegistry(registryPath);
  if (p.seed_set !== undefined) assertEvaluationSet(registry, p.seed_set, "seed_set");
  p.replications.forEach((r, i) => assertEvaluationSet(registry, r, `replications[${i}]`));
}

async function guarded(action: () => Promise<void> | void): Promise<void> {
  try {
    await action();
  } catch (err) {
    if (err instanceof RegistryTampered) {
      process.stderr.write(`foolsgold: ${err.message}\n`);
      throw new ExitCode(3);
    }
    throw err;
  }
}

export function register(program: Command): void {
  const prereg = program.command("prereg").description("the pre-registration registry: an append-only, hash-chained log certify checks");
  // --prereg-log, as in certify and simulate; --log is its old name here
  const withLog = (command: Command): Command => addInputOption(command, `registry log (default $FOOLSGOLD_PREREG_LOG, else ${DEFAULT_PREREG_LOG})`, { flag: "--prereg-log", aliases: ["--log"] });

  withLog(prereg.command("register <file>"))
    .description("register a pre-registration (before any rollout under it)")
    .option("--registry <file>", "seed-set registry JSON (default: the built-in one)")
    .action((file: string, opts: { preregLog?: string; registry?: string }) =>
      guarded(() => {
        const p = loadPreregistration(file);
        assertPreregSeedSets(p, opts.registry);
        const path = preregLogPath(opts.preregLog);
        const { entry, created } = registerPreregistration(path, p);
        process.stdout.write(`${created ? "registered" : "already registered"} "${entry.name}" ${entry.prereg_hash.slice(0, 12)} as entry ${entry.seq} at ${entry.at} in ${path}\n`);
      }),
    );

  withLog(prereg.command("record <banks...>"))
    .description("record banks rolled out elsewhere under a registered pre-registration")
    .requiredOption("--prereg <file>", "the registered pre-registration the banks were rolled out under")
    .action((banks: string[], opts: { prereg: string; preregLog?: string }) =>
      guarded(() => {
        const p = loadPreregistration(opts.prereg);
        const records = banks.map((path) => {
          const { rows } = readJsonl<TranscriptRow>(path);
          if (rows.length === 0) throw new InputError(path, "holds no transcript rows");
          return { label: path, rows };
        });
        const entry = recordRollout(preregLogPath(opts.preregLog), p, records);
        process.stdout.write(`recorded ${banks.length} bank(s) as entry ${entry.seq} at ${entry.at}\n`);
      }),
    );

  withLog(prereg.command("list"))
    .description("list the registry's entries")
    .option("--json", "print the entries as JSON")
    .action((opts: { preregLog?: string; json?: boolean }) =>
      guarded(() => {
        const path = preregLogPath(opts.preregLog);
        const entries = readLog(path);
        verifyChain(entries, path);
        if (opts.json) return void process.stdout.write(JSON.stringify(entries, null, 2) + "\n");
        for (const e of entries) {
          const what = e.kind === "register" ? `register "${e.name}"` : `rollout under entry ${e.register_seq}: ${e.banks.map((b) => `${b.label} (${b.rows} rows, ${b.transcripts_hash.slice(0, 12)})`).join(", ")}`;
          process.stdout.write(`${String(e.seq).padStart(4)}  ${e.at}  ${e.prereg_hash.slice(0, 12)}  ${what}\n`);
        }
        if (entries.length === 0) process.stdout.write(`${path}: no entries\n`);
      }),
    );

  withLog(prereg.command("verify"))
    .description("check every hash and link of the registry (exit 3 when it was altered)")
    .action((opts: { preregLog?: string }) =>
      guarded(() => {
        const path = preregLogPath(opts.preregLog);
        const entries = readLog(path);
        verifyChain(entries, path);
        process.stdout.write(`${path}: ${entries.length} entries, chain intact\n`);
      }),
    );
}
