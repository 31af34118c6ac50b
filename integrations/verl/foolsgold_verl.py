"""verl custom reward function backed by a foolsgold reward server.

verl config:
    custom_reward_function.path=integrations/verl/foolsgold_verl.py
    custom_reward_function.name=compute_score          # per-sample form (naive reward manager)
    # or name=compute_score_batch with reward_model.reward_manager=batch
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from foolsgold_client import score_rows  # noqa: E402


def _row(i, data_source, solution_str, ground_truth, extra_info):
    extra_info = extra_info or {}
    row = {"id": str(extra_info.get("index", i)), "output": solution_str, "meta": {"data_source": data_source}}
    if ground_truth is not None:
        row["label"] = ground_truth
    if "prompt" in extra_info and isinstance(extra_info["prompt"], str):
        row["prompt"] = extra_info["prompt"]
    if isinstance(extra_info.get("step"), int):
        row["step"] = extra_info["step"]
    return row


def _result(scored):
    score = scored["score"]
    out = {"score": score["value"]}
    for name, term in score.get("terms", {}).items():
        if isinstance(term.get("value"), (int, float)):
            out[name] = term["value"]
    return out


def compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs):
    """Per-sample form: returns {"score": float, <term>: float, ...}; raises if the sample failed."""
    return _result(score_rows([_row(0, data_source, solution_str, ground_truth, extra_info)])[0])


def compute_score_batch(data_sources, solution_strs, ground_truths, extra_infos, **kwargs):
    """Batch form (verl's `batch` reward manager): one HTTP call for the whole batch."""
    extra_infos = extra_infos or [None] * len(solution_strs)
    rows = [_row(i, d, s, g, e) for i, (d, s, g, e) in enumerate(zip(data_sources, solution_strs, ground_truths, extra_infos))]
    for i, row in enumerate(rows):
        row["id"] = "%s#%d" % (row["id"], i)  # ids must be unique within a batch
    return [_result(r) for r in score_rows(rows)]
