// `foolsgold prereg`: the pre-registration registry (src/certify/registry.ts). `register FILE` appends a
// hash-chained entry with the registry's time and the instrument it pins; `record ARM=BANK…` records
// banks rolled out by another pipeline, once per arm; `list` shows the entries; `verify` checks every
// link and any anchors (exit 3 when the log was altered). Every write prints the new head, the anchor
// to keep elsewhere (`--anchor-file F` appends it to F).
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { InputError } from "../../core/errors.js";
import { readJsonl } from "../../core/jsonl.js";
import type { TranscriptRow } from "../../core/types.js";
import { holdsTranscripts, readBankRows } from "../../certify/bank-arms.js";
import { loadPreregistration, PreregistrationMismatch } from "../../certify/preregistration.js";
import {
  appendAnchor,
  DEFAULT_PREREG_LOG,
  formatAnchor,
  preregLogPath,
  ProvenanceRefused,
  readAnchors,
  readLog,
  recordRollout,
  registerPreregistration,
  registryHead,
  verifyAnchors,
  verifyChain,
  type BankSource,
} from "../../certify/registry.js";
import { assertPreregSeedSets } from "../../certify/seed-check.js";
import { sha256 } from "../../core/hash.js";
import { ExitCode } from "../index.js";
import { addInputOption } from "../flag-aliases.js";

export { assertPreregSeedSets, preregLogPath };

async function guarded(action: () => Promise<void> | void): Promise<void> {
  try {
    await action();
  } catch (err) {
    if (err instanceof ProvenanceRefused || err instanceof PreregistrationMismatch) {
      process.stderr.write(`foolsgold: ${err.message}\n`);
      throw new ExitCode(3);
    }
    throw err;
  }
}

