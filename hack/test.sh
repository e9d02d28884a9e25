#!/usr/bin/env bash
# Runs the tests of every module of the repository (the core,
# convert/webhook, examples, cmd/hubspoke-gen, migrate), one after the other,
# and prints how long each took. Without arguments the tests run with
# -short (convtest's reduced case counts; the generator builds fewer random
# histories); arguments replace -short as go test's flags, e.g.
#
#   hack/test.sh              # every module, -short
#   hack/test.sh -race        # every module, full tests under the race detector (CI)
#
# The slow suites (convtest at its full counts, the end-to-end suites on a
# real API server) have their own command: hack/test-slow.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

MODULES=(. convert/webhook examples cmd/hubspoke-gen migrate)
flags=("$@")
[ ${#flags[@]} -gt 0 ] || flags=(-short)

start=$SECONDS
for m in "${MODULES[@]}"; do
  t=$SECONDS
  printf '=== %s: go test %s ./...\n' "$m" "${flags[*]}"
  go -C "$m" test -timeout 20m "${flags[@]}" ./...
  printf '=== %s: %ds\n' "$m" $((SECONDS - t))
done
printf '=== every module passed in %ds\n' $((SECONDS - start))
