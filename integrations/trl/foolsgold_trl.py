"""TRL GRPOTrainer reward function backed by a foolsgold reward server.

    from foolsgold_trl import foolsgold_reward
    trainer = GRPOTrainer(..., reward_funcs=[foolsgold_reward])

It is async (TRL runs async reward functions concurrently). A sample the server could not score is
returned as None, which TRL treats as "this function gives no reward for this sample" — never 0.
"""
import asyncio
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from foolsgold_client import ScoringError, score_rows  # noqa: E402


def _text(x):
    # Conversational datasets pass lists of {"role", "content"} messages.
    if isinstance(x, list):
        return x[-1]["content"] if x else ""
    return x


async def foolsgold_reward(prompts, completions, completion_ids=None, **kwargs):
    state = kwargs.get("trainer_state")
    step = getattr(state, "global_step", None)
    rows = []
    for i, (prompt, completion) in enumerate(zip(prompts, completions)):
        row = {"id": str(i), "prompt": _text(prompt), "output": _text(completion)}
        if isinstance(step, int):
            row["step"] = step
        rows.append(row)
    try:
        scored = await asyncio.to_thread(score_rows, rows)
    except ScoringError as err:
        if not err.failed:
            raise
        failed = {f["index"] for f in err.failed}
        # Score the rest again (the server's model cache makes this cheap) and mark failures as None.
        ok_rows = [r for i, r in enumerate(rows) if i not in failed]
        scored_ok = iter(await asyncio.to_thread(score_rows, ok_rows)) if ok_rows else iter(())
        return [None if i in failed else next(scored_ok)["score"]["value"] for i in range(len(rows))]
    return [r["score"]["value"] for r in scored]
