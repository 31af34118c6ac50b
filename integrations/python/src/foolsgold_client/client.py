"""The foolsgold reward server's client: standard library only, shared by the trainer shims.

Configuration (arguments, else environment):
  FOOLSGOLD_URL      server URL, default http://127.0.0.1:8787; several comma-separated replicas are
                     tried in turn when one cannot be reached (all must share one journal); a URL may
                     end in /t/<token> for a server that takes its token in the path
  FOOLSGOLD_TOKEN    bearer token, if the server requires one
  FOOLSGOLD_STACK    stack name (default: the server's)
  FOOLSGOLD_TIMEOUT  seconds per attempt, default 170 (inside OpenRLHF's 180 s)
  FOOLSGOLD_RETRIES  retries after the first attempt, default 5

Every call carries a request id (body `request_id` and header X-Request-Id), the same on every retry,
so a retry never scores twice what the server already scored, and a failed request is scored again.
Connection errors, timeouts, 408, 409 (still being scored), 429 and 5xx are retried with exponential
backoff and jitter, honouring the server's retry-after. A call that still fails raises ScoringError
with the reason; a sample the server could not score raises ScoringError naming it — never a 0.
Every failure is logged (logger "foolsgold") and counted (failure_count()), because some trainers
(verl's rate-limited reward manager) turn a raised exception into a reward of 0.0.
"""
import http.client
import json
import logging
import math
import os
import random
import socket
import threading
import time
import urllib.error
import urllib.request
import uuid
from typing import Any, Dict, List, Mapping, Optional, Sequence

log = logging.getLogger("foolsgold")

_lock = threading.Lock()
_failures: Dict[str, int] = {"calls": 0, "samples": 0, "attempts": 0}


class ScoringError(RuntimeError):
    """A call or samples that could not be scored. `failed`: the server's per-sample failures."""

    def __init__(self, message: str, failed: Optional[List[Dict[str, Any]]] = None, status: Optional[int] = None, request_id: Optional[str] = None):
        super().__init__(message)
        self.failed = failed or []
        self.status = status
        self.request_id = request_id


def failure_count() -> Dict[str, int]:
    """In this process: calls that raised, samples that got no score, and attempts that failed and
    were retried (for a trainer callback or a metric)."""
    with _lock:
        return dict(_failures)


def _count(**by: int) -> None:
    with _lock:
        for key, n in by.items():
            _failures[key] += n


def new_request_id() -> str:
    return "fg-" + uuid.uuid4().hex


