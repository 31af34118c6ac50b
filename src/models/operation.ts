// One logical model operation (a chat, a completion, one continuation, one embedding batch) as a value
// that layers wrap, the way AI SDK middleware wraps a model: the client's core runs it over the
// transport; the cache layer and the call-record layer are added around it, or left out.
import type { CallOptions, Determinism } from "./spec.js";

export interface OpOutcome<T> {
  value: T;
  attempts: number;
  status: number;
  usage?: { promptTokens: number; completionTokens?: number };
  /** Answered from the cache (or by an identical request already in flight). */
  cached?: boolean;
}

export interface Operation<T> {
  path: string;
  /** The request's settings: what the cache key and the call record are made of. */
  params: Record<string, unknown>;
  determinism: Determinism;
  cacheable: boolean;
  options?: CallOptions;
  run(signal?: AbortSignal): Promise<OpOutcome<T>>;
}

export type RunOperation = <T>(op: Operation<T>) => Promise<OpOutcome<T>>;

export type OperationLayer = (next: RunOperation) => RunOperation;

const runDirect: RunOperation = (op) => op.run(op.options?.signal);

/** The operation runner with `layers` around it, outermost first. */
export function layered(layers: readonly OperationLayer[]): RunOperation {
  return layers.reduceRight<RunOperation>((next, layer) => layer(next), runDirect);
}
