#!/bin/bash
# Submits a study as a Slurm job array of SHARDS tasks, plus a merge job that
# runs once all of them succeed (README.md (Millions of games)). Example:
#   SHARDS=20 GAMES=100000000 RULES=forum SEED=7 deploy/slurm/submit.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
SHARDS=${SHARDS:-10}
export STUDY_DIR=${STUDY_DIR:-$PWD/study}
mkdir -p "$STUDY_DIR"

array=$(sbatch --parsable --array=0-$((SHARDS - 1)) "$here/study.sbatch")
merge=$(sbatch --parsable --dependency=afterok:${array%%;*} "$here/merge.sbatch")
echo "study array ${array%%;*} ($SHARDS shards), merge job ${merge%%;*}; result in $STUDY_DIR/result/summary.json"
