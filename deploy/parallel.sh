#!/bin/bash
# A study as SHARDS shards run by GNU parallel -- on this machine, or on
# several with `--sshloginfile` and a shared STUDY_DIR -- then merged
# (README.md (Millions of games)). The one-line form:
#   parallel mafia-sim run --games 10000000 --seed 1 --shard {}/8 --threads 1 --out parts --quiet ::: $(seq 0 7) && mafia-sim merge parts --out result
set -euo pipefail

MAFIA_SIM=${MAFIA_SIM:-mafia-sim}
SHARDS=${SHARDS:-8}
STUDY_DIR=${STUDY_DIR:-$PWD/study}

parallel --halt now,fail=1 --jobs "${JOBS:-100%}" \
  $MAFIA_SIM run --rules "${RULES:-club}" --agents "${AGENTS:-random}" --seed "${SEED:-1}" --games "${GAMES:-10000000}" \
  --shard {}/"$SHARDS" --threads 1 --out "$STUDY_DIR/parts" \
  --checkpoint "$STUDY_DIR/checkpoints/ckpt-{}.json" --resume --quiet \
  ::: $(seq 0 $((SHARDS - 1)))
$MAFIA_SIM merge "$STUDY_DIR/parts" --out "$STUDY_DIR/result"
