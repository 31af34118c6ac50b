# A command reward: JSON Lines rows on stdin, one {"score": ...} per line on stdout. Counts how many of
# the ground truth's digits the reply states as its answer; a reply "bad" gets a non-number.
import json
import re
import sys

for line in sys.stdin:
    if not line.strip():
        continue
    row = json.loads(line)
    if row["output"] == "bad":
        print(json.dumps({"score": "n/a"}), flush=True)
        continue
    match = re.search(r"answer is\s*(-?\d+)", row["output"])
    print(json.dumps({"score": 1.0 if match is not None and match.group(1) == str(row.get("ground_truth")) else 0.0}), flush=True)
