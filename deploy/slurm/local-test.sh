#!/bin/bash
# CI's proof that the Slurm recipe works (README.md (Checking the cluster
# recipes)): on a real single-node Slurm started here, submit.sh runs a study
# as 3 array tasks plus the merge; one task is requeued (killed and queued
# again) mid-run and must resume from its checkpoint; the merged result must
# equal an unsharded run of the same seed exactly.
#
# Needs root (it installs Debian's slurm-wlm and munge when missing and
# starts munged, slurmctld and slurmd). Idempotent: the Slurm daemons use a
# private config, ports and state in a temporary folder, and everything this
# script started is stopped on exit. A munged that was already running is
# used and left running. Settings: GAMES, SEED, RULES, AGENTS, KEEP=1 (keep
# the work folder for a look after a failure).
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
here="$repo/deploy/slurm"
GAMES=${GAMES:-120000}
SEED=${SEED:-11}
RULES=${RULES:-club}
AGENTS=${AGENTS:-club}
SHARDS=3
REQUEUED=1 # the array task that is killed and requeued mid-run

say() { echo "slurm-test: $*"; }
fail() { echo "slurm-test: FAILED: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "run as root: it installs packages and starts munged, slurmctld and slurmd"
[ -f "$repo/dist/src/cli/main.js" ] || fail "dist/ is missing: run npm install (or npm ci) first"

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  say "installing slurm-wlm and munge (apt)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
fi

work=$(mktemp -d /tmp/mafia-sim-slurm.XXXXXX)
started_munged=
cleanup() {
  local rc=$?
  # Stop what this script started, by the pids it recorded, never by name.
  local pids=()
  for pidfile in "$work/slurmd.pid" "$work/slurmctld.pid"; do
    [ -f "$pidfile" ] && pids+=("$(cat "$pidfile")")
  done
  [ -n "$started_munged" ] && [ -f /run/munge/munged.pid ] && pids+=("$(cat /run/munge/munged.pid)")
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  # They write their state on the way out: wait before removing the folder.
  for _ in $(seq 100); do
    local alive=
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ -z "$alive" ] && break
    sleep 0.1
  done
  if [ "$rc" != 0 ]; then
    for log in slurmctld.log slurmd.log; do [ -f "$work/$log" ] && { echo "--- $log (last lines)"; tail -n 15 "$work/$log"; }; done
    for out in "$work"/study/slurm-*.out; do [ -f "$out" ] && { echo "--- $out"; tail -n 15 "$out"; }; done
  fi
  if [ -n "${KEEP:-}" ]; then say "kept $work"; else rm -rf "$work"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 143' TERM INT

# --- munge: one key for this host, and munged running as user munge.
if ! munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
  if [ ! -s /etc/munge/munge.key ]; then
    mkdir -p /etc/munge
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
  fi
  chown munge:munge /etc/munge/munge.key && chmod 0400 /etc/munge/munge.key
  mkdir -p /run/munge /var/lib/munge /var/log/munge && chown munge:munge /run/munge /var/lib/munge /var/log/munge
  runuser -u munge -- /usr/sbin/munged
  started_munged=1
  for _ in $(seq 50); do munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1 && break; sleep 0.1; done
  munge -n </dev/null | unmunge >/dev/null || fail "munged did not start"
fi

# --- Slurm: one controller and one node on localhost, with a private config
# (SLURM_CONF), ports and state, so an installed Slurm is left alone. The
# node claims 12 CPUs (config_overrides: not the detected count) so the
# recipe's 3 tasks of --cpus-per-task=4 run at once as written.
port=$((6900 + RANDOM % 50 * 2))
mkdir -p "$work/state" "$work/spool" "$work/study"
export SLURM_CONF="$work/slurm.conf"
cat >"$SLURM_CONF" <<EOF
ClusterName=mafiatest
SlurmctldHost=localhost
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
KillWait=5
MinJobAge=600
NodeName=localhost NodeAddr=127.0.0.1 CPUs=12 RealMemory=4096 State=UNKNOWN
PartitionName=local Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF" -N localhost
for _ in $(seq 100); do
  sinfo -h -n localhost -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)' && break
  sleep 0.2
