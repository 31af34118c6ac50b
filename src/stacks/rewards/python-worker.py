# foolsgold's Python reward worker: loads one reward function from a file and scores batches of rows
# sent as JSON Lines on stdin, one answer line per batch on stdout. Started by src/stacks/rewards/python-pool.ts
# with the user's own python3, so the function sees their imports and environment.
#
#   -> {"file": PATH, "function": NAME, "style": "verl" | "trl"}        (first line)
#   <- {"ok": true} | {"ok": false, "error": "..."}
#   -> {"id": N, "rows": [...]}                                          (verl: per-row arguments; trl: one batch)
#   <- {"id": N, "results": [...]} | {"id": N, "error": "..."}
#
# The function's own prints go to stderr: stdout carries only the protocol.
import asyncio
import importlib.util
import inspect
import json
import math
import os
import sys
import traceback

protocol = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
sys.stdout = sys.stderr


def send(message):
    protocol.write(json.dumps(message, allow_nan=False) + "\n")
    protocol.flush()


def plain(value):
    """A returned value as JSON the caller can judge: numbers kept, everything else described."""
    if isinstance(value, bool):
        return {"invalid": "bool", "repr": repr(value)}
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else {"invalid": "nonfinite", "repr": repr(value)}
    if isinstance(value, dict):
        return {"dict": {str(k): plain(v) for k, v in value.items() if str(k) == "score"}, "keys": [str(k) for k in value]}
    if value is None:
        return {"invalid": "None", "repr": "None"}
    item = getattr(value, "item", None)  # numpy and torch scalars
    if callable(item) and getattr(value, "ndim", 0) == 0:
        try:
            return plain(item())
        except Exception:
            pass
    return {"invalid": type(value).__name__, "repr": repr(value)[:200]}


def last_line(error):
    return "".join(traceback.format_exception_only(type(error), error)).strip().splitlines()[-1]


def load(spec):
    path = spec["file"]
    name = spec["function"]
    module_name = "foolsgold_reward_" + os.path.splitext(os.path.basename(path))[0].replace("-", "_")
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    module_spec = importlib.util.spec_from_file_location(module_name, path)
    if module_spec is None or module_spec.loader is None:
        raise ImportError("not a Python module: " + path)
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[module_name] = module
    module_spec.loader.exec_module(module)
    function = getattr(module, name, None)
    if function is None:
        raise AttributeError(f"{path} has no function {name!r}")
    if not callable(function):
        raise TypeError(f"{path}: {name!r} is a {type(function).__name__}, not a function")
    return function


def awaited(value):
    """TRL and verl's async reward loop accept `async def` rewards: run the coroutine to its value."""
    return asyncio.run(value) if inspect.iscoroutine(value) else value


def score_verl(function, rows):
    results = []
    for row in rows:
        try:
            value = awaited(function(row["data_source"], row["solution_str"], row["ground_truth"], row["extra_info"]))
            results.append({"value": plain(value)})
        except Exception as error:
            results.append({"error": "raised " + last_line(error)})
    return {"results": results}


def score_trl(function, batch):
    try:
        values = awaited(function(prompts=batch["prompts"], completions=batch["completions"], **batch["columns"]))
    except Exception as error:
        return {"error": "raised " + last_line(error)}
    if hasattr(values, "tolist"):
        values = values.tolist()
    if not isinstance(values, (list, tuple)):
        return {"error": f"returned a {type(values).__name__}, not a list"}
    return {"results": [{"value": plain(v)} for v in values]}


def main():
    first = sys.stdin.readline()
    if not first:
        return
    spec = json.loads(first)
    try:
        function = load(spec)
    except BaseException as error:  # SystemExit in a module body is a load failure too
        send({"ok": False, "error": last_line(error)})
        return
    send({"ok": True})
    style = spec["style"]
    for line in sys.stdin:
        request = json.loads(line)
        answer = score_verl(function, request["rows"]) if style == "verl" else score_trl(function, request["rows"])
        answer["id"] = request["id"]
        send(answer)


main()
