"""Minimal standard-library client for the foolsgold reward server, shared by the trainer shims.

Environment: FOOLSGOLD_URL (default http://127.0.0.1:8787), FOOLSGOLD_TOKEN (bearer token, if the
server requires one), FOOLSGOLD_STACK (optional stack name), FOOLSGOLD_TIMEOUT (seconds, default 170,
inside OpenRLHF's 180 s). A sample the server could not score raises ScoringError naming it: a
failed reward is never turned into 0.
"""
import json
import os
import time
import urllib.error
import urllib.request


class ScoringError(RuntimeError):
    def __init__(self, message, failed=None):
        super().__init__(message)
        self.failed = failed or []


def _config():
    return {
        "url": os.environ.get("FOOLSGOLD_URL", "http://127.0.0.1:8787").rstrip("/"),
        "token": os.environ.get("FOOLSGOLD_TOKEN"),
        "stack": os.environ.get("FOOLSGOLD_STACK"),
        "timeout": float(os.environ.get("FOOLSGOLD_TIMEOUT", "170")),
    }


def score_rows(rows, request_id=None, retries=3):
    """POST rows to /v1/score and return the scored rows, retrying 429/503 after retry-after."""
    cfg = _config()
    body = {"rows": rows}
    if cfg["stack"]:
        body["stack"] = cfg["stack"]
    if request_id:
        body["request_id"] = request_id
    data = json.dumps(body).encode("utf-8")
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
            raise ScoringError("foolsgold server answered %d: %s" % (err.code, detail.get("error", detail)), detail.get("failed")) from None
        failures = payload.get("errors") or []
        if failures:
            names = ", ".join("#%d (%s): %s" % (f["index"], f["id"], f["reason"]) for f in failures)
            raise ScoringError("%d sample(s) could not be scored: %s" % (len(failures), names), failures)
        return payload["rows"]
    raise ScoringError("foolsgold server stayed overloaded after %d retries" % retries)


def _error_body(err):
    try:
        return json.loads(err.read().decode("utf-8"))
    except Exception:  # the body is only used for the message
        return {"error": str(err)}
