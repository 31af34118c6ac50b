// The whole instrument a pre-registration is evaluated with, pinned in its registry entry: the scorer's
// instrument (stack or external reward, resolved options, term versions, models with their identities,
// declared inputs such as vocabularies), the revised instrument of a registered scorer revision, and
// the guards' vocabularies. certify recomputes it from its own flags and config and refuses, naming each
// field, when it resolves to anything else: scoring settings cannot be chosen after the rollouts.
import { hashOf } from "../core/hash.js";
import type { Instrument } from "../stacks/types.js";
import { laughterVocabHash } from "../text/laughter/index.js";
import { AUDIENCE_ADDRESS_PHRASES } from "./guards.js";
import { diffPreregistrations, PreregistrationMismatch, type PreregistrationChange } from "./preregistration.js";

export const PINNED_INSTRUMENT_FORMAT = "foolsgold-pinned-instrument/1";

export interface PinnedInstrument {
  format: typeof PINNED_INSTRUMENT_FORMAT;
  /** The scorer every arm is rescored with (its `hash` covers options, terms, models and inputs). */
  scorer: Omit<Instrument, "hash"> & { hash: string };
  /** The scorer under the pre-registration's scorer_revision, when one is registered. */
  revised?: Omit<Instrument, "hash"> & { hash: string };
  /** What the guards read, by content hash (their thresholds are part of the pre-registration). */
  guards: { laughter_vocab: string; audience_address: string };
}

export function guardVocabularies(): PinnedInstrument["guards"] {
  return { laughter_vocab: `v3:${laughterVocabHash("v3")}`, audience_address: hashOf(AUDIENCE_ADDRESS_PHRASES) };
}

export function pinInstrument(scorer: Instrument, revised?: Instrument): PinnedInstrument {
  return { format: PINNED_INSTRUMENT_FORMAT, scorer, ...(revised ? { revised } : {}), guards: guardVocabularies() };
}

export function pinnedHash(pin: PinnedInstrument): string {
  return hashOf(pin);
}

/** The instrument given now resolves to another than the registered one. */
export class InstrumentMismatch extends PreregistrationMismatch {
  constructor(changes: PreregistrationChange[], message: string) {
    super(changes, message);
    this.name = "InstrumentMismatch";
  }
}

const show = (v: unknown) => (v === undefined ? "(absent)" : JSON.stringify(v));

/** Every field where `now` differs from `registered` (hashes left out: they differ whenever a field does). */
export function instrumentChanges(registered: PinnedInstrument, now: PinnedInstrument): PreregistrationChange[] {
  const strip = (p: PinnedInstrument) => ({ ...p, scorer: { ...p.scorer, hash: undefined }, ...(p.revised ? { revised: { ...p.revised, hash: undefined } } : {}) });
  const changes = diffPreregistrations(strip(registered), strip(now));
  return changes.length > 0 ? changes : diffPreregistrations(registered, now);
}

/** Refuses (InstrumentMismatch, exit 3) an instrument other than the registered one, naming each field. */
export function assertSameInstrument(registered: PinnedInstrument | undefined, now: PinnedInstrument, name: string): void {
  if (!registered) {
    throw new InstrumentMismatch([], `pre-registration "${name}" was registered without its instrument (an older registry entry); register it again (a new name) so the instrument is pinned`);
  }
  if (pinnedHash(registered) === pinnedHash(now)) return;
  const changes = instrumentChanges(registered, now);
  const listed = changes
    .slice(0, 8)
    .map((c) => `${c.path}: ${show(c.registered)} -> ${show(c.now)}`)
    .join("; ");
  throw new InstrumentMismatch(
    changes,
    `the instrument differs from the one registered with "${name}" (${changes.length} field(s): ${listed}${changes.length > 8 ? "; …" : ""}); options, config and models cannot change after registration: register a new pre-registration`,
  );
}
