#!/bin/sh
# Runs deploy/k8s/study.yaml to completion, then the merge, and saves the
# merged result as summary.json in the current directory (README.md (Millions of games)).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
kubectl apply -f "$here/study.yaml"
kubectl wait --for=condition=complete job/mafia-sim-study --timeout=48h
kubectl apply -f "$here/merge.yaml"
kubectl wait --for=condition=complete job/mafia-sim-merge --timeout=1h
kubectl logs job/mafia-sim-merge > summary.json
echo "wrote summary.json"
