// The per-turn guards (SPEC §6) as one reading, so certify (src/certify/guards.ts) and the live monitor
// (src/server/monitor.ts) count the same thing: the reader's view of the turn (src/text/reader-view.ts),
// laughter by the laughter-by-meaning detector, audience address, and the hardened screens.
import { hasLaughter } from "../text/laughter-meaning.js";
import { readerView } from "../text/reader-view.js";
import { addressesAudience } from "./audience-address.js";
import { screenTurn } from "./screens.js";

export const TURN_GUARDS_VERSION = "turn-guards-1";

export interface TurnGuards {
  /** Any laughter or amusement cue (strict laughter). */
  laughter: boolean;
  audienceAddress: boolean;
  /** Fails the CJK or asterisk screen (humor-screens-3). */
  screenFail: boolean;
}

export type TurnGuardKind = keyof TurnGuards;

/** The guards of one policy turn; `only` limits the work to the guards a caller watches. */
export function turnGuards(text: string, only?: ReadonlySet<TurnGuardKind>): TurnGuards & { view: string } {
  const view = readerView(text);
  const wants = (k: TurnGuardKind) => only === undefined || only.has(k);
  return {
    view,
    laughter: wants("laughter") && hasLaughter(view),
    audienceAddress: wants("audienceAddress") && addressesAudience(view),
    screenFail: wants("screenFail") && screenTurn(text, "humor-screens-3").fail,
  };
}
