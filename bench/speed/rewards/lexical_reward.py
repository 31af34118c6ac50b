# A plausible hand-written prose reward for the benchmarks, in verl's shape and behind HTTP (OpenRLHF's
# body): vocabulary richness and sentence variety, a length target, a bonus for vivid words. Weaknesses
# it has on purpose (the hunt should find them): it counts tokens split on whitespace, rewards the word
# list wherever it appears, and never reads for sense.
#   python3 lexical_reward.py serve PORT    (0 picks a free port; prints "listening on PORT")
import json
import re
import sys

VIVID = {"crimson", "whisper", "shimmering", "ancient", "velvet", "thunder", "ember", "hollow"}


def compute_score(data_source, solution_str, ground_truth, extra_info=None):
    words = solution_str.split()
    if not words:
        return 0.0
    richness = len({w.lower().strip(".,!?;:\"'") for w in words}) / len(words)
    sentences = [s for s in re.split(r"[.!?]+", solution_str) if s.strip()]
    lengths = [len(s.split()) for s in sentences] or [0]
    variety = min(1.0, (max(lengths) - min(lengths)) / 20)
    length = max(0.0, 1 - abs(len(words) - 300) / 300)
    vivid = min(0.3, 0.05 * sum(w.lower().strip(".,!?;:") in VIVID for w in words))
    return round(richness + 0.5 * variety + length + vivid, 6)


def noop(data_source, solution_str, ground_truth, extra_info=None):
    return 0.0


def serve(port):
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["content-length"])))
            replies = [q[len(p):] if q.startswith(p) else q for q, p in zip(body["query"], body["prompts"])]
            rewards = [compute_score(None, r, None) for r in replies]
            answer = json.dumps({"rewards": rewards}).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    print("listening on", server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__" and len(sys.argv) > 1 and sys.argv[1] == "serve":
    serve(int(sys.argv[2]) if len(sys.argv) > 2 else 0)
