"""An OpenRLHF-shaped remote reward server for the planted rewards (Python's http.server).

    python3 bench/heldout/planted/server.py PORT      # then POST http://127.0.0.1:PORT/NAME

Body {"query": [...], "prompts": [...], "labels": [...]} -> {"rewards": [...]}. As in OpenRLHF, a query
is the prompt followed by the response; the response is the query with its prompt removed (a query that
does not start with its prompt is taken as the response). labels are the rows' ground truth.
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import planted

REWARDS = {name: planted.load_reward(name) for name in planted.REWARDS}


def response_of(query, prompt):
    return query[len(prompt):].lstrip() if prompt and query.startswith(prompt) else query


class Handler(BaseHTTPRequestHandler):
    def _send(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        name = self.path.strip("/").split("?")[0]
        if name not in REWARDS:
            return self._send(404, {"error": f"no reward at /{name}; have {sorted(REWARDS)}"})
        try:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            queries = body["query"]
            prompts = body.get("prompts") or [""] * len(queries)
            labels = body.get("labels") or [""] * len(queries)
            if not (len(queries) == len(prompts) == len(labels)):
                raise ValueError("query, prompts and labels differ in length")
        except (ValueError, KeyError, TypeError) as err:
            return self._send(400, {"error": f"bad body: {err}"})
        fn = REWARDS[name].compute_score
        rewards = [float(fn(name, response_of(q, p), l, None)) for q, p, l in zip(queries, prompts, labels)]
        self._send(200, {"rewards": rewards})

    def do_GET(self):
        self._send(200, {"rewards": sorted(REWARDS)})

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    print(f"listening {server.server_address[1]}", flush=True)
    server.serve_forever()
