// What every route of the server shares: its dependencies, its limits and the state built from them
// once per app (admission, metrics, the request-id source).
import type { Scorer } from "../stacks/types.js";
import type { JournalStore } from "./journal-store.js";
import { createAdmission, type Admission } from "./admission.js";
import { DEFAULT_LIMITS, leaseMsFor, type ServerLimits } from "./limits.js";
import { createMetrics, type ServerMetrics } from "./metrics.js";
import { DEFAULT_STRIP_TOKENS } from "./openrlhf.js";
import { requestIdSource } from "./request-id.js";

export interface ReadyCheck {
  name: string;
  ok: boolean;
  detail?: string;
}

export interface AppDeps {
  scorers: Record<string, Scorer>;
  defaultStack: string;
  journal: JournalStore;
  limits?: Partial<ServerLimits>;
  /**
   * When set, every route but /healthz and /readyz requires `Authorization: Bearer <token>`, or the
   * token as the first path segment (`/t/<token>/get_reward`) for clients that send no headers.
   */
  token?: string;
  metrics?: ServerMetrics;
  /** The live monitor's latest report, served at GET /v1/monitor (computed off the request path). */
  monitor?: () => unknown;
  /** Backend checks for /readyz beyond the journal (model servers reachable). */
  readiness?: () => Promise<ReadyCheck[]>;
  /** Special tokens /get_reward removes from OpenRLHF's decoded query and prompts. */
  stripTokens?: readonly string[];
}

export interface ServerContext {
  deps: AppDeps;
  limits: ServerLimits;
  metrics: ServerMetrics;
  admission: Admission;
  stripTokens: readonly string[];
  /** How long a pending journal entry stays leased to the call scoring it. */
  leaseMs: number;
  newRequestId: () => string;
}

export function serverContext(deps: AppDeps): ServerContext {
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  return {
    deps,
    limits,
    metrics: deps.metrics ?? createMetrics(),
    admission: createAdmission(limits.maxInFlight, limits.maxQueue),
    stripTokens: deps.stripTokens ?? DEFAULT_STRIP_TOKENS,
    leaseMs: leaseMsFor(limits.requestTimeoutMs),
    newRequestId: requestIdSource(),
  };
}
