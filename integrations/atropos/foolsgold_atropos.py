"""atropos-style environment helper: score a group of rollouts with foolsgold and build a
ScoredDataGroup. atropos silently drops groups whose scores are all equal (no learning signal) or
that hit the length limit; this helper reports those drops with a reason instead.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from foolsgold_client import score_rows  # noqa: E402


class DroppedGroup(Exception):
    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


def score_group(prompt, completions, tokens=None, masks=None, finish_reasons=None, step=None):
    """Returns a ScoredDataGroup dict, or raises DroppedGroup(reason) for a group atropos would drop."""
    if finish_reasons and any(r == "length" for r in finish_reasons):
        raise DroppedGroup("%d of %d completions hit the length limit" % (sum(r == "length" for r in finish_reasons), len(finish_reasons)))
    rows = []
    for i, completion in enumerate(completions):
        row = {"id": str(i), "prompt": prompt, "output": completion}
        if step is not None:
            row["step"] = step
        rows.append(row)
    scores = [r["score"]["value"] for r in score_rows(rows)]
    if len(set(scores)) <= 1:
        raise DroppedGroup("all %d scores are equal (%r): no advantage signal" % (len(scores), scores[0] if scores else None))
    group = {
        "scores": scores,
        "messages": [[{"role": "user", "content": prompt}, {"role": "assistant", "content": c}] for c in completions],
    }
    if tokens is not None:
        group["tokens"] = tokens
        group["masks"] = masks
    return group
