// POST /v1/score: bank or transcript rows in, each row with its score out (row failures listed).
import type { Hono } from "hono";
import { z } from "zod";
import { formatIssues } from "../../core/issues.js";
import { hashOf } from "../../core/hash.js";
import type { BankRow } from "../../core/types.js";
import { scoredAnswerJson, timedJsonText } from "../answers.js";
import { chatShaped, transcriptFromChat } from "../chat-transcript.js";
import type { ServerContext } from "../context.js";
import { HttpError } from "../http-error.js";
import { unknownRowField } from "../body-checks.js";
import { bodySizeLimit, readJson } from "../request-body.js";
import { requestRows } from "../request-rows.js";
import { admit, checkBatch, pickScorer, requestIdOf, scoreJournaled } from "../scoring.js";
import { startTiming } from "../timing.js";

const scoreBody = z
  .object({
    rows: z.array(z.unknown()).min(1, "must hold at least one row"),
    stack: z.string().optional(),
    request_id: z.string().min(1).optional(),
  })
  .strict();

export function scoreRoute(api: Hono, ctx: ServerContext): void {
  api.post("/v1/score", bodySizeLimit(ctx.limits.maxBodyBytes), async (c) => {
    const timing = startTiming();
    // The body is read (bounded in size and time) before a scoring slot is taken: a stalled upload
    // holds its own socket, never a slot that others wait for.
    const { value: body, text } = await readJson(c);
    timing.mark("read");
    const release = await admit(ctx);
    timing.mark("admit");
    let request;
    try {
      const parsed = scoreBody.safeParse(body);
      if (!parsed.success) throw new HttpError(400, formatIssues(parsed.error));
      const { scorer, stack } = pickScorer(ctx, parsed.data.stack);
      checkBatch(ctx, parsed.data.rows.length);
      // A transcript stack also takes prompt + reply rows (the trainers' shape), read as conversations.
      const asChat = scorer.rowKind === "transcript" && chatShaped(parsed.data.rows);
      const kind = asChat ? "bank" : scorer.rowKind;
      const unknown = unknownRowField(parsed.data.rows, kind);
      if (unknown) throw new HttpError(400, unknown);
      const read = requestRows(kind, parsed.data.rows, "request body");
      const rows = asChat ? (read as BankRow[]).map(transcriptFromChat) : read;
      timing.mark("parse");
      // Converted rows are journaled as scored, so replay reads what was scored.
      request = { scorer, stack, rows, requestId: requestIdOf(ctx, c, parsed.data.request_id), bodyText: asChat ? undefined : text };
    } catch (err) {
      release();
      throw err;
    }
    const { stack, rows, requestId } = request;
    const { scores, failures, instrument } = await scoreJournaled(ctx, { ...request, release, route: "/v1/score", bodyHash: hashOf({ stack, body }), timing });
    return timedJsonText(scoredAnswerJson(requestId, instrument, rows, scores, failures), timing);
  });
}
