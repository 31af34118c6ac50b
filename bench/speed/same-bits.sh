#!/bin/bash
# Same bits before and after a change: scores shared banks with two checkouts under every shipped stack
# and preset, and cmp's every output. Banks: the 3,295 creative replies (bench/speed/prose-bank.ts --creative),
# 300 IFEval prompts with creative replies (cherrl), 60 setup/punchline jokes (vrcli, embedded LM) and a
# 6-session humor demo bank (`foolsgold demo`, embedded models).
#   bench/speed/same-bits.sh BASE_CHECKOUT THIS_CHECKOUT [WORK_DIR]
# (a checkout runs its sources through tsx when its dist/ is stale; each needs node_modules and ../shared/data)
set -eu
BASE=$(cd "$1" && pwd); THIS=$(cd "$2" && pwd); W=${3:-/tmp/same-bits}
mkdir -p "$W"
(cd "$THIS" && npx tsx bench/speed/prose-bank.ts "$W/creative.jsonl" --creative)
node -e '
const { readFileSync, writeFileSync } = require("node:fs");
const [w, data] = process.argv.slice(1);
const lines = (f) => readFileSync(f, "utf8").trim().split("\n").map((l) => JSON.parse(l));
const creative = lines(w + "/creative.jsonl");
const jokes = lines(data + "/jokes/jokes_clean_setup_punchline.jsonl").slice(0, 60);
writeFileSync(w + "/vrcli.jsonl", jokes.map((j, i) => JSON.stringify({ id: "v" + i, prompt: j.setup, output: "<think>" + j.setup.split(" ").slice(-3).join(" ") + "</think> " + (i % 3 ? j.punchline : "No idea."), meta: { punchline: j.punchline } })).join("\n") + "\n");
const ifeval = lines(data + "/rubric/ifeval_prompts.jsonl").slice(0, 300);
writeFileSync(w + "/cherrl.jsonl", ifeval.map((p, i) => JSON.stringify({ id: "c" + i, prompt: p.prompt, output: creative[i].output, instruction_id_list: p.instruction_id_list, kwargs: p.kwargs })).join("\n") + "\n");
' "$W" "$THIS/../shared/data"
(cd "$BASE" && node bin/foolsgold.js demo --sessions 6 --out-dir "$W/demo" --no-cache > "$W/demo.log" 2>&1)
score_all() {
  local out=$2; mkdir -p "$out"; cd "$1"
  local S="node bin/foolsgold.js score --no-cache"
  $S --stack prose --in $W/creative.jsonl --out $out/prose-w1.jsonl --workers 1 > $out/log 2>&1
  $S --stack prose --in $W/creative.jsonl --out $out/prose-w2.jsonl --workers 2 >> $out/log 2>&1
  $S --stack prose --in $W/creative.jsonl --out $out/prose-seed-w1.jsonl --workers 1 --option preset=seed >> $out/log 2>&1
  $S --stack prose --in $W/creative.jsonl --out $out/prose-seed-w2.jsonl --workers 2 --option preset=seed >> $out/log 2>&1
  $S --stack cherrl --in $W/cherrl.jsonl --out $out/cherrl.jsonl >> $out/log 2>&1
  $S --stack cherrl --in $W/cherrl.jsonl --out $out/cherrl-max.jsonl --option mode=max --option alpha=1 >> $out/log 2>&1
  $S --stack vrcli --in $W/vrcli.jsonl --out $out/vrcli.jsonl >> $out/log 2>&1
  $S --stack humor --in $W/demo/bank.jsonl --out $out/humor.jsonl >> $out/log 2>&1
  $S --stack humor --in $W/demo/bank.jsonl --out $out/humor-seed.jsonl --option profile=seed >> $out/log 2>&1
  $S --stack humor --in $W/demo/bank.jsonl --out $out/humor-rlc.jsonl --option preset=RL-C >> $out/log 2>&1
}
score_all "$BASE" "$W/base"
score_all "$THIS" "$W/this"
for f in "$W"/base/*.jsonl; do
  if cmp -s "$f" "$W/this/$(basename "$f")"; then echo "same  $(basename "$f") ($(wc -l < "$f") rows)"; else echo "DIFFERENT  $(basename "$f")"; fi
done
