#!/usr/bin/env bash
# Measures which of the generator's fixtures need byte-for-byte goldens
# (cmd/hubspoke-gen/golden_test.go): the statement coverage of TestGolden
# over every case, and over the golden cases (those with a golden.txt) and
# the error cases alone, then the blocks that only cases without goldens
# run (file:lines and their number of statements). Those in explain.go and
# meaning.go are still checked byte for byte, through every case's
# explain.md and notes.txt; any other is a reason to make a case golden,
# or to name why its builds and conversion tests suffice.
#
#   hack/golden-coverage.sh     # about a minute
set -euo pipefail
cd "$(dirname "$0")/../cmd/hubspoke-gen"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
golden="$(cd testdata && ls -d */golden.txt | cut -d/ -f1 | paste -sd'|')"
go test -count=1 -run 'TestGolden$' -coverprofile="$tmp/all.out" . >/dev/null
go test -count=1 -run "TestGolden/^(${golden}|_errors)\$" -coverprofile="$tmp/golden.out" . >/dev/null
printf 'every case:             %s\n' "$(go tool cover -func="$tmp/all.out" | tail -1 | awk '{print $NF}')"
printf 'golden and error cases: %s\n' "$(go tool cover -func="$tmp/golden.out" | tail -1 | awk '{print $NF}')"
echo 'run only by cases without goldens:'
awk 'FNR == 1 { next } NR == FNR { if ($3 > 0) seen[$1] = 1; next } $3 > 0 && !($1 in seen) { print "  " $1, $2 }' \
  "$tmp/golden.out" "$tmp/all.out" | sed 's|.*/cmd/hubspoke-gen/||' | sort
