// The pre-registration registry: an append-only, hash-chained log (JSON Lines). A `register` entry
// records a pre-registration's hash and content at the time it was registered; a `rollout` entry
// records the transcripts' hash of every bank rolled out under it. Each entry carries the hash of the
// one before it, so editing, dropping or reordering any entry breaks every later link. `certify` only
// accepts banks whose text was recorded in a rollout entry that follows the registration in the chain,
// under the arm label it is given as, once per arm (a revision only where the pre-registration allows).
// The head (length and hash of the last entry) is the anchor a user keeps elsewhere: any later log
// that does not contain an anchor was truncated or rewritten.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { FoolsgoldError, InputError } from "../core/errors.js";
import { hashOf } from "../core/hash.js";
import type { BankRow, TranscriptRow } from "../core/types.js";
import type { JournalSource } from "./journal-binding.js";
import { InstrumentMismatch, instrumentChanges, pinnedHash, type PinnedInstrument } from "./instrument-pin.js";
import { preregistrationHash, type Preregistration } from "./preregistration.js";

export const PREREG_LOG_FORMAT = "foolsgold-prereg-log/1";
export const DEFAULT_PREREG_LOG = ".foolsgold/prereg-log.jsonl";
const GENESIS = "0".repeat(64);

/** The log a command uses: its flag, else $FOOLSGOLD_PREREG_LOG, else the default. */
export function preregLogPath(flag: string | undefined): string {
  return flag ?? process.env.FOOLSGOLD_PREREG_LOG ?? DEFAULT_PREREG_LOG;
}

/** Where a bank's text came from, as the recorder states it; certify checks it against the rows. */
export type BankSource = { kind: "simulator"; simulator: string; policy: string; partner: string; line_bank: string; seeds_hash: string } | JournalSource | { kind: "external"; file?: string };

export interface BankRecord {
  /** The arm it is, "<seed set> <arm>" (e.g. "eval6 trained"); certify refuses a bank given as another arm. */
  label: string;
  rows: number;
  transcripts_hash: string;
  /** Per row, the hash of its seed, speakers and texts, so an edit is named by row. */
  row_hashes?: string[];
  source?: BankSource;
  /** The seq of the rollout entry this record revises (only where the pre-registration allows revisions). */
  revises?: number;
}

interface EntryBase {
  format: typeof PREREG_LOG_FORMAT;
  seq: number;
  /** The registry's clock when the entry was appended (ISO 8601). */
  at: string;
  /** Hash of the previous entry (64 zeros for the first). */
  prev: string;
  prereg_hash: string;
  /** sha256 of the canonical JSON of the entry without this field. */
  hash: string;
}

export interface RegisterEntry extends EntryBase {
  kind: "register";
  name: string;
  content: Preregistration;
  /** The whole instrument the pre-registration is evaluated with, and its hash. */
  instrument?: PinnedInstrument;
  instrument_hash?: string;
}

export interface RolloutEntry extends EntryBase {
  kind: "rollout";
  /** seq of the registration this rollout ran under. */
  register_seq: number;
  banks: BankRecord[];
}

export type LogEntry = RegisterEntry | RolloutEntry;

/** The evidence does not trace back to a registration made before it (unregistered, unrecorded, or moved). */
export class ProvenanceRefused extends FoolsgoldError {
  constructor(message: string, code = "provenance_refused") {
    super(code, message);
    this.name = "ProvenanceRefused";
  }
}

/** The log was altered: a link, a hash or the clock order no longer holds. */
export class RegistryTampered extends ProvenanceRefused {
  constructor(message: string) {
    super(message, "registry_tampered");
    this.name = "RegistryTampered";
  }
}

/** The identity of a bank's conversations: seeds, speakers and texts, in row order; scores and meta excluded. */
export function transcriptsHash(rows: readonly RecordedRow[]): string {
  return hashOf(rows.map(rowIdentity));
}

/** One row's identity (seed, speakers, texts). */
export function rowHash(row: RecordedRow): string {
  return hashOf(rowIdentity(row));
}