def jsonable(value: Any, where: str = "value") -> Any:
    """Plain JSON values from what trainers pass: numpy arrays and scalars, tuples, sets, bytes.

    A NaN or infinity cannot be sent as JSON, and bytes that are not UTF-8 are not text: both are
    refused, naming where they were.
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
        try:
            return bytes(value).decode("utf-8")
        except UnicodeDecodeError as err:
            raise ScoringError("%s is bytes that are not valid UTF-8 (byte %d: %s); decode it with the dataset's encoding first" % (where, err.start, err.reason)) from None
    # numpy (and torch) without importing them: arrays have tolist(), scalars have item().
    if hasattr(value, "tolist") and callable(value.tolist):
        return jsonable(value.tolist(), where)
    if hasattr(value, "item") and callable(value.item):
        return jsonable(value.item(), where)
    raise ScoringError("%s has type %s, which cannot be sent as JSON" % (where, type(value).__name__))


# Failures worth another attempt with the same request id: the server was overloaded, still scoring
# it, restarting, or its model backend was down (a failed request is scored again under its id).
_RETRY_STATUS = {408, 409, 425, 429}
_CONNECTION_ERRORS = (urllib.error.URLError, ConnectionError, http.client.HTTPException, socket.timeout, TimeoutError, OSError)


class FoolsgoldClient:
    def __init__(
        self,
        url: Optional[str] = None,
        token: Optional[str] = None,
        stack: Optional[str] = None,
        timeout: Optional[float] = None,
        retries: Optional[int] = None,
        backoff: float = 0.5,
        max_backoff: float = 30.0,
    ) -> None:
        raw = url if url is not None else os.environ.get("FOOLSGOLD_URL", "http://127.0.0.1:8787")
        self.urls = [u.strip().rstrip("/") for u in raw.split(",") if u.strip()]
        if not self.urls:
            raise ScoringError("FOOLSGOLD_URL is empty: give the reward server's URL, e.g. http://127.0.0.1:8787")
        self.token = token if token is not None else os.environ.get("FOOLSGOLD_TOKEN")
        self.stack = stack if stack is not None else os.environ.get("FOOLSGOLD_STACK")
        self.timeout = timeout if timeout is not None else float(os.environ.get("FOOLSGOLD_TIMEOUT", "170"))
        self.retries = retries if retries is not None else int(os.environ.get("FOOLSGOLD_RETRIES", "5"))
        self.backoff = backoff
        self.max_backoff = max_backoff
        self._next = 0

    def _delay(self, attempt: int, retry_after: Optional[str]) -> float:
        if retry_after is not None:
            try:
                return min(self.max_backoff, max(0.0, float(retry_after)))
            except ValueError:
                pass
        return min(self.max_backoff, self.backoff * (2 ** attempt)) * (0.5 + random.random() / 2)

    def score_rows(self, rows: Sequence[Mapping[str, Any]], request_id: Optional[str] = None) -> List[Dict[str, Any]]:
        """POSTs rows to /v1/score and returns the scored rows (each with its `score`)."""
        request_id = request_id or new_request_id()
        body: Dict[str, Any] = {"rows": jsonable(list(rows), "rows"), "request_id": request_id}
        if self.stack:
            body["stack"] = self.stack
        data = json.dumps(body, allow_nan=False).encode("utf-8")
        headers = {"content-type": "application/json", "x-request-id": request_id}
        if self.token:
            headers["authorization"] = "Bearer " + self.token
        last = ""
        for attempt in range(self.retries + 1):
            # A replica that cannot be reached is left for the next one; others stay with the last good one.
            url = self.urls[self._next % len(self.urls)]
            req = urllib.request.Request(url + "/v1/score", data=data, headers=headers, method="POST")
            retry_after: Optional[str] = None
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    payload = json.loads(resp.read().decode("utf-8"))
                return self._rows_of(payload, len(rows), request_id)
            except urllib.error.HTTPError as err:
                detail = _error_body(err)
                last = "%s answered %d: %s" % (url, err.code, detail.get("error", detail))
                if err.code not in _RETRY_STATUS and err.code < 500:
                    self._fail(len(rows))
                    raise ScoringError("foolsgold server %s (request %s)" % (last, request_id), detail.get("failed"), err.code, request_id) from None
                retry_after = err.headers.get("retry-after")
                if err.code >= 500:
                    self._next += 1
            except _CONNECTION_ERRORS as err:
                last = "cannot reach %s: %s" % (url, _reason(err))
                self._next += 1
            if attempt < self.retries:
                _count(attempts=1)
                delay = self._delay(attempt, retry_after)
                log.warning("foolsgold: %s; retrying in %.1f s (attempt %d of %d, request %s)", last, delay, attempt + 2, self.retries + 1, request_id)
                time.sleep(delay)
        self._fail(len(rows))
        message = "foolsgold server failed %d attempts (request %s); last: %s" % (self.retries + 1, request_id, last)
        log.error(message)
        raise ScoringError(message, request_id=request_id)

    def _fail(self, samples: int) -> None:
        _count(calls=1, samples=samples)

    def _rows_of(self, payload: Dict[str, Any], n: int, request_id: str) -> List[Dict[str, Any]]:
        failures = payload.get("errors") or []
        if failures:
            _count(calls=1, samples=len(failures))
            names = ", ".join("#%d (%s): %s" % (f["index"], f["id"], f["reason"]) for f in failures)
            message = "%d sample(s) could not be scored: %s" % (len(failures), names)
            log.error("%s (request %s; a retry with this request id scores them again)", message, request_id)
            raise ScoringError(message, failures, 200, request_id)
        rows = payload.get("rows")
        if not isinstance(rows, list) or len(rows) != n:
            _count(calls=1, samples=n)
            raise ScoringError("foolsgold server answered %s rows for %d sent (request %s)" % (len(rows) if isinstance(rows, list) else "no", n, request_id), request_id=request_id)
        return rows


_default: Dict[str, FoolsgoldClient] = {}


def default_client() -> FoolsgoldClient:
    """A client configured from the environment, made on first use."""
    if "client" not in _default:
        _default["client"] = FoolsgoldClient()
    return _default["client"]


def score_rows(rows: Sequence[Mapping[str, Any]], request_id: Optional[str] = None) -> List[Dict[str, Any]]:
    """score_rows on the default client (configured from the environment)."""
    return default_client().score_rows(rows, request_id)


def term_values(scored: Mapping[str, Any]) -> Dict[str, float]:
    """The numeric terms of one scored row, by name."""
    out: Dict[str, float] = {}
    for name, term in (scored["score"].get("terms") or {}).items():
        value = term.get("value")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            out[name] = float(value)
    return out


def _reason(err: BaseException) -> str:
    reason = getattr(err, "reason", None)
    return "%s: %s" % (type(err).__name__, reason if reason is not None else err)


def _error_body(err: urllib.error.HTTPError) -> Dict[str, Any]:
    try:
        body = json.loads(err.read().decode("utf-8"))
        return body if isinstance(body, dict) else {"error": body}
    except Exception:  # the body is only used for the message
        return {"error": str(err)}
