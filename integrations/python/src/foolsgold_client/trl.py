"""TRL GRPOTrainer reward function backed by a foolsgold reward server.

    from foolsgold_trl import foolsgold_reward
    trainer = GRPOTrainer(..., reward_funcs=[foolsgold_reward])

TRL passes every other dataset column as a keyword list (gold answers, rubrics, IFEval constraints,
ids): each reaches its row — at the top level when it is a field foolsgold rows have (label, answer,
rubric, instruction_id_list, kwargs, …), under `meta` otherwise. It is async (TRL runs async reward
functions concurrently) and never blocks the event loop.

Prompts and completions may be plain strings, chat messages, or messages whose content is a list of
content blocks ({"type": "text", "text": ...}); the text blocks are kept. Each row carries a group
id for the group gates: the dataset's `group_id` column when it has a value, else the index of the
prompt in this batch (GRPO repeats each prompt num_generations times).

A sample the server could not score raises ScoringError naming it, so the run stops with the reason
in front of the user: TRL would otherwise zero the advantage of an all-None batch with only a
warning. Set FOOLSGOLD_ON_ERROR=none to get None for the failed samples instead (TRL's "no reward
from this function"); failures are then logged and counted (foolsgold_client.failure_count()), and a
batch in which every sample failed still raises.
"""
import asyncio
import logging
import os
from typing import Any, Dict, List, Optional

from .client import ScoringError, score_rows

log = logging.getLogger("foolsgold")

# Columns a foolsgold bank row reads at its top level; every other column goes under meta.
ROW_FIELDS = {"label", "answer", "rubric", "instruction_id_list", "kwargs", "key", "topic", "reference", "data_source", "group_id", "seed", "sample_id", "finish_reason", "thinking", "id"}
# Keyword arguments TRL adds that are not dataset columns.
TRL_ARGS = {"trainer_state", "completion_ids", "log_extra", "log_metric", "environments"}
ROLES = {"system", "user", "assistant", "tool"}


def _text(content: Any) -> Optional[str]:
    """A message's content as text: a string, or the text of its content blocks (images dropped)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [b.get("text") for b in content if isinstance(b, dict) and b.get("type", "text") == "text" and isinstance(b.get("text"), str)]
        return "".join(parts)
    return None


def _prompt(x: Any) -> Any:
    # Conversational prompts are lists of {"role", "content"} messages: kept as chat messages.
    if isinstance(x, list):
        out = []
        for m in x:
            text = _text(m.get("content")) if isinstance(m, dict) else None
            if m.get("role") in ROLES and text is not None:
                out.append({"role": m["role"], "content": text})
        if x and not out:
            raise ScoringError("prompt %r has no message with text content" % (x,))
        return out
    return x


def _completion(x: Any) -> Any:
    if isinstance(x, list):
        return "".join(_text(m.get("content")) or "" for m in x if isinstance(m, dict) and m.get("role") == "assistant")
    return x


def _rows(prompts: List[Any], completions: List[Any], kwargs: Dict[str, Any]) -> List[Dict[str, Any]]:
    state = kwargs.get("trainer_state")
    step = getattr(state, "global_step", None)
    columns = {k: v for k, v in kwargs.items() if k not in TRL_ARGS and v is not None}
    n = len(completions)
    for name, values in columns.items():
        if len(values) != n:
            raise ScoringError("column %r has %d values for %d completions" % (name, len(values), n))
    rows = []
    groups: Dict[str, int] = {}
    for i, (prompt, completion) in enumerate(zip(prompts, completions)):
        row: Dict[str, Any] = {"id": str(i), "prompt": _prompt(prompt), "output": _completion(completion)}
        meta: Dict[str, Any] = {}
        for name, values in columns.items():
            value = values[i]
            # A column named like a row field but of another type (a `thinking` string, a None
            # group_id) goes under meta instead of failing the whole batch.
            if name in ROW_FIELDS and _fits(name, value):
                row[name] = value
            elif value is not None:
                meta[name] = value
        if row.get("group_id") is None:
            key = repr(row["prompt"])
            row["group_id"] = "prompt-%d" % groups.setdefault(key, len(groups))
        if "id" in columns:
            row["id"] = "%s#%d" % (row["id"], i)  # ids must be unique within a request
        if meta:
            row["meta"] = meta
        if isinstance(step, int):
            row["step"] = step
        rows.append(row)
    return rows


# Types the server takes for row fields that trainers' datasets also use with other meanings.
_FIELD_TYPES: Dict[str, Any] = {"group_id": (str, int), "thinking": (bool,), "seed": (int,), "step": (int,), "id": (str, int)}


def _fits(name: str, value: Any) -> bool:
    types = _FIELD_TYPES.get(name)
    if value is None:
        return False
    return types is None or (isinstance(value, types) and not (bool not in types and isinstance(value, bool)))


async def foolsgold_reward(prompts: List[Any], completions: List[Any], completion_ids: Any = None, **kwargs: Any) -> List[Optional[float]]:
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
