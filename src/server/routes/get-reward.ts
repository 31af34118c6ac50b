// POST /get_reward: OpenRLHF's remote reward body ({query, prompts, labels} → {rewards, scores, extra_logs}).
import type { Hono } from "hono";
import { hashOf } from "../../core/hash.js";
import { timedJson } from "../answers.js";
import { transcriptFromChat } from "../chat-transcript.js";
import type { ServerContext } from "../context.js";
import { HttpError } from "../http-error.js";
import { openRlhfResponse, openRlhfRows } from "../openrlhf.js";
import { bodySizeLimit, readJson } from "../request-body.js";
import { admit, checkBatch, pickScorer, requestIdOf, scoreJournaled } from "../scoring.js";
import { startTiming } from "../timing.js";

/**
 * OpenRLHF splits each batch across comma-separated --reward.remote_url URLs, and current versions
 * post one sample at a time: the first URL gets every sample and the others only empty shards, so the
 * URLs neither spread the load nor survive a replica's loss. Refused, pointing to the layout that works.
 */
const EMPTY_SHARD =
  'empty batch (query: []): OpenRLHF sends these when --reward.remote_url lists several comma-separated URLs, which then get no real samples and spread no load; put the replicas behind one load balancer and give OpenRLHF its single URL (docs/serving.md, "Several replicas")';

export function getRewardRoute(api: Hono, ctx: ServerContext): void {
  api.post("/get_reward", bodySizeLimit(ctx.limits.maxBodyBytes), async (c) => {
    const timing = startTiming();
    const { value: body } = await readJson(c);
    timing.mark("read");
    const release = await admit(ctx);
    timing.mark("admit");
    let request;
    try {
      const { scorer, stack } = pickScorer(ctx, undefined);
      const { rows: samples, problems } = openRlhfRows(body, { stripTokens: ctx.stripTokens });
      // A transcript stack (humor) reads each prompt's chat turns and the reply as a conversation.
      const rows = scorer.rowKind === "transcript" ? samples.map(transcriptFromChat) : samples;
      checkBatch(ctx, rows.length);
      if (rows.length === 0) throw new HttpError(400, EMPTY_SHARD);
      if (problems.length > 0) throw new HttpError(422, `${problems.length} of ${rows.length} samples cannot be read: ${problems[0].reason}`, { failed: problems });
      request = { scorer, stack, rows, requestId: requestIdOf(ctx, c, undefined), bodyHash: hashOf({ stack, body, stripTokens: ctx.stripTokens }) };
      timing.mark("parse");
    } catch (err) {
      release();
      throw err;
    }
    const { scores, failures } = await scoreJournaled(ctx, { ...request, release, route: "/get_reward", timing });
    if (failures.length > 0) {
      // OpenRLHF cannot take a missing reward: fail the call so its client retries, naming the samples.
      throw new HttpError(502, `${failures.length} of ${request.rows.length} samples could not be scored`, { request_id: request.requestId, failed: failures });
    }
    return timedJson(openRlhfResponse(scores), timing);
  });
}
