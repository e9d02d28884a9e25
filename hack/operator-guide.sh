#!/usr/bin/env bash
# Runs docs/operator-guide.md as written, in a new temporary directory, with
# kubebuilder itself:
#
#   - builds kubebuilder ${KUBEBUILDER_VERSION} from the module proxy into
#     the cache (as hack/setup-envtest-binaries.sh caches kube-apiserver),
#     unless it is there already, and puts it on PATH;
#   - turns the guide into one bash script (set -euo pipefail): every block
#     that opens with a line that is exactly ```sh runs as it is; a block
#     announced by a line
#       <!-- guide: add to FILE before|after the line containing: TEXT -->
#     is added to FILE before or after the first line that contains TEXT
#     (fails when no line does), as a reader adds those lines by hand;
#   - runs it with HUBSPOKE set to this checkout, in a plain shell (GOFLAGS
#     and GOWORK unset).
#
# Needs Go, make and the module proxy (or a module cache holding what the
# guide needs). KEEP=1 keeps the directory and prints its path.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
guide="$root/docs/operator-guide.md"

KUBEBUILDER_VERSION=4.16.0
cache="${HUBSPOKE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/hubspoke}/kubebuilder-${KUBEBUILDER_VERSION}/bin"
if ! "$cache/kubebuilder" version 2>/dev/null | grep -Eq "^KubeBuilder: +v${KUBEBUILDER_VERSION}$"; then
  echo "operator-guide: building kubebuilder v${KUBEBUILDER_VERSION} into $cache" >&2
  mkdir -p "$cache"
  (cd "$cache" && GOFLAGS= GOBIN="$cache" go install "sigs.k8s.io/kubebuilder/v4@v${KUBEBUILDER_VERSION}")
fi
export PATH="$cache:$PATH"

work="$(mktemp -d)"
if [ "${KEEP:-}" = 1 ]; then
  echo "operator-guide: working in $work" >&2
else
  trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
fi

# guide_add FILE before|after TEXT FRAGMENT: FILE with FRAGMENT's lines put
# before or after the first line of FILE that contains TEXT.
cat > "$work/guide.sh" <<'EOF'
guide_add() {
  awk -v where="$2" -v text="$3" -v fragment="$4" '
    !done && index($0, text) {
      if (where == "after") print
      while ((getline line < fragment) > 0) print line
      if (where == "before") print
      done = 1; next
    }
    { print }
    END { if (!done) { print "operator-guide: no line of " FILENAME " contains: " text > "/dev/stderr"; exit 1 } }
  ' "$1" > "$1.guide-new"
  mv "$1.guide-new" "$1"
}
EOF
awk -v work="$work" '
  /^<!-- guide: add to [^ ]+ (before|after) the line containing: .* -->$/ {
    add = $0
    sub(/^<!-- guide: add to /, "", add); sub(/ -->$/, "", add)
    file = add; sub(/ .*/, "", file)
    where = add; sub(/^[^ ]+ /, "", where); sub(/ .*/, "", where)
    text = add; sub(/^[^:]*: /, "", text)
    pending = 1; next
  }
  /^```sh$/ { inside = "sh"; blocks++; print "echo \"--- operator-guide: block " blocks "\" >&2"; next }
  /^```go$/ && pending {
    inside = "add"; adds++; pending = 0
    fragment = work "/fragment-" adds
    gsub(/\x27/, "\x27\\\x27\x27", text)
    print "guide_add " file " " where " \x27" text "\x27 " fragment
    printf "" > fragment
    next
  }
  /^```/ && !inside { if (pending) { print "operator-guide: an add line is not followed by a go block" > "/dev/stderr"; exit 1 } }
  /^```$/ { if (inside == "add") close(fragment); inside = ""; next }
  inside == "sh" { print }
  inside == "add" { print > fragment }
  END { if (blocks == 0 || adds == 0) { print "operator-guide: no sh blocks or no add blocks" > "/dev/stderr"; exit 1 } }
' "$guide" >> "$work/guide.sh"

[ -z "${DRY:-}" ] || { cat "$work/guide.sh"; exit 0; }
mkdir "$work/toys"
cd "$work/toys"
env -u GOFLAGS -u GOWORK HUBSPOKE="$root" bash -euo pipefail "$work/guide.sh"
echo "operator-guide: every command of docs/operator-guide.md ran" >&2