/** A row certify reads: a transcript (humor) or a bank row ({id, prompt, output, …}). */
export type RecordedRow = TranscriptRow | BankRow;

/**
 * What a row's record binds. A transcript: its seed, speakers and texts. A bank row: every field but its
 * score (id, prompt, output, and the columns a reward reads, such as ground_truth), so neither the reply
 * nor what it is graded against can change after recording.
 */
function rowIdentity(row: RecordedRow): unknown {
  if (Array.isArray((row as TranscriptRow).turns)) {
    const r = row as TranscriptRow;
    return { seed: r.seed, turns: r.turns.map((t) => ({ speaker: t.speaker, text: t.text })) };
  }
  const { score: _score, ...rest } = row as BankRow;
  return { bank_row: rest };
}

/** How a row is named in a refusal: its seed (transcripts) or its id (bank rows). */
function rowName(row: RecordedRow, i: number): string {
  return Array.isArray((row as TranscriptRow).turns) ? `row ${i + 1} (seed ${(row as TranscriptRow).seed})` : `row ${i + 1} (id ${row.id})`;
}

export function entryHash(entry: Omit<LogEntry, "hash"> | LogEntry): string {
  return hashOf({ ...entry, hash: undefined });
}

export function readLog(path: string): LogEntry[] {
  if (!existsSync(path)) return [];
  const lines = readFileSync(path, "utf8").split("\n");
  const out: LogEntry[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    try {
      out.push(JSON.parse(line) as LogEntry);
    } catch (err) {
      throw new RegistryTampered(`${path} line ${i + 1}: not JSON (${(err as Error).message})`);
    }
  });
  return out;
}

/** Checks every hash, link, sequence number and the clock order; throws naming the first break. */
export function verifyChain(entries: readonly LogEntry[], where = "pre-registration log"): void {
  let prev = GENESIS;
  let lastAt = -Infinity;
  entries.forEach((e, i) => {
    const at = `${where} entry ${i + 1}`;
    if (e.format !== PREREG_LOG_FORMAT) throw new RegistryTampered(`${at}: format is ${JSON.stringify(e.format)}, expected ${PREREG_LOG_FORMAT}`);
    if (e.seq !== i + 1) throw new RegistryTampered(`${at}: seq is ${e.seq}, expected ${i + 1} (an entry was removed or inserted)`);
    if (e.prev !== prev) throw new RegistryTampered(`${at}: prev ${String(e.prev).slice(0, 12)} does not match the previous entry's hash ${prev.slice(0, 12)} (the chain was rewritten)`);
    const hash = entryHash(e);
    if (hash !== e.hash) throw new RegistryTampered(`${at}: content hashes to ${hash.slice(0, 12)}, not its recorded ${String(e.hash).slice(0, 12)} (the entry was edited)`);
    const t = Date.parse(e.at);
    if (!Number.isFinite(t) || t < lastAt) throw new RegistryTampered(`${at}: time ${e.at} is earlier than the entry before it`);
    if (e.kind === "register" && preregistrationHash(e.content) !== e.prereg_hash) throw new RegistryTampered(`${at}: registered content does not hash to its prereg_hash`);
    if (e.kind === "register" && e.instrument && pinnedHash(e.instrument) !== e.instrument_hash) throw new RegistryTampered(`${at}: registered instrument does not hash to its instrument_hash`);
    if (e.kind === "rollout") {
      const reg = entries[e.register_seq - 1];
      if (reg?.kind !== "register" || reg.prereg_hash !== e.prereg_hash || e.register_seq >= e.seq) {
        throw new RegistryTampered(`${at}: rollout names registration ${e.register_seq}, which is not an earlier registration of ${e.prereg_hash.slice(0, 12)}`);
      }
    }
    prev = e.hash;
    lastAt = t;
  });
}

