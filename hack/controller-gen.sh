#!/usr/bin/env bash
# Runs controller-gen at the version pinned in hack/tools/go.mod. Used by the
# go:generate directives; builds the tool on first use (the Go build cache
# makes later runs fast).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="$root/bin/controller-gen"
go -C "$root/hack/tools" build -o "$bin" sigs.k8s.io/controller-tools/cmd/controller-gen
exec "$bin" "$@"
