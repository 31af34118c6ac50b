# A verl custom reward in its real shape, for certifying bank arms: compute_score(data_source,
# solution_str, ground_truth, extra_info) -> 1.0 when the reply states the ground truth as its answer.
import re


def compute_score(data_source, solution_str, ground_truth, extra_info=None):
    match = re.search(r"answer is\s*(-?\d+)", solution_str)
    return 1.0 if match is not None and match.group(1) == str(ground_truth) else 0.0
