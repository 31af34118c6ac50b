// foolsgold as a library (docs/library.md): open a stack by name or config and score rows, read its
// terms and instrument, declare new terms and stacks, run audits, and talk to model servers.
export { openScorer, parseOptionFlags, type OpenedScorer, type OpenScorerOptions } from "./stacks/open.js";
export { getStack, stackDefinitions } from "./stacks/registry.js";
export { composeStack, type StackDeclaration } from "./stacks/compose.js";
export type { Combine, CombineFunction } from "./stacks/combine.js";
export type { DeclaredInput, DeclaredInputs } from "./stacks/inputs.js";
export { rowErrorOf } from "./stacks/row-error.js";
export { summarizeScores, type ScoreSummary } from "./stacks/summary.js";
export type { Instrument, ScoreContext, Scorer, StackDefinition } from "./stacks/types.js";
export { loadRewardStack, parseRewardSpec, readTrainerRows, type Determinism, type RewardScorer } from "./rewards/index.js";
export { defineTerm } from "./terms/define.js";
export type { RowError, RowErrorKind, RowPrompt, Term, TermContext, TermKind, TermOutcome, TermSpec } from "./terms/types.js";
export type { BankRow, ChatMessage, Score, TermValue, TranscriptRow, Turn } from "./core/types.js";
export { FoolsgoldError, InputError } from "./core/errors.js";
export { parseRows } from "./core/schemas.js";
export { readJsonl, writeJsonl } from "./core/jsonl.js";
export { runStackTransformAudit, formatStackTransformAudit, type StackTransformAudit } from "./audit/stack-transforms.js";
export { runAuditSuite, AUDITS, type AuditName, type AuditReport } from "./audit/suite.js";
export { TRANSFORMS, type TransformName } from "./audit/transforms.js";
export { createOpenAIClient, type ClientDeps } from "./models/client.js";
export { buildModelRoles, type ModelSession } from "./models/roles.js";
export { createEndpointRegistry, type EndpointRegistry } from "./models/limiter.js";
export { ModelError } from "./models/errors.js";
export type { BackendSpec, CallRecord, ModelClient, ModelRoles } from "./models/spec.js";
export { openModels, resolveConfig, type SessionOptions } from "./config/session.js";
export { FOOLSGOLD_VERSION } from "./core/artifact.js";
export { formatProblems, schemaIds, validateAgainst, validateArtifact, type SchemaProblem, type Validation } from "./schemas/validate.js";
