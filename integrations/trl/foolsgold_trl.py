"""TRL GRPOTrainer reward function backed by a foolsgold reward server.

    from foolsgold_trl import foolsgold_reward
    trainer = GRPOTrainer(..., reward_funcs=[foolsgold_reward])

TRL passes every other dataset column as a keyword list (gold answers, rubrics, IFEval constraints,
ids): each reaches its row — at the top level when it is a field foolsgold rows have (label, answer,
rubric, instruction_id_list, kwargs, …), under `meta` otherwise. It is async (TRL runs async reward
functions concurrently) and never blocks the event loop.

A sample the server could not score raises ScoringError naming it, so the run stops with the reason
in front of the user: TRL would otherwise zero the advantage of an all-None batch with only a
warning. Set FOOLSGOLD_ON_ERROR=none to get None for the failed samples instead (TRL's "no reward
from this function"); failures are then logged and counted (foolsgold_client.failure_count()), and a
batch in which every sample failed still raises.
"""
import asyncio
import logging
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from foolsgold_client import ScoringError, score_rows  # noqa: E402

log = logging.getLogger("foolsgold")

# Columns a foolsgold bank row reads at its top level; every other column goes under meta.
ROW_FIELDS = {"label", "answer", "rubric", "instruction_id_list", "kwargs", "key", "topic", "reference", "data_source", "group_id", "seed", "sample_id", "finish_reason", "thinking", "id"}
# Keyword arguments TRL adds that are not dataset columns.
TRL_ARGS = {"trainer_state", "completion_ids", "log_extra", "log_metric", "environments"}
ROLES = {"system", "user", "assistant", "tool"}


def _prompt(x):
    # Conversational prompts are lists of {"role", "content"} messages: kept as chat messages.
    if isinstance(x, list):
        return [{"role": m["role"], "content": m["content"]} for m in x if m.get("role") in ROLES and isinstance(m.get("content"), str)]
    return x


def _completion(x):
    if isinstance(x, list):
        return "".join(m.get("content") or "" for m in x if m.get("role") == "assistant")
    return x


def _rows(prompts, completions, kwargs):
    state = kwargs.get("trainer_state")
    step = getattr(state, "global_step", None)
    columns = {k: v for k, v in kwargs.items() if k not in TRL_ARGS and v is not None}
    n = len(completions)
    for name, values in columns.items():
        if len(values) != n:
            raise ScoringError("column %r has %d values for %d completions" % (name, len(values), n))
    rows = []
    for i, (prompt, completion) in enumerate(zip(prompts, completions)):
        row = {"id": str(i), "prompt": _prompt(prompt), "output": _completion(completion)}
        meta = {}
        for name, values in columns.items():
            target = row if name in ROW_FIELDS else meta
            target[name] = values[i]
        if "id" in columns:
            row["id"] = "%s#%d" % (row["id"], i)  # ids must be unique within a request
        if meta:
            row["meta"] = meta
        if isinstance(step, int):
            row["step"] = step
        rows.append(row)
    return rows


async def foolsgold_reward(prompts, completions, completion_ids=None, **kwargs):
    rows = _rows(prompts, completions, kwargs)
    try:
        scored = await asyncio.to_thread(score_rows, rows)
    except ScoringError as err:
        if os.environ.get("FOOLSGOLD_ON_ERROR", "raise") != "none" or not err.failed:
            raise
        failed = {f["index"] for f in err.failed}
        if len(failed) == len(rows):
            raise ScoringError("every sample of the batch failed (TRL would zero the advantage): %s" % err, err.failed) from None
        log.warning("foolsgold: %d of %d samples get no reward: %s", len(failed), len(rows), err)
        # Score the rest again (the server's model cache makes this cheap) and mark failures as None.
        ok_rows = [r for i, r in enumerate(rows) if i not in failed]
        scored_ok = iter(await asyncio.to_thread(score_rows, ok_rows))
        return [None if i in failed else next(scored_ok)["score"]["value"] for i in range(len(rows))]
    return [r["score"]["value"] for r in scored]