done
sinfo -h -n localhost -o %t | grep -qE '^(idle|mix|alloc)' || fail "the Slurm node did not come up: $(sinfo -h -o '%n %t %E' 2>&1)"
say "slurm up on port $port ($(sinfo -h -o '%n %t %c CPUs'))"

# --- The study, through the recipe itself.
export MAFIA_SIM="$(command -v node) $repo/dist/src/cli/main.js"
export STUDY_DIR="$work/study" RULES AGENTS SEED GAMES SHARDS
submitted=$(cd "$work/study" && bash "$here/submit.sh")
say "$submitted"
array=$(sed -n 's/^study array \([0-9]*\) .*/\1/p' <<<"$submitted")
merge=$(sed -n 's/.*merge job \([0-9]*\);.*/\1/p' <<<"$submitted")
[ -n "$array" ] && [ -n "$merge" ] || fail "could not read the job ids from submit.sh's output"

state() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -n 1; }
done_of() { node -e 'try { console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).done) } catch { console.log(0) }' "$1"; }

# Requeue task $REQUEUED once its checkpoint shows it part-way through its games.
ckpt="$work/study/checkpoints/ckpt-$REQUEUED.json"
from=$((REQUEUED * GAMES / SHARDS)); to=$(((REQUEUED + 1) * GAMES / SHARDS))
for _ in $(seq 600); do
  d=$(done_of "$ckpt")
  [ "$d" -gt "$from" ] && break
  sleep 0.1
done
d=$(done_of "$ckpt")
[ "$d" -gt "$from" ] && [ "$d" -lt "$to" ] || fail "task $REQUEUED was not caught mid-run (checkpoint at $d of [$from, $to))"
scontrol requeue "${array}_$REQUEUED"
say "requeued task $REQUEUED at game $d of [$from, $to)"
# A requeued job waits out a begin time of two minutes (the credential
# lifetime); once it is back in the queue, let it start in 2 s instead. Not
# at once: a new start within the second of the kill is refused by slurmd as
# "credential revoked", and the task fails.
released=
for _ in $(seq 600); do
  case "$(state "${array}_$REQUEUED")" in
    PENDING) scontrol update JobId="${array}_$REQUEUED" StartTime=now+2 2>/dev/null && { released=1; break; } ;;
    RUNNING | COMPLETED) released=1; break ;;
  esac
  sleep 0.1
done
[ -n "$released" ] || fail "the requeued task did not return to the queue: $(scontrol show job "${array}_$REQUEUED" | grep -oE 'JobState=[^ ]+|Reason=[^ ]+' | tr '\n' ' ')"

for _ in $(seq 600); do
  s=$(state "$merge")
  case "$s" in COMPLETED) break ;; FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | BOOT_FAIL | DEADLINE) fail "the merge job ended $s" ;; esac
  sleep 0.5
done
[ "$(state "$merge")" = COMPLETED ] || fail "the merge job did not finish in 5 minutes: $(squeue -h -o '%i %T %r' | tr '\n' ';')"
restarts=$(scontrol show job "${array}_$REQUEUED" | sed -n 's/.*Restarts=\([0-9]*\).*/\1/p')
[ "${restarts:-0}" -ge 1 ] || fail "task $REQUEUED shows no restart"
say "all tasks and the merge completed; task $REQUEUED restarted $restarts time(s)"

# --- The check: the requeued task resumed from its checkpoint, and the merged
# numbers equal one unsharded run of the same seed, field for field.
$MAFIA_SIM run --rules "$RULES" --agents "$AGENTS" --seed "$SEED" --games "$GAMES" --threads 2 --json --quiet --out "$work/whole-report" >"$work/whole.json"
node "$repo/deploy/compare-runs.mjs" "$work/study/result/summary.json" "$work/whole.json" "$work/study/parts/part-$REQUEUED-of-$SHARDS.json"
say "passed"
