#!/usr/bin/env bash
# Copies a sharded run's results out of the cluster into OUT_DIR/<run group>/.
#
#   collect.sh [--job NAME] [--image IMAGE] OUT_DIR     from the shared volume (PVC dbharness-results):
#                                                       shard results, and merged/ and report/ once the
#                                                       merge Job has run
#   collect.sh --from-logs [--job NAME] OUT_DIR         from each pod's log, for clusters without
#                                                       ReadWriteMany storage: the lines between the
#                                                       markers below, one shard-<i>.json per index
#
# Then, on this machine: ./runner merge OUT_DIR/<group> --out merged.json && ./runner report merged.json
# Needs kubectl pointing at the cluster and namespace of the Job.
set -euo pipefail

BEGIN_MARK='-----BEGIN DBHARNESS RESULT-----'
END_MARK='-----END DBHARNESS RESULT-----'

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
job=dbharness
image=
from_logs=false
out=

die() { echo "collect.sh: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
  case "$1" in
    --job) job="${2:?--job needs a name}"; shift 2 ;;
    --image) image="${2:?--image needs an image}"; shift 2 ;;
    --from-logs) from_logs=true; shift ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) [ -z "$out" ] || die "one OUT_DIR only"; out="$1"; shift ;;
  esac
done
[ -n "$out" ] || die "missing OUT_DIR (see --help)"

group="$(kubectl get job "$job" -o jsonpath='{.metadata.uid}')" || die "no Job $job in this namespace"
dest="$out/$group"
mkdir -p "$dest"

if ! $from_logs; then
  # the image the Job ran with, unless given: it has tar, which kubectl cp needs
  [ -n "$image" ] || image="$(kubectl get job "$job" -o jsonpath='{.spec.template.spec.containers[0].image}')"
  sed "s|image: dbharness:latest|image: $image|" "$here/fetch-pod.yaml" | kubectl apply -f - >/dev/null
  trap 'kubectl delete pod dbharness-fetch --wait=false >/dev/null 2>&1 || true' EXIT
  kubectl wait --for=condition=Ready pod/dbharness-fetch --timeout=180s >/dev/null
  kubectl cp "dbharness-fetch:/results/$group" "$dest"
  echo "copied /results/$group to $dest"
  exit 0
fi

completions="$(kubectl get job "$job" -o jsonpath='{.spec.completions}')"
# pod name and completion index (an annotation on every Kubernetes with Indexed Jobs) of each pod of the Job
pods="$(kubectl get pods -l "job-name=$job" \
  -o jsonpath='{range .items[*]}{.metadata.annotations.batch\.kubernetes\.io/job-completion-index} {.metadata.name} {.status.phase}{"\n"}{end}')"
missing=0
for ((i = 0; i < completions; i++)); do
  # a Succeeded pod of this index if there is one, else any (its result says how it ended)
  pod="$(awk -v i="$i" '$1 == i && $3 == "Succeeded" {print $2; exit}' <<<"$pods")"
  [ -n "$pod" ] || pod="$(awk -v i="$i" '$1 == i {print $2; exit}' <<<"$pods")"
  if [ -z "$pod" ]; then
    echo "collect.sh: index $i: no pod (deleted, or never started)" >&2; missing=$((missing + 1)); continue
  fi
  file="$dest/shard-$i.json"
  kubectl logs "$pod" | awk -v b="$BEGIN_MARK" -v e="$END_MARK" '$0 == e {on = 0} on {print} $0 == b {on = 1}' >"$file"
  if [ ! -s "$file" ]; then
    rm -f "$file"
    echo "collect.sh: index $i: pod $pod printed no result between the markers (does its runner print it?)" >&2
    missing=$((missing + 1)); continue
  fi
  echo "index $i: $pod -> $file"
done
[ "$missing" -eq 0 ] || die "$missing of $completions shard results missing"
