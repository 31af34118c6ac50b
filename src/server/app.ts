// The reward server as an app factory (SPEC §10): testable with app.request() and no socket. Each
// route lives in routes/ and takes the app and the context every route shares (context.ts); what a
// scoring route does once it has read its body is in scoring.ts. Every answer, errors included, is
// JSON; an overloaded server answers 429 with retry-after once it has read the body (bounded in size
// and time, so a stalled upload never holds a scoring slot).
import { Hono } from "hono";
import { serverContext, type AppDeps } from "./context.js";
import { answerErrorsAsJson, countRequests, postOnly, requireToken, tokenInPath } from "./routes/access.js";
import { getRewardRoute } from "./routes/get-reward.js";
import { healthRoutes } from "./routes/health.js";
import { journalViewRoutes } from "./routes/journal-views.js";
import { metricsRoute } from "./routes/metrics.js";
import { scoreRoute } from "./routes/score.js";

export type { AppDeps, ReadyCheck } from "./context.js";
export { DEFAULT_LIMITS, leaseMsFor, type ServerLimits } from "./limits.js";

export function createApp(deps: AppDeps): Hono {
  const ctx = serverContext(deps);
  const api = new Hono();
  countRequests(api, ctx);
  requireToken(api, ctx);
  answerErrorsAsJson(api, ctx);
  healthRoutes(api, ctx);
  metricsRoute(api, ctx);
  journalViewRoutes(api, ctx);
  scoreRoute(api, ctx);
  getRewardRoute(api, ctx);
  postOnly(api, ["/v1/score", "/get_reward"]);
  tokenInPath(api, ctx);
  return api;
}
