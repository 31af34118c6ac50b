"""verl custom reward function backed by a foolsgold reward server.

verl config (after `pip install ./integrations/python`; the file below only imports this module):
    custom_reward_function.path=integrations/verl/foolsgold_verl.py
    custom_reward_function.name=compute_score          # per-sample form (naive reward manager)
    # or name=compute_score_batch with reward_model.reward_manager=batch

verl calls the batch form with numpy object arrays (data_sources, extra_infos) and lists whose
items may be numpy arrays (ground_truths); all of them are accepted. verl stacks every key of the
returned dicts into one column per key, so every sample of a call carries the same keys: a term a
reply did not get (a gated reply skips the later terms) is NaN, not 0 — aggregate with nanmean.
The per-sample form returns "score" plus the terms named in FOOLSGOLD_TERMS (comma-separated; none
by default), because one sample cannot know which terms its neighbours will have.

verl passes no training step. The step is read from extra_info["step"] or extra_info["global_step"]
when the dataset or a rollout hook puts it there; else from set_step(n) (call it from a trainer
callback) or the FOOLSGOLD_STEP environment variable; else the row carries no step and the live
monitor does not see it.

Group gates compare a reply with the other replies to its prompt: each row carries the prompt
(extra_info["prompt"], a string or chat messages) and a group id — extra_info["uid"] (verl's GRPO group
id; add it to extra_info in your rollout hook) or extra_info["group_id"]; without either, the per-sample
form names the prompt's group (a hash of the prompt). A sample that arrives without the rest of its
group is held to the server's per-reply baseline instead (docs/serving.md, "Groups").

Every call carries a request id and is retried on connection errors, 429 and 5xx (see client.py).
A failed sample raises ScoringError naming it. verl's rate-limited reward manager turns raised
exceptions into 0.0, so every failure is also logged (logger "foolsgold") and counted:
foolsgold_client.failure_count().
"""
import hashlib
import json
import math
import os
from typing import Any, Dict, List, Optional

from .client import ScoringError, jsonable, score_rows, term_values

_step = {"value": None}


def set_step(step: Optional[int]) -> None:
    """Sets the training step stamped on every row scored from now on (None to clear)."""
    _step["value"] = None if step is None else int(step)


def _current_step(extra_info):
    for key in ("step", "global_step"):
        value = extra_info.get(key)
        if value is not None and not isinstance(value, bool):
            try:
                return int(value)
            except (TypeError, ValueError):
                pass
    if _step["value"] is not None:
        return _step["value"]
    env = os.environ.get("FOOLSGOLD_STEP")
    return int(env) if env not in (None, "") else None


def _as_list(values, n, name):
    """verl passes numpy object arrays, lists or None; `if values:` on an array raises, so never test truth."""
    if values is None:
        return [None] * n
    items = list(values)
    if len(items) != n:
        raise ScoringError("%s has %d items for %d solutions" % (name, len(items), n))
    return items


def _row(i: int, data_source: Any, solution_str: str, ground_truth: Any, extra_info: Any, where: str = "ground_truth") -> Dict[str, Any]:
    extra_info = extra_info if isinstance(extra_info, dict) else {}
    meta: Dict[str, Any] = {"data_source": data_source}
    for key, value in extra_info.items():
        if key not in ("prompt", "step", "global_step", "index", "uid", "group_id"):
            meta[key] = value
    row: Dict[str, Any] = {"id": str(extra_info.get("index", i)), "output": solution_str, "meta": meta}
    if ground_truth is not None:
        row["label"] = jsonable(ground_truth, where)
    prompt = extra_info.get("prompt")
    if isinstance(prompt, str) or (isinstance(prompt, list) and all(isinstance(m, dict) for m in prompt)):
        row["prompt"] = prompt
    group = extra_info.get("uid", extra_info.get("group_id"))
    if group is not None:
        row["group_id"] = str(group)
    step = _current_step(extra_info)
    if step is not None:
        row["step"] = step
    return row


def _declared_terms():
    return [t.strip() for t in os.environ.get("FOOLSGOLD_TERMS", "").split(",") if t.strip()]


def _result(scored, keys):
    values = term_values(scored)
    out = {"score": float(scored["score"]["value"])}
    for name in keys:
        if name != "score":
            out[name] = values.get(name, math.nan)
    return out


def _prompt_group(prompt: Any) -> str:
    """A stable group id for the replies to one prompt (string or chat messages)."""
    text = json.dumps(prompt, sort_keys=True, ensure_ascii=False)
    return "prompt-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def compute_score(data_source: Any, solution_str: str, ground_truth: Any, extra_info: Optional[Dict[str, Any]] = None, **kwargs: Any) -> Dict[str, float]:
    """Per-sample form: {"score", <FOOLSGOLD_TERMS>...}; raises ScoringError if the sample failed."""
    row = _row(0, data_source, solution_str, ground_truth, extra_info)
    if "group_id" not in row and "prompt" in row:
        # One sample per call: its group is never beside it, so it names its prompt's group.
        row["group_id"] = _prompt_group(row["prompt"])
    scored = score_rows([row])[0]
    return _result(scored, _declared_terms())


def compute_score_batch(data_sources: Any = None, solution_strs: Any = None, ground_truths: Any = None, extra_infos: Any = None, **kwargs: Any) -> List[Dict[str, float]]:
    """Batch form (verl's `batch` reward manager): one HTTP call, one key set for the whole batch."""
    solutions = list(solution_strs if solution_strs is not None else [])
    n = len(solutions)
    sources = _as_list(data_sources, n, "data_sources")
    truths = _as_list(ground_truths, n, "ground_truths")
    extras = _as_list(extra_infos, n, "extra_infos")
    rows = [_row(i, d, s, g, e, "ground_truths[%d]" % i) for i, (d, s, g, e) in enumerate(zip(sources, solutions, truths, extras))]
    for i, row in enumerate(rows):
        row["id"] = "%s#%d" % (row["id"], i)  # ids must be unique within a batch
    if n == 0:
        return []
    scored = score_rows(rows)
    keys = list(dict.fromkeys(_declared_terms() + [name for r in scored for name in term_values(r)]))
    return [_result(r, keys) for r in scored]