/** Prints the head after a write, and appends it to the anchor file when one is named. */
function printHead(path: string, anchorFile: string | undefined): void {
  const head = registryHead(readLog(path));
  if (anchorFile) appendAnchor(anchorFile, head);
  process.stdout.write(`head ${formatAnchor(head)}${anchorFile ? ` (appended to ${anchorFile})` : " (keep it elsewhere: prereg verify --anchor checks the log still holds it)"}\n`);
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function register(program: Command): void {
  const prereg = program.command("prereg").description("the pre-registration registry: an append-only, hash-chained log certify checks");
  // --prereg-log, as in certify and simulate; --log is its old name here
  const withLog = (command: Command): Command => addInputOption(command, `registry log (default $FOOLSGOLD_PREREG_LOG, else ${DEFAULT_PREREG_LOG})`, { flag: "--prereg-log", aliases: ["--log"] });

  withLog(prereg.command("register <file>"))
    .description("register a pre-registration and the instrument it pins (before any rollout under it)")
    .option("--registry <file>", "seed-set registry JSON (default: the built-in one)")
    .option("--config <file>", "config file (models by role, stack, options) the instrument is opened from")
    .option("--stack <name>", "the instrument's stack (default: the config's, else humor)")
    .option("--reward <spec>", "an external reward as the instrument, instead of --stack")
    .option("--stack-options <json>", "instrument options on top of the config's")
    .option("--policy-speaker <name>", "speaker of the policy's turns (the instrument's policy_speaker)")
    .option("--anchor-file <file>", "append the new head to this file (keep it outside the log's reach)")
    .action((file: string, opts: { preregLog?: string; registry?: string; config?: string; stack?: string; reward?: string; stackOptions?: string; policySpeaker?: string; anchorFile?: string }) =>
      guarded(async () => {
        const p = loadPreregistration(file);
        assertPreregSeedSets(p, opts.registry);
        const path = preregLogPath(opts.preregLog);
        let overrides: Record<string, unknown> = {};
        if (opts.stackOptions !== undefined) {
          try {
            overrides = JSON.parse(opts.stackOptions);
          } catch (err) {
            throw new InputError("--stack-options", `expected a JSON object (${(err as Error).message})`);
          }
          if (overrides === null || typeof overrides !== "object" || Array.isArray(overrides)) throw new InputError("--stack-options", "expected a JSON object");
        }
        if (opts.policySpeaker) overrides = { ...overrides, policy_speaker: opts.policySpeaker };
        // The instrument is opened as certify will open it (no cache: nothing is scored here).
        const { openInstrument } = await import("../../certify/run.js");
        const { opened, pin } = await openInstrument({ config: opts.config, stack: opts.stack, reward: opts.reward, stack_options: overrides, cache: false, cache_check: 1 }, p.scorer_revision, { bankRows: true });
        await opened.close();
        // Bank arms (a bank stack or an external reward) have no guards and no bait arm: refuse now, not at certify.
        if (opened.definition.rowKind === "bank") (await import("../../certify/bank-arms.js")).assertBankPreregistration(p, []);
        const { entry, created } = registerPreregistration(path, p, pin);
        process.stdout.write(
          `${created ? "registered" : "already registered"} "${entry.name}" ${entry.prereg_hash.slice(0, 12)} with instrument ${entry.instrument_hash!.slice(0, 12)} (${pin.scorer.stack} ${pin.scorer.hash.slice(0, 12)}) as entry ${entry.seq} at ${entry.at} in ${path}\n`,
        );
        printHead(path, opts.anchorFile);
      }),
    );

  withLog(prereg.command("record <banks...>"))
    .description("record banks rolled out elsewhere under a registered pre-registration, once per arm: ARM=BANK.jsonl (ARM base, trained or bait; SET:ARM for a replication)")
    .requiredOption("--prereg <file>", "the registered pre-registration the banks were rolled out under")
    .option("--revise", "record an arm again, as a revision the pre-registration allows (allow_revisions) and every certificate reports")
    .option("--journal <location>", "bind every row to the reward server's journal request that scored it (SQLite path or postgres:// URL); certify checks the binding")
    .option("--anchor-file <file>", "append the new head to this file (keep it outside the log's reach)")
    .action((banks: string[], opts: { prereg: string; preregLog?: string; revise?: boolean; journal?: string; anchorFile?: string }) =>
      guarded(async () => {
        const p = loadPreregistration(opts.prereg);
        const parsed = banks.map((spec) => {
          const m = /^(?:([^:=]+):)?(base|trained|bait)=(.+)$/.exec(spec);
          if (!m) throw new InputError(spec, "expected ARM=BANK.jsonl with ARM base, trained or bait (SET:ARM=BANK.jsonl for a replication's set); certify binds each bank to the arm it was recorded as");
          const set = m[1] ?? p.seed_set ?? "primary";
          if (set !== (p.seed_set ?? "primary") && !p.replications.includes(set)) throw new InputError(spec, `"${set}" is neither the pre-registered seed_set nor one of its replications`);
          const { rows } = readJsonl<TranscriptRow>(m[3]);
          if (rows.length === 0) throw new InputError(m[3], "holds no transcript rows");
          // Bank rows (any bank stack or external reward) are recorded as certify reads them.
          if (!holdsTranscripts(rows)) return { label: `${set} ${m[2]}`, rows: readBankRows(m[3]), file: m[3] };
          return { label: `${set} ${m[2]}`, rows, file: m[3] };
        });
        const records = [];
        for (const { label, rows, file } of parsed) {
          if (opts.journal && !holdsTranscripts(rows))
            throw new InputError("--journal", `${file} holds bank rows; the journal binding is for transcripts (record bank rows without --journal: their file's hash and every row's hash are recorded)`);
          const source: BankSource = opts.journal
            ? await (await import("../../certify/journal-binding.js")).bindToJournal(opts.journal, rows as TranscriptRow[], label)
            : { kind: "external", file: `${file} sha256:${sha256(readFileSync(file))}` };
          records.push({ label, rows, source });
        }
        const path = preregLogPath(opts.preregLog);
        const entry = recordRollout(path, p, records, { revise: opts.revise });
        const revised = entry.banks.filter((b) => b.revises !== undefined).map((b) => `${b.label} (revises entry ${b.revises})`);
        process.stdout.write(`recorded ${records.map((r) => r.label).join(", ")} as entry ${entry.seq} at ${entry.at}${revised.length ? `; REVISION: ${revised.join(", ")}` : ""}\n`);
        printHead(path, opts.anchorFile);
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
    .description("check every hash and link of the registry, and that it still holds each anchor (exit 3 when it was altered)")
    .option("--anchor <seq:hash>", "a head printed earlier (repeatable); a log without it was truncated or rewritten", collect, [])
    .option("--anchor-file <file>", "every head in this file (prereg --anchor-file writes them)")
    .action((opts: { preregLog?: string; anchor: string[]; anchorFile?: string }) =>
      guarded(() => {
        const path = preregLogPath(opts.preregLog);
        const entries = readLog(path);
        verifyChain(entries, path);
        const anchors = [...opts.anchor, ...(opts.anchorFile ? readAnchors(opts.anchorFile) : [])];
        verifyAnchors(entries, anchors, path);
        const head = registryHead(entries);
        process.stdout.write(
          `${path}: ${entries.length} entries, chain intact${anchors.length ? `, holds all ${anchors.length} anchor(s)` : " (no anchor given: a truncated or rewritten log is only caught against an anchor kept elsewhere)"}; head ${formatAnchor(head)}\n`,
        );
      }),
    );
}
