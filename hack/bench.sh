#!/usr/bin/env bash
# Runs the benchmarks docs/performance.md reports and writes that file: the
# commit and date they were measured at, the machine (Go version, cores,
# load average before and after), and, for each benchmark, every metric of
# every run. Takes 20-40 minutes on 2 cores; run it on a quiet machine.
#
#   hack/bench.sh            # three runs of each (COUNT=3), writes docs/performance.md
#   COUNT=1 hack/bench.sh    # one run of each, quicker and noisier
#   OUT=/tmp/perf.md hack/bench.sh
#
# Most benchmarks report ratios against a baseline run in turn in the same
# process (x-json, x-identity, ...), which the load of a shared machine
# largely cancels out; absolute times (ns/op) drift with the machine.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
COUNT="${COUNT:-3}"
OUT="${OUT:-docs/performance.md}"

# module | package | -bench | -benchtime | what it measures
BENCHMARKS=(
  ".|./convert/|RoundTrip|1500x|a synthetic spoke to the hub and back through 1, 2, 4 and 8 hops, against encoding/json decode+encode of the same object (x-json)"
  "examples|./person/|ServedHubToV1AndBack|700x|the served Person hub to v1 (five hops, every bag carried) and back, against encoding/json decode+encode of the same hub (x-json)"
  "examples|./autoscaling/|ServedHubToV1AndBack|300x|the served autoscaler (v2, every kind of metric) at the hub to autoscaling v1 (four hops) and back, against encoding/json decode+encode of the same hub (x-json)"
  "examples|./person/|ServedHubToV1Scaling|300x|what each value in the spec bag adds to a served Person hub to v1 conversion, at 100 and 3,000 values (ratio 3,000/100; 1 is linear)"
  ".|./propertybag/|MarshalBagsScaling|700x|MarshalBags per value at 100 and 3,000 values (ratio 3,000/100; 1 is linear)"
  ".|./propertybag/|^BenchmarkBags\$|3000x|writing and reading the bags annotation of an old API version (five values) against encoding/json on the same map"
  ".|./propertybag/|VersusASO|20000x|each bag operation on a string, an int, a struct and a []string against Azure Service Operator's PropertyBag (a reference copy) on the same value (x-aso)"
  ".|./propertybag/|MixedAddPull|3000x|a bag's add and pull of six values of different types against plain encoding/json calls"
  "examples|./person/webhook/|ConversionReview|30x|one ConversionReview of 1,000 Persons through the handler Setup serves, against the identity review through the same handler (x-identity, CPU time)"
)

commit="$(git rev-parse --short HEAD)"
[ -z "$(git status --porcelain)" ] || commit="$commit (with uncommitted changes)"
load_before="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
raw="$(mktemp)"
trap 'rm -f "$raw"' EXIT

{
  echo "# Performance"
  echo
  echo "Written by [hack/bench.sh](../hack/bench.sh) from the benchmarks below; do not edit by hand."
  echo "Measured at commit \`$commit\` on $(date -u +%Y-%m-%d), $(go env GOVERSION), $(nproc) cores,"
  echo "load average $load_before before the runs and LOAD_AFTER after, $COUNT run(s) of each."
  echo "Each cell lists the value of every run. Units starting with \`x-\` are ratios against a baseline"
  echo "run in turn in the same process (below 1: faster than the baseline); \`-p10\`/\`-p90\` (or \`-min\`/\`-max\`)"
  echo "are the spread of the per-round ratios."
  for b in "${BENCHMARKS[@]}"; do
    IFS='|' read -r mod pkg re benchtime what <<<"$b"
    printf '\n## %s\n\n%s.\n\n`go -C %s test -run %s -bench %s -benchtime %s -count %s %s`\n\n' \
      "$re" "$what" "$mod" "'^\$'" "'$re'" "$benchtime" "$COUNT" "$pkg"
    echo "bench.sh: $mod $pkg $re" >&2
    go -C "$mod" test -run '^$' -bench "$re" -benchtime "$benchtime" -count "$COUNT" -timeout 60m "$pkg" | tee -a "$raw" |
      awk -v re="$re" '
        /^Benchmark/ {
          name = $1; sub(/-[0-9]+$/, "", name)
          if (!(name in seen)) { seen[name] = 1; names[++n] = name }
          for (i = 3; i < NF; i += 2) {
            key = name SUBSEP $(i + 1)
            if (key in val) { val[key] = val[key] ", " $i }
            else { units[name, ++nu[name]] = $(i + 1); val[key] = $i }
          }
        }
        END {
          if (n == 0) { print "bench.sh: no benchmark matched " re > "/dev/stderr"; exit 1 }
          print "| benchmark | metric | runs |"
          print "| --- | --- | --- |"
          for (j = 1; j <= n; j++) for (k = 1; k <= nu[names[j]]; k++) {
            u = units[names[j], k]
            print "| " names[j] " | " u " | " val[names[j], u] " |"
          }
        }'
  done
} > "$OUT.new"
load_after="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
sed "s|LOAD_AFTER|$load_after|" "$OUT.new" > "$OUT"
rm -f "$OUT.new"
echo "bench.sh: wrote $OUT" >&2
