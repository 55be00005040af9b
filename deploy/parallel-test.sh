#!/bin/bash
# CI's proof that the GNU parallel recipe works (README.md (Checking the
# cluster recipes)): deploy/parallel.sh runs a study as 3 shards; one shard's
# process is killed (SIGKILL, as a crashed machine would) mid-run, which
# halts the study; running the same parallel.sh again resumes every shard
# from its checkpoint and merges. The merged result must equal an unsharded
# run of the same seed exactly.
#
# Installs Debian's parallel when missing (needs root then). Idempotent:
# everything lives in a temporary folder, removed on exit (KEEP=1 keeps it).
# Settings: GAMES, SEED, RULES, AGENTS.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
GAMES=${GAMES:-120000}
SEED=${SEED:-12}
RULES=${RULES:-club}
AGENTS=${AGENTS:-club}
SHARDS=3
KILLED=1 # the shard whose process is killed mid-run

say() { echo "parallel-test: $*"; }
fail() { echo "parallel-test: FAILED: $*" >&2; exit 1; }

[ -f "$repo/dist/src/cli/main.js" ] || fail "dist/ is missing: run npm install (or npm ci) first"
if ! command -v parallel >/dev/null; then
  [ "$(id -u)" = 0 ] || fail "GNU parallel is missing: apt-get install parallel (as root)"
  say "installing parallel (apt)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends parallel >/dev/null
fi

work=$(mktemp -d /tmp/mafia-sim-parallel.XXXXXX)
study_pid=
cleanup() {
  local rc=$?
  # Only the study this script started: its own process group (setsid below).
  if [ -n "$study_pid" ]; then kill -TERM -- "-$study_pid" 2>/dev/null || true; wait "$study_pid" 2>/dev/null || true; fi
  if [ -n "${KEEP:-}" ]; then say "kept $work"; else rm -rf "$work"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 143' TERM INT

export MAFIA_SIM="$(command -v node) $repo/dist/src/cli/main.js"
export STUDY_DIR="$work/study" RULES AGENTS SEED GAMES SHARDS JOBS=$SHARDS
done_of() { node -e 'try { console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).done) } catch { console.log(0) }' "$1"; }

# --- First attempt: kill one shard's process once its checkpoint shows it part-way.
setsid bash "$repo/deploy/parallel.sh" >"$work/first.log" 2>&1 &
study_pid=$!
ckpt="$STUDY_DIR/checkpoints/ckpt-$KILLED.json"
from=$((KILLED * GAMES / SHARDS)); to=$(((KILLED + 1) * GAMES / SHARDS))
for _ in $(seq 600); do
  [ "$(done_of "$ckpt")" -gt "$from" ] && break
  kill -0 "$study_pid" 2>/dev/null || { cat "$work/first.log"; fail "the study ended before shard $KILLED had a checkpoint"; }
  sleep 0.1
done
# The shard's node process, found by its own checkpoint path inside this run's temporary folder.
victim=
for pid in $(pgrep -f -- "--checkpoint $ckpt" || true); do
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = node ] && victim=$pid
done
[ -n "$victim" ] || fail "found no process for shard $KILLED"
d=$(done_of "$ckpt")
[ "$d" -gt "$from" ] && [ "$d" -lt "$to" ] || fail "shard $KILLED was not caught mid-run (checkpoint at $d of [$from, $to))"
kill -KILL "$victim"
say "killed shard $KILLED (pid $victim) at game $d of [$from, $to)"
if wait "$study_pid"; then study_pid=; fail "parallel.sh succeeded although a shard was killed"; fi
study_pid=
[ ! -e "$STUDY_DIR/result/summary.json" ] || fail "a result was merged although a shard was killed"
say "the first attempt stopped as it should (parallel --halt now,fail=1)"

# --- Second attempt: the same command resumes every shard and merges.
bash "$repo/deploy/parallel.sh" >"$work/second.log" 2>&1 || { cat "$work/second.log"; fail "the resumed study failed"; }
say "the second attempt resumed and merged"

$MAFIA_SIM run --rules "$RULES" --agents "$AGENTS" --seed "$SEED" --games "$GAMES" --threads 2 --json --quiet --out "$work/whole-report" >"$work/whole.json"
node "$repo/deploy/compare-runs.mjs" "$STUDY_DIR/result/summary.json" "$work/whole.json" "$STUDY_DIR/parts/part-$KILLED-of-$SHARDS.json"
say "passed"
