// Fetch helpers: every API error carries a readable message from the server, shown as-is.
export async function getJson<T>(path: string, params: Record<string, string | number | undefined> = {}, signal?: AbortSignal): Promise<T> {
  const res = await fetch(apiUrl(path, params), { signal });
  const body = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(body.error ?? `${res.status} ${res.statusText}`);
  return body;
}

export function apiUrl(path: string, params: Record<string, string | number | undefined> = {}): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") qs.set(k, String(v));
  return `api/${path}${qs.size ? `?${qs}` : ""}`;
}

/** Artifact keys in snake_case whether the writer used camelCase (older artifacts) or not, so views read one spelling. */
export function snakeKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(snakeKeys);
  if (typeof v !== "object" || v === null) return v;
  const key = (k: string) => (/^[a-z][a-zA-Z0-9]*[A-Z][a-zA-Z0-9]*$/.test(k) ? k.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase() : k);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [key(k), snakeKeys(x)]));
}
