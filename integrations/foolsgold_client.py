"""Minimal standard-library client for the foolsgold reward server, shared by the trainer shims.

Environment: FOOLSGOLD_URL (default http://127.0.0.1:8787; may end in /t/<token> for a server that
takes its token in the path), FOOLSGOLD_TOKEN (bearer token, if the server requires one),
FOOLSGOLD_STACK (optional stack name), FOOLSGOLD_TIMEOUT (seconds, default 170, inside OpenRLHF's
180 s). A sample the server could not score raises ScoringError naming it: a failed reward is never
turned into 0. Every failure is also logged and counted (failure_count()), because some trainers
(verl's rate-limited reward manager) turn a raised exception into a reward of 0.0.
"""
import json
import logging
import math
import os
import time
import urllib.error
import urllib.request

log = logging.getLogger("foolsgold")
_failures = {"samples": 0, "calls": 0}


class ScoringError(RuntimeError):
    def __init__(self, message, failed=None):
        super().__init__(message)
        self.failed = failed or []


def failure_count():
    """Samples and calls that failed in this process (for a trainer callback or a metric)."""
    return dict(_failures)


def _config():
    return {
        "url": os.environ.get("FOOLSGOLD_URL", "http://127.0.0.1:8787").rstrip("/"),
        "token": os.environ.get("FOOLSGOLD_TOKEN"),
        "stack": os.environ.get("FOOLSGOLD_STACK"),
        "timeout": float(os.environ.get("FOOLSGOLD_TIMEOUT", "170")),
    }


def jsonable(value, where="value"):
    """Plain JSON values from what trainers pass: numpy arrays and scalars, tuples, sets, bytes.

    A NaN or infinity cannot be sent as JSON and is refused, naming where it was.
    """
    if value is None or isinstance(value, (str, bool)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ScoringError("%s is %r, which JSON cannot carry" % (where, value))
        return value
    if isinstance(value, dict):
        return {str(k): jsonable(v, "%s.%s" % (where, k)) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v, "%s[%d]" % (where, i)) for i, v in enumerate(value)]
    if isinstance(value, (bytes, bytearray)):
        return value.decode("utf-8")
    # numpy (and torch) without importing them: arrays have tolist(), scalars have item().
    if hasattr(value, "tolist") and callable(value.tolist):
        return jsonable(value.tolist(), where)
    if hasattr(value, "item") and callable(value.item):
        return jsonable(value.item(), where)
    raise ScoringError("%s has type %s, which cannot be sent as JSON" % (where, type(value).__name__))


def score_rows(rows, request_id=None, retries=3):
    """POST rows to /v1/score and return the scored rows, retrying 429/503 after retry-after."""
    cfg = _config()
    body = {"rows": jsonable(rows, "rows")}
    if cfg["stack"]:
        body["stack"] = cfg["stack"]
    if request_id:
        body["request_id"] = request_id
    data = json.dumps(body, allow_nan=False).encode("utf-8")
    headers = {"content-type": "application/json"}
    if cfg["token"]:
        headers["authorization"] = "Bearer " + cfg["token"]
    for attempt in range(retries + 1):
        req = urllib.request.Request(cfg["url"] + "/v1/score", data=data, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=cfg["timeout"]) as resp:
                payload = json.loads(resp.read().decode("utf-8"))
        except urllib.error.HTTPError as err:
            detail = _error_body(err)
            if err.code in (429, 503) and attempt < retries:
                time.sleep(float(err.headers.get("retry-after", "1")))
                continue
            _failures["calls"] += 1
            _failures["samples"] += len(rows)
            message = "foolsgold server answered %d: %s" % (err.code, detail.get("error", detail))
            log.error(message)
            raise ScoringError(message, detail.get("failed")) from None
        failures = payload.get("errors") or []
        if failures:
            _failures["samples"] += len(failures)
            names = ", ".join("#%d (%s): %s" % (f["index"], f["id"], f["reason"]) for f in failures)
            message = "%d sample(s) could not be scored: %s" % (len(failures), names)
            log.error(message)
            raise ScoringError(message, failures)
        return payload["rows"]
    raise ScoringError("foolsgold server stayed overloaded after %d retries" % retries)


def term_values(scored):
    """The numeric terms of one scored row, by name."""
    out = {}
    for name, term in (scored["score"].get("terms") or {}).items():
        if isinstance(term.get("value"), (int, float)) and not isinstance(term.get("value"), bool):
            out[name] = float(term["value"])
    return out


def _error_body(err):
    try:
        return json.loads(err.read().decode("utf-8"))
    except Exception:  # the body is only used for the message
        return {"error": str(err)}