function append<T extends LogEntry>(path: string, body: Omit<T, "format" | "seq" | "at" | "prev" | "hash">, now: Date): T {
  const entries = readLog(path);
  verifyChain(entries, path);
  const last = entries.at(-1);
  if (last && Date.parse(last.at) > now.getTime()) throw new RegistryTampered(`${path}: the last entry is dated ${last.at}, after now (${now.toISOString()}); the clock went backwards`);
  const partial = { ...body, format: PREREG_LOG_FORMAT, seq: entries.length + 1, at: now.toISOString(), prev: last?.hash ?? GENESIS } as Omit<T, "hash">;
  const entry = { ...partial, hash: entryHash(partial as Omit<LogEntry, "hash">) } as T;
  mkdirSync(dirname(path), { recursive: true });
  appendFileSync(path, JSON.stringify(entry) + "\n", { flag: "a" });
  return entry;
}

/**
 * Registers `p` with the instrument it will be evaluated with (idempotent: the same file and instrument
 * return the first entry). The same file with another instrument is refused: that is a new
 * pre-registration, and must say so by its content (a new name, a config change listed).
 */
export function registerPreregistration(path: string, p: Preregistration, instrument: PinnedInstrument, now: Date = new Date()): { entry: RegisterEntry; created: boolean } {
  const hash = preregistrationHash(p);
  const entries = readLog(path);
  verifyChain(entries, path);
  const existing = findRegistration(entries, hash);
  if (existing) {
    if (existing.instrument && pinnedHash(existing.instrument) === pinnedHash(instrument)) return { entry: existing, created: false };
    const changes = existing.instrument ? instrumentChanges(existing.instrument, instrument).map((c) => c.path) : ["(no instrument pinned)"];
    throw new InstrumentMismatch(
      [],
      `"${p.name}" is already registered (entry ${existing.seq}) with another instrument (${changes.slice(0, 8).join(", ")}); a changed instrument is a new pre-registration: change its name or config_changes and register that`,
    );
  }
  const body = { kind: "register" as const, prereg_hash: hash, name: p.name, content: p, instrument, instrument_hash: pinnedHash(instrument) };
  return { entry: append<RegisterEntry>(path, body, now), created: true };
}

/** The log's head: its length and the hash of its last entry (the genesis hash when empty). */
export interface RegistryHead {
  length: number;
  hash: string;
}

export function registryHead(entries: readonly LogEntry[]): RegistryHead {
  return { length: entries.length, hash: entries.at(-1)?.hash ?? GENESIS };
}

/** "SEQ:HASH", the form anchors are printed, kept and passed in. */
export function formatAnchor(head: RegistryHead): string {
  return `${head.length}:${head.hash}`;
}

/** Appends the head to a file the user keeps elsewhere (one anchor a line, with the time). */
export function appendAnchor(file: string, head: RegistryHead, now: Date = new Date()): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${formatAnchor(head)} ${now.toISOString()}\n`);
}

/** The anchors of an anchor file (blank lines and # comments skipped). */
export function readAnchors(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new InputError(file, `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  return text
    .split("\n")
    .map((l) => l.trim().split(/\s+/)[0])
    .filter((l) => l !== "" && !l.startsWith("#"));
}

/**
 * Checks the log still holds every anchor: the entry at that length has that hash. An earlier head
 * that is gone means the log was truncated below it or an entry up to it was rewritten; the chain
 * itself is checked by verifyChain. An anchor is "SEQ:HASH", or a bare HASH (any position).
 */
