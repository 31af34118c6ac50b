// Echo as a term (echo.ts matches; segments.ts reads dialogue and thoughts off the scan).
import { z } from "zod";
import { defineTerm } from "../../define.js";
import type { TermOutcome } from "../../types.js";
import { echoFactor, echoUser, findEchoesFor, lastUserMessage, type EchoHit, type EchoOptions, type EchoUser } from "../echo.js";
import { scanSegments } from "../segments.js";
import { echoOption, markOff, offOption } from "./options.js";
import type { ProsePrepared } from "./prepare.js";
import { proseScan } from "./resources.js";

export interface EchoTermOptions {
  names: readonly string[];
  echo: EchoOptions;
  off: readonly string[];
}

/**
 * `users` holds the user's side normalized per message for one call (rows of a bank answer few
 * messages; the names are the call's, so one call's entries never meet another's).
 */
export function echoOutcome(p: ProsePrepared, o: EchoTermOptions, users: Map<string, EchoUser> = new Map(), names: ReadonlySet<string> = lowerNames(o)): TermOutcome {
  const message = lastUserMessage(p.row.prompt ?? p.row.input);
  let hits: EchoHit[] = NO_HITS;
  if (message?.trim()) {
    const segments = scanSegments(p.text, p.scan, p.compiled.lexicon);
    if (segments.length > 0) {
      let user = users.get(message);
      if (!user) users.set(message, (user = echoUser(message, names)));
      hits = findEchoesFor(segments, user, o.echo);
    }
  }
  return markOff({ value: echoFactor(hits, p.compiled.echoPenalties), details: { hits: hits.map((h) => ({ type: h.type, line: h.line })) } }, "echo", o.off);
}

const NO_HITS: EchoHit[] = [];
const lowerNames = (o: EchoTermOptions): Set<string> => new Set(o.names.map((n) => n.toLowerCase()));

export const proseEcho = defineTerm({
  meta: {
    name: "echo",
    kind: "factor",
    version: "prose-echo-2",
    roles: [],
    needs: { scan: proseScan },
    description: "dialogue or short italic thoughts copying the user's last message; each hit of a type the model overuses multiplies by (1 − penalty)",
    options: z.object({ names: z.array(z.string().min(1)).default([]), echo: echoOption, off: offOption }).strict(),
  },
  measure: (_rows, { options, needs }: { options: EchoTermOptions; needs: { scan: readonly ProsePrepared[] } }) => {
    const users = new Map<string, EchoUser>();
    const names = lowerNames(options);
    return needs.scan.map((p) => echoOutcome(p, options, users, names));
  },
});
