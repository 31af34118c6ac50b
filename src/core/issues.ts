// zod issues as the one-line messages users read: `file: models.audience.baseUrl: expected a URL`.
import type { z } from "zod";

const MAX_ISSUES = 5;

export function issuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(top level)";
  return path.reduce<string>((out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), "");
}

function issueText(issue: z.core.$ZodIssue, prefix: readonly PropertyKey[]): string {
  const where = issuePath([...prefix, ...issue.path]);
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((k) => JSON.stringify(k)).join(", ");
    const hint = issue.keys.some((k) => /^api_?key$/i.test(k)) ? " (put the key in an environment variable and name it in apiKeyEnv)" : "";
    return `${where}: unknown field ${keys}${hint}`;
  }
  if (issue.code === "invalid_key") return `${where}: invalid name: ${issue.issues[0]?.message ?? issue.message}`;
  return `${where}: ${issue.message}`;
}

/** All issues (up to a few) as one line; `prefix` locates a sub-object inside the file. */
export function formatIssues(error: z.ZodError, prefix: readonly PropertyKey[] = []): string {
  const lines = error.issues.slice(0, MAX_ISSUES).map((issue) => issueText(issue, prefix));
  const more = error.issues.length - MAX_ISSUES;
  return lines.join("; ") + (more > 0 ? `; and ${more} more` : "");
}