export function verifyAnchors(entries: readonly LogEntry[], anchors: readonly string[], where = "pre-registration log"): void {
  for (const anchor of anchors) {
    const m = /^(?:(\d+):)?([0-9a-f]{64})$/.exec(anchor.trim());
    if (!m) throw new InputError("--anchor", `expected SEQ:HASH or a 64-hex-digit entry hash, got "${anchor}"`);
    const hash = m[2];
    const seq = m[1] === undefined ? undefined : Number(m[1]);
    const at = seq === undefined ? entries.findIndex((e) => e.hash === hash) + 1 : seq;
    if (seq === 0 && hash === GENESIS) continue;
    if (at < 1 || at > entries.length) {
      throw new RegistryTampered(`${where} holds ${entries.length} entries and no entry ${seq !== undefined ? `${seq} ` : ""}with the anchored hash ${hash.slice(0, 12)}: the log was truncated or rewritten since that anchor`);
    }
    if (entries[at - 1].hash !== hash) {
      throw new RegistryTampered(`${where} entry ${at} hashes to ${entries[at - 1].hash.slice(0, 12)}, not the anchored ${hash.slice(0, 12)}: the log was truncated or rewritten since that anchor`);
    }
  }
}

export function findRegistration(entries: readonly LogEntry[], preregHash: string): RegisterEntry | undefined {
  return entries.find((e): e is RegisterEntry => e.kind === "register" && e.prereg_hash === preregHash);
}

export interface BankToRecord {
  /** "<seed set> <arm>", e.g. "demo trained". */
  label: string;
  rows: readonly RecordedRow[];
  source?: BankSource;
}

/** Earlier records of `label` under the registration `regSeq`, oldest first. */
function recordsOf(entries: readonly LogEntry[], regSeq: number, label: string): { entry: RolloutEntry; bank: BankRecord }[] {
  return entries.flatMap((e) => (e.kind === "rollout" && e.register_seq === regSeq ? e.banks.filter((b) => b.label === label).map((bank) => ({ entry: e, bank })) : []));
}

/**
 * Records banks rolled out under a registered pre-registration; refuses an unregistered one. Each arm
 * is recorded once: a second record of the same label is refused, or with `revise` becomes a revision
 * that the pre-registration must allow (`allow_revisions`) and that every certificate reports.
 */
export function recordRollout(path: string, p: Preregistration, banks: BankToRecord[], options: { now?: Date; revise?: boolean } = {}): RolloutEntry {
  const hash = preregistrationHash(p);
  const entries = readLog(path);
  verifyChain(entries, path);
  const reg = findRegistration(entries, hash);
  if (!reg) throw new InputError("pre-registration", `"${p.name}" (${hash.slice(0, 12)}) is not in ${path}; register it first: foolsgold prereg register FILE`);
  const labels = banks.map((b) => b.label);
  const repeated = labels.find((l, i) => labels.indexOf(l) !== i);
  if (repeated) throw new InputError("banks", `"${repeated}" is named twice in one record`);
  const records = banks.map((b): BankRecord => {
    const earlier = recordsOf(entries, reg.seq, b.label);
    const record: BankRecord = { label: b.label, rows: b.rows.length, transcripts_hash: transcriptsHash(b.rows), row_hashes: b.rows.map(rowHash), ...(b.source ? { source: b.source } : {}) };
    if (earlier.length === 0) return record;
    const first = earlier[0].entry;
    if (!options.revise) {
      throw new ProvenanceRefused(
        `"${b.label}" was already recorded under "${p.name}" in entry ${first.seq} (${first.at}); an arm is recorded once per pre-registration (a revision needs allow_revisions in the pre-registration and --revise, and every certificate reports it)`,
        "already_recorded",
      );
    }
    const allowed = p.allow_revisions ?? 0;
    if (earlier.length > allowed) {
      throw new ProvenanceRefused(`"${b.label}" has ${earlier.length - 1} revision(s) under "${p.name}" and the pre-registration allows ${allowed}; a further revision is refused`, "revision_refused");
    }
    return { ...record, revises: earlier.at(-1)!.entry.seq };
  });
  return append<RolloutEntry>(path, { kind: "rollout", prereg_hash: hash, register_seq: reg.seq, banks: records }, options.now ?? new Date());
}

/** Where a bank was recorded: the rollout entry and its registration, or why not. */
export interface BankProvenance {
  label: string;
  transcripts_hash: string;
  rows: number;
  rollout_seq: number;
  rolled_out_at: string;
  /** How many times the arm was recorded again after its first record (allowed revisions). */
  revisions: number;
  source?: BankSource;
}

