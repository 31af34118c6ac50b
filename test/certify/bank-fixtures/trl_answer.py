# A TRL reward function in its real shape: reward_func(prompts, completions, **columns) -> list, one
# float per completion: 1.0 when the completion states the row's ground_truth as its answer.
import re


def reward_answer(prompts, completions, ground_truth, **kwargs):
    out = []
    for completion, truth in zip(completions, ground_truth):
        match = re.search(r"answer is\s*(-?\d+)", completion)
        out.append(1.0 if match is not None and match.group(1) == str(truth) else 0.0)
    return out
