#!/usr/bin/env bash
# Runs the tests of every module of the repository (the core,
# convert/webhook, examples, cmd/hubspoke-gen, migrate), one after the other,
# then the core's in Azure Service Operator's string format (-tags
# hubspoke_aso), and prints how long each took. Without arguments the tests run with
# -short (convtest's reduced case counts; the generator builds fewer random
# histories); arguments replace -short as go test's flags, e.g.
#
#   hack/test.sh              # every module, -short
#   hack/test.sh -short=false # every module, full tests (CI, which runs the race detector on its own)
#   hack/test.sh -race        # every module, full tests under the race detector
#
# The slow suites (the Person chain at convtest's full counts, the
# end-to-end suites on a real API server) have their own command:
# hack/test-slow.sh.
#
# -race is not passed to the modules in RACE_FREE: programs that start no
# goroutine, where the race detector has nothing to find and doubles the
# time of the tests (the generator's at d62d39e: 588 s under -race, 296 s
# without). Each has a test that fails when that stops being true
# (cmd/hubspoke-gen's TestSequential, examples/internal/sequential).
set -euo pipefail
cd "$(dirname "$0")/.."

MODULES=(. convert/webhook examples cmd/hubspoke-gen migrate)
RACE_FREE=(examples cmd/hubspoke-gen)
flags=("$@")
[ ${#flags[@]} -gt 0 ] || flags=(-short)
norace=() # flags without -race
for f in "${flags[@]}"; do [ "$f" = -race ] || norace+=("$f"); done

start=$SECONDS
for m in "${MODULES[@]}"; do
  t=$SECONDS
  mflags=("${flags[@]}")
  if [[ " ${RACE_FREE[*]} " == *" $m "* ]]; then
    mflags=("${norace[@]}")
  fi
  printf '=== %s: go test %s ./...\n' "$m" "${mflags[*]}"
  go -C "$m" test -timeout 20m "${mflags[@]}" ./...
  printf '=== %s: %ds\n' "$m" $((SECONDS - t))
done
# The core again in Azure Service Operator's string format (docs/aso-adopters.md):
# propertybag and compat, and convtest's corrupt bags check; the paths the
# hubspoke_aso tag selects are built only with it.
t=$SECONDS
printf '=== core with -tags hubspoke_aso: go test %s ./propertybag/ ./compat/ and TestASOStrings\n' "${flags[*]}"
go test -timeout 20m -tags hubspoke_aso "${flags[@]}" ./propertybag/ ./compat/
# TestASOStrings converts thousands of objects: without -race, as the full
# counts run (the race detector makes it 18 s of CI's 25 minutes).
go test -timeout 20m -tags hubspoke_aso "${norace[@]}" -run '^TestASOStrings' ./convert/convtest/
printf '=== core with -tags hubspoke_aso: %ds\n' $((SECONDS - t))
printf '=== every module passed in %ds\n' $((SECONDS - start))