function editedRows(rows: readonly RecordedRow[], recorded: BankRecord): string {
  if (!recorded.row_hashes) return "";
  if (recorded.row_hashes.length !== rows.length) return ` (${rows.length} rows, ${recorded.rows} recorded)`;
  const edited = rows.flatMap((r, i) => (rowHash(r) !== recorded.row_hashes![i] ? [rowName(r, i)] : []));
  return edited.length ? ` (${edited.length} row(s) differ: ${edited.slice(0, 3).join(", ")}${edited.length > 3 ? ", …" : ""})` : "";
}

/**
 * Checks `p` was registered and every bank's text is the one recorded for its arm label under that
 * registration (the latest allowed revision), and that the text was first recorded there (so after
 * the registration). Throws RegistryTampered for a broken chain, ProvenanceRefused otherwise.
 */
export function verifyProvenance(path: string, p: Preregistration, banks: Record<string, readonly RecordedRow[]>): { registration: RegisterEntry; banks: BankProvenance[] } {
  const entries = readLog(path);
  if (entries.length === 0) throw new ProvenanceRefused(`${path} holds no registrations; register the pre-registration before the rollouts (foolsgold prereg register FILE)`);
  verifyChain(entries, path);
  const hash = preregistrationHash(p);
  const registration = findRegistration(entries, hash);
  if (!registration) throw new ProvenanceRefused(`pre-registration "${p.name}" (${hash.slice(0, 12)}) was never registered in ${path}; a pre-registration must be registered before the banks are rolled out`);
  const out: BankProvenance[] = [];
  for (const [label, rows] of Object.entries(banks)) {
    const th = transcriptsHash(rows);
    // The first record of this text decides: recording old banks again under a pre-registration
    // written after them does not make them pre-registered.
    const first = entries.find((e): e is RolloutEntry => e.kind === "rollout" && e.banks.some((b) => b.transcripts_hash === th));
    if (first && (first.prereg_hash !== hash || first.seq < registration.seq)) {
      throw new ProvenanceRefused(
        `${label} bank: its transcripts were first recorded in entry ${first.seq} (${first.at}) under pre-registration ${first.prereg_hash.slice(0, 12)}, not under "${p.name}" (${hash.slice(0, 12)}, registered in entry ${registration.seq}); banks cannot be re-registered after they exist`,
      );
    }
    const own = recordsOf(entries, registration.seq, label);
    const current = own.at(-1);
    if (current && current.bank.transcripts_hash === th) {
      out.push({ label, transcripts_hash: th, rows: rows.length, rollout_seq: current.entry.seq, rolled_out_at: own[0].entry.at, revisions: own.length - 1, ...(current.bank.source ? { source: current.bank.source } : {}) });
      continue;
    }
    const elsewhere = entries.flatMap((e) => (e.kind === "rollout" && e.register_seq === registration.seq ? e.banks.filter((b) => b.transcripts_hash === th && b.label !== label) : []));
    if (elsewhere.length > 0) {
      throw new ProvenanceRefused(`${label} bank: its transcripts were recorded as "${elsewhere[0].label}", not "${label}"; swapped or renamed arms are refused`, "arm_mismatch");
    }
    if (current) {
      const superseded = own.slice(0, -1).some((r) => r.bank.transcripts_hash === th);
      throw new ProvenanceRefused(
        superseded
          ? `${label} bank: this text was revised in entry ${current.entry.seq}; certify the latest recorded revision`
          : `${label} bank: its transcripts (${th.slice(0, 12)}) are not the ones recorded for "${label}" in entry ${current.entry.seq} (${current.entry.at})${editedRows(rows, current.bank)}: the text was edited after recording`,
        "text_changed",
      );
    }
    throw new ProvenanceRefused(`${label} bank: its transcripts (${th.slice(0, 12)}) were never recorded in ${path} after "${p.name}" was registered: the text changed since the rollout, or it was rolled out without the registry`);
  }
  return { registration, banks: out };
}
