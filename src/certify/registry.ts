// The pre-registration registry: an append-only, hash-chained log (JSON Lines). A `register` entry
// records a pre-registration's hash and content at the time it was registered; a `rollout` entry
// records the transcripts' hash of every bank rolled out under it. Each entry carries the hash of the
// one before it, so editing, dropping or reordering any entry breaks every later link. `certify` only
// accepts banks whose text was recorded in a rollout entry that follows the registration in the chain.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { FoolsgoldError, InputError } from "../core/errors.js";
import { hashOf } from "../core/hash.js";
import type { TranscriptRow } from "../core/types.js";
import { preregistrationHash, type Preregistration } from "./preregistration.js";

export const PREREG_LOG_FORMAT = "foolsgold-prereg-log/1";
export const DEFAULT_PREREG_LOG = ".foolsgold/prereg-log.jsonl";
const GENESIS = "0".repeat(64);

export interface BankRecord {
  /** What the bank is (e.g. "eval6 trained"); informational, matching is by hash. */
  label: string;
  rows: number;
  transcripts_hash: string;
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
export function transcriptsHash(rows: readonly TranscriptRow[]): string {
  return hashOf(rows.map((r) => ({ seed: r.seed, turns: r.turns.map((t) => ({ speaker: t.speaker, text: t.text })) })));
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
    if (e.kind === "rollout") {
      const reg = entries[e.register_seq - 1];
      if (!reg || reg.kind !== "register" || reg.prereg_hash !== e.prereg_hash || e.register_seq >= e.seq) {
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

/** Registers `p` (idempotent: an already registered identical file returns its first entry). */
export function registerPreregistration(path: string, p: Preregistration, now: Date = new Date()): { entry: RegisterEntry; created: boolean } {
  const hash = preregistrationHash(p);
  const entries = readLog(path);
  verifyChain(entries, path);
  const existing = findRegistration(entries, hash);
  if (existing) return { entry: existing, created: false };
  return { entry: append<RegisterEntry>(path, { kind: "register", prereg_hash: hash, name: p.name, content: p }, now), created: true };
}

export function findRegistration(entries: readonly LogEntry[], preregHash: string): RegisterEntry | undefined {
  return entries.find((e): e is RegisterEntry => e.kind === "register" && e.prereg_hash === preregHash);
}

/** Records banks rolled out under a registered pre-registration; refuses an unregistered one. */
export function recordRollout(path: string, p: Preregistration, banks: { label: string; rows: readonly TranscriptRow[] }[], now: Date = new Date()): RolloutEntry {
  const hash = preregistrationHash(p);
  const entries = readLog(path);
  verifyChain(entries, path);
  const reg = findRegistration(entries, hash);
  if (!reg) throw new InputError("pre-registration", `"${p.name}" (${hash.slice(0, 12)}) is not in ${path}; register it first: foolsgold prereg register FILE`);
  const records = banks.map((b) => ({ label: b.label, rows: b.rows.length, transcripts_hash: transcriptsHash(b.rows) }));
  return append<RolloutEntry>(path, { kind: "rollout", prereg_hash: hash, register_seq: reg.seq, banks: records }, now);
}

/** Where a bank was recorded: the rollout entry and its registration, or why not. */
export interface BankProvenance {
  label: string;
  transcripts_hash: string;
  rows: number;
  rollout_seq: number;
  rolled_out_at: string;
}

/**
 * Checks `p` was registered and every bank's text was recorded in a rollout under that registration
 * (so after it). Throws RegistryTampered for a broken chain, InputError for unregistered evidence.
 */
export function verifyProvenance(path: string, p: Preregistration, banks: Record<string, readonly TranscriptRow[]>): { registration: RegisterEntry; banks: BankProvenance[] } {
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
    const found = entries.find((e): e is RolloutEntry => e.kind === "rollout" && e.banks.some((b) => b.transcripts_hash === th));
    if (!found) {
      throw new ProvenanceRefused(`${label} bank: its transcripts (${th.slice(0, 12)}) were never recorded in ${path} after "${p.name}" was registered: the text changed since the rollout, or it was rolled out without the registry`);
    }
    if (found.prereg_hash !== hash || found.seq < registration.seq) {
      throw new ProvenanceRefused(`${label} bank: its transcripts were first recorded in entry ${found.seq} (${found.at}) under pre-registration ${found.prereg_hash.slice(0, 12)}, not under "${p.name}" (${hash.slice(0, 12)}, registered in entry ${registration.seq}); banks cannot be re-registered after they exist`);
    }
    out.push({ label, transcripts_hash: th, rows: rows.length, rollout_seq: found.seq, rolled_out_at: found.at });
  }
  return { registration, banks: out };
}
