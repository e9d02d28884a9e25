#!/usr/bin/env bash
# Runs every ```sh block of docs/operator-guide.md, in order, as one bash
# script (set -euo pipefail) in a new temporary directory, with HUBSPOKE
# set to this checkout: the guide's commands are what CI runs. Needs Go and
# the module proxy (or a module cache holding the guide's dependencies);
# about 2 minutes with a warm build cache. KEEP=1 keeps the directory.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
guide="$root/docs/operator-guide.md"
work="$(mktemp -d)"
if [ "${KEEP:-}" = 1 ]; then
  echo "operator-guide: working in $work" >&2
else
  trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
fi

# The shell blocks, in order; a block opens with a line that is exactly
# ```sh and closes with a line that is exactly ```.
awk '
  /^```sh$/ { inside = 1; blocks++; print "echo \"--- operator-guide: block " blocks "\" >&2"; next }
  /^```$/   { inside = 0; next }
  inside    { print }
  END       { if (blocks == 0) { print "operator-guide: no sh blocks" > "/dev/stderr"; exit 1 } }
' "$guide" > "$work/guide.sh"

cd "$work"
mkdir project && cd project
HUBSPOKE="$root" GOFLAGS=-mod=mod bash -euo pipefail "$work/guide.sh"
echo "operator-guide: every command of docs/operator-guide.md ran" >&2
