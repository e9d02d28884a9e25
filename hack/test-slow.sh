#!/usr/bin/env bash
# The slow suites, which hack/test.sh leaves out:
#
#   hack/test-slow.sh full   convtest at its full case counts (the core's kit
#                            and the Person chain: 10,000 round trips and
#                            updates per version, 1,000 objects per pair),
#                            and the examples' tests that try fewer cases
#                            under the race detector (CI's other run of
#                            them is hack/test.sh -race)
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

suite() { printf '=== %s\n' "$*"; local t=$SECONDS; "$@"; printf '=== %ds\n' $((SECONDS - t)); }

full() {
  export HUBSPOKE_CASES=full # convtest's full counts (its defaults are lower: see convert/convtest)
  suite go test -count=1 -timeout 20m ./convert/convtest/
  suite go -C examples test -count=1 -timeout 20m ./person/api/v5storage/
  # Under -race these try fewer cases (race_on_test.go in each package).
  suite go -C examples test -count=1 -timeout 20m -run '^(TestTransportMatchesReflection|TestSplitFullNameAsBefore)$' ./person/ ./autoscaling/ ./person/api/v2storage/
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
