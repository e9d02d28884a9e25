#!/usr/bin/env bash
# The slow suites, which hack/test.sh leaves out:
#
#   hack/test-slow.sh full   the Person chain at convtest's full case counts
#                            (10,000 round trips and updates per version,
#                            1,000 objects per pair)
#   hack/test-slow.sh e2e    the end-to-end suites on a real kube-apiserver and
#                            etcd: Person at every version, the
#                            HorizontalPodAutoscaler history, and the storage
#                            migration through releases N, N+1 and N+2
#   hack/test-slow.sh        both
#
# e2e needs KUBEBUILDER_ASSETS (a directory with kube-apiserver and etcd);
# when it is unset, hack/setup-envtest-binaries.sh provides them (it builds
# kube-apiserver from the module proxy the first time, then caches it: see
# hack/README.md). Each suite prints how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."

# suite runs a command and prints how long it took; it returns the
# command's status.
suite() {
  printf '=== %s\n' "$*"
  local t=$SECONDS rc=0
  "$@" || rc=$?
  printf '=== %ds\n' $((SECONDS - t))
  return "$rc"
}

# The Person chain, a real chain of five versions with hooks and compat
# staging, at the full counts. convtest's own tests run at its defaults in
# hack/test.sh (CI runs them three times: at go.mod's versions, under the
# race detector at the Go floor, at the newest Kubernetes, each with a seed
# of its own); TestFullCaseCounts checks what HUBSPOKE_CASES=full selects.
full() {
  export HUBSPOKE_CASES=full # convtest's full counts (its defaults are lower: see convert/convtest)
  suite go -C examples test -count=1 -timeout 20m ./person/api/v5storage/
}

e2e() {
  if [ -z "${KUBEBUILDER_ASSETS:-}" ]; then
    KUBEBUILDER_ASSETS="$(hack/setup-envtest-binaries.sh)"
    export KUBEBUILDER_ASSETS
  fi
  suite go -C examples test -tags e2e -count=1 -timeout 15m ./person/e2e/...
  suite go -C examples test -tags e2e -count=1 -timeout 5m ./autoscaling/e2e/...
  suite go -C migrate test -tags e2e -count=1 -timeout 20m ./e2e/
}

case "${1:-all}" in
  full) full ;;
  e2e) e2e ;;
  all) full; e2e ;;
  *) echo "usage: hack/test-slow.sh [full|e2e]" >&2; exit 2 ;;
esac
