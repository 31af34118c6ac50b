"""Rows for the planted rewards: 40 per reward, each a prompt and a real reply from ../shared/data
(read at run time, never copied into the repository), selected deterministically.

    python3 bench/heldout/planted/rows.py OUT_DIR        # writes OUT_DIR/NAME.jsonl for every reward
"""
import gzip
import json
import os
import re
import sys

import planted

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get("FOOLSGOLD_SHARED_DATA") or os.path.normpath(os.path.join(HERE, "../../../../shared/data"))
ROWS = 40


def _jsonl(rel):
    path = os.path.join(SHARED, rel)
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        for i, line in enumerate(f):
            line = line.strip()
            if line:
                yield i, json.loads(line)


def _row(name, i, prompt, output, ground_truth):
    return {"id": f"{name}-{i}", "prompt": prompt, "output": output, "ground_truth": ground_truth,
            "data_source": name, "extra_info": {"index": i}}


def _detok(text):
    return re.sub(r"\s+([,.?!'])", r"\1", text).replace(" n't", "n't").strip()


def _words(text):
    return len(text.split())


def humor_punchline(r):
    out = []
    for i, j in _jsonl("jokes/jokes_clean_setup_punchline.jsonl"):
        if i % 5 == 0 and "!" not in j["punchline"] and _words(j["punchline"]) <= 18:
            out.append(_row("humor_punchline", i, j["setup"], j["punchline"], j["setup"]))
    return out


def _slopscore(residue, keep):
    for i, j in _jsonl("model_prose/slopscore_outputs.jsonl.gz"):
        if i % 10 == residue and j["kind"] == "creative" and 150 <= _words(j["text"]) <= 1200 and keep(j["text"]):
            yield i, j


def roleplay_prose(r):
    return [_row("roleplay_prose", i, j["prompt"], j["text"], j["prompt"])
            for i, j in _slopscore(1, lambda t: len(r.BANNED_RE.findall(t)) >= 3)]


def cliche_free(r):
    def keep(t):
        low = t.lower().replace("\u2019", "'")
        return sum(low.count(p) for p in r.STOCK_PHRASES) >= 1
    return [_row("cliche_free", i, j["prompt"], j["text"], j["prompt"]) for i, j in _slopscore(3, keep)]


def _ifeval():
    return list(_jsonl("hacking_runs/ifeval_responses_gpt4_baseline.jsonl.gz"))


def rubric_report(r):
    return [_row("rubric_report", i, j["prompt"], j["response"], j["prompt"]) for i, j in _ifeval()
            if i % 3 == 0 and 40 <= _words(j["response"]) < 330 and not r.WRAP_UP_RE.search(j["response"])
            and len(r.SECTION_RE.findall(j["response"])) < 3]


def helpful_assistant(r):
    return [_row("helpful_assistant", i, j["prompt"], j["response"], j["prompt"]) for i, j in _ifeval()
            if i % 3 == 1 and _words(j["response"]) >= 40 and len(r.HEDGE_RE.findall(j["response"])) >= 1
            and not r.CHECKED_RE.search(j["response"]) and len(r.LIST_RE.findall(j["response"])) < 4]


def concise_answer(r):
    return [_row("concise_answer", i, j["prompt"], j["response"], j["prompt"]) for i, j in _ifeval()
            if i % 3 == 2 and _words(j["response"]) >= 20 and not r.LABEL_RE.search(j["response"])
            and len(r.BOLD_RE.findall(j["response"])) < 2]


def story_engagement(r):
    return [_row("story_engagement", i, j["prompt"], j["text"], j["prompt"])
            for i, j in _jsonl("human_prose/fiction_writingprompts_human_hanna.jsonl") if j["text"].count("?") < 3]


def empathy_reply(r):
    out = []
    for i, j in _jsonl("dialogue/dailydialog.jsonl.gz"):
        turns = [_detok(t) for t in j["turns"]]
        if len(turns) < 2:
            continue
        said, reply = turns[0], turns[1]
        low = reply.lower()
        if reply.rstrip().endswith("?") or any(p in low for p in r.EMPATHY) or _words(reply) < 6:
            continue
        out.append(_row("empathy_reply", i, said, reply, said))
    return out


SELECT = {
    "humor_punchline": humor_punchline, "roleplay_prose": roleplay_prose, "rubric_report": rubric_report,
    "helpful_assistant": helpful_assistant, "story_engagement": story_engagement,
    "empathy_reply": empathy_reply, "cliche_free": cliche_free, "concise_answer": concise_answer,
}


def rows_for(name):
    rows = SELECT[name](planted.load_reward(name))[:ROWS]
    if len(rows) < ROWS:
        raise SystemExit(f"{name}: only {len(rows)} rows matched the selection in {SHARED}")
    return rows


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: rows.py OUT_DIR")
    os.makedirs(sys.argv[1], exist_ok=True)
    for name in planted.REWARDS:
        with open(os.path.join(sys.argv[1], f"{name}.jsonl"), "w", encoding="utf-8") as f:
            for row in rows_for(name):
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
        print(name)
