// Echo as a term (echo.ts matches; segments.ts reads dialogue and thoughts off the scan).
import { z } from "zod";
import { defineTerm } from "../../define.js";
import type { TermOutcome } from "../../types.js";
import { echoFactor, echoTerm, findEchoesIn, lastUserMessage, type EchoOptions } from "../echo.js";
import { scanSegments } from "../segments.js";
import { markOff, offOption } from "./options.js";
import type { ProsePrepared } from "./prepare.js";

export interface EchoTermOptions {
  names: readonly string[];
  echo: EchoOptions;
  off: readonly string[];
}

export function echoOutcome(p: ProsePrepared, o: EchoTermOptions): TermOutcome {
  const user = lastUserMessage(p.row.prompt ?? p.row.input);
  const names = new Set(o.names.map((n) => n.toLowerCase()));
  const hits = user ? findEchoesIn(scanSegments(p.text, p.scan, p.compiled.lexicon), user, names, o.echo) : [];
  return markOff({ value: echoFactor(hits, p.compiled.echoPenalties), details: { hits: hits.map((h) => ({ type: h.type, line: h.line })) } }, "echo", o.off);
}

export const proseEcho = defineTerm({
  meta: {
    name: "echo",
    kind: "factor",
    version: "prose-echo-2",
    roles: [],
    description: echoTerm.description,
    options: z.object({ names: z.array(z.string().min(1)).default([]), echo: z.object({ distinctivePartial: z.boolean(), inverted: z.boolean() }).strict(), off: offOption }).strict(),
  },
  measure: (_rows, { options, prepared }: { options: EchoTermOptions; prepared: readonly ProsePrepared[] }) => prepared.map((p) => echoOutcome(p, options)),
});
