// The line bank the embedded retrieval agents speak from (line-bank.json, written for this project).
// Validated on load so a broken edit names the section that is wrong.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { InputError } from "../../core/errors.js";
import { hashOf } from "../../core/hash.js";
import type { PartnerMove } from "./provocations.js";

const MOVES = ["opener", "continue", "tease", "joke", "complain", "swear", "odd_detail"] as const;
const section = z.object(Object.fromEntries(MOVES.map((m) => [m, z.array(z.string().min(1)).min(2)])) as Record<(typeof MOVES)[number], z.ZodArray<z.ZodString>>);

export const lineBankSchema = z.object({
  version: z.string(),
  note: z.string().optional(),
  partner: section,
  policy: section,
});

export interface LineBank {
  version: string;
  partner: Record<PartnerMove, string[]>;
  policy: Record<PartnerMove, string[]>;
  hash: string;
}

export function parseLineBank(raw: unknown, where: string): LineBank {
  const parsed = lineBankSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${where}: ${issue.path.join(".")}`, issue.message);
  }
  return { version: parsed.data.version, partner: parsed.data.partner, policy: parsed.data.policy, hash: hashOf(parsed.data) };
}

let builtIn: LineBank | undefined;

/** The shipped bank (or a user's file with the same shape). */
export function loadLineBank(path?: string): LineBank {
  if (!path && builtIn) return builtIn;
  const file = path ?? new URL("./line-bank.json", import.meta.url);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new InputError(String(path ?? "line-bank.json"), `cannot be read as JSON (${(err as Error).message})`);
  }
  const bank = parseLineBank(raw, String(path ?? "line-bank.json"));
  if (!path) builtIn = bank;
  return bank;
}
