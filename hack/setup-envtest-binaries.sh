#!/usr/bin/env bash
# Provision the control-plane binaries needed by controller-runtime's envtest
# (kube-apiserver and etcd) without downloading any prebuilt binaries:
#
#   * etcd comes from the Debian package "etcd-server" (installed via apt-get
#     only if no etcd binary is present yet).
#   * kube-apiserver is built from source fetched through the Go module proxy,
#     in a scratch module outside the repository, and cached.
#
# Usage:
#   export KUBEBUILDER_ASSETS="$(hack/setup-envtest-binaries.sh)"
#
# The last line on stdout is the absolute directory that contains
# "kube-apiserver" and "etcd". Everything else is logged to stderr.
#
# Environment variables:
#   KUBE_VERSION        Kubernetes version to build (default 1.35.0; a leading
#                       "v" is accepted).
#   HUBSPOKE_CACHE_DIR  Cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/hubspoke).
#   ETCD_BIN            Use this etcd binary instead of looking one up / apt.
#   FORCE_REBUILD=1     Rebuild kube-apiserver even if the cached one is valid.
#   ALIGN_WITH          A module directory (CI: convert/webhook) whose versions
#                       the build takes for the modules both require, so that
#                       kube-apiserver reuses the packages that module's builds
#                       left in the build cache (see hack/README.md).
#   GO                  Go command to use (default: "go" from PATH, else
#                       /usr/local/go/bin/go).
set -euo pipefail

log() { printf '[setup-envtest] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

KUBE_VERSION="${KUBE_VERSION:-1.35.0}"
KUBE_VERSION="${KUBE_VERSION#v}"
[[ "${KUBE_VERSION}" =~ ^1\.([0-9]+)\.([0-9]+)(-[0-9A-Za-z.-]+)?$ ]] \
  || die "KUBE_VERSION must look like 1.35.0 (got '${KUBE_VERSION}')"
KUBE_MINOR="${BASH_REMATCH[1]}"
KUBE_PATCH="${BASH_REMATCH[2]}"
KUBE_PRERELEASE="${BASH_REMATCH[3]}"
KUBE_TAG="v${KUBE_VERSION}"
# Staging modules (k8s.io/api, k8s.io/apiserver, ...) are tagged v0.<minor>.<patch>[-pre].
STAGING_VERSION="v0.${KUBE_MINOR}.${KUBE_PATCH}${KUBE_PRERELEASE}"

if [[ -n "${ALIGN_WITH:-}" ]]; then
  ALIGN_WITH="$(cd "${ALIGN_WITH}" && pwd -P)" || die "ALIGN_WITH=${ALIGN_WITH} is not a directory"
fi

CACHE_ROOT="${HUBSPOKE_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME}/.cache}/hubspoke}"
mkdir -p "${CACHE_ROOT}"
CACHE_ROOT="$(cd "${CACHE_ROOT}" && pwd -P)"
K8S_DIR="${CACHE_ROOT}/k8s-${KUBE_VERSION}"
BIN_DIR="${K8S_DIR}/bin"
SRC_DIR="${K8S_DIR}/src" # scratch module used to build kube-apiserver
mkdir -p "${BIN_DIR}"

# Serialise concurrent invocations (e.g. parallel CI jobs sharing a cache).
if command -v flock >/dev/null 2>&1; then
  exec 9>"${K8S_DIR}/.lock"
  if ! flock -n 9; then
    log "another run holds ${K8S_DIR}/.lock; waiting..."
    flock 9
  fi
fi

as_root() {
  if [[ "$(id -u)" -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    die "need root (or sudo) to run: $*"
  fi
}

# ---------------------------------------------------------------------------
# etcd
# ---------------------------------------------------------------------------

# The Debian package enables an etcd service (etcd.service / /etc/init.d/etcd)
# listening on 127.0.0.1:2379/2380. envtest chooses its own free ports, so a
# running service would not conflict, but a test helper should not leave a
# system daemon behind: stop and disable it right after we installed it.
quiesce_etcd_service() {
  if [[ -d /run/systemd/system ]] && command -v systemctl >/dev/null 2>&1; then
    if systemctl is-enabled --quiet etcd.service 2>/dev/null \
      || systemctl is-active --quiet etcd.service 2>/dev/null; then
      log "stopping and disabling the etcd.service started by the package"
      as_root systemctl disable --now etcd.service >&2 || log "warning: could not disable etcd.service"
    fi
  elif [[ -x /etc/init.d/etcd ]]; then
    if as_root /etc/init.d/etcd status >/dev/null 2>&1; then
      log "stopping the etcd init.d service started by the package"
      as_root /etc/init.d/etcd stop >&2 || log "warning: could not stop /etc/init.d/etcd"
    fi
    # Debian's update-rc.d also removes the systemd "wants" link when
    # systemctl is installed, so the service stays off if the host is later
    # booted with systemd.
    if command -v update-rc.d >/dev/null 2>&1 \
      && as_root update-rc.d etcd disable >/dev/null 2>&1; then
      log "disabled autostart of the etcd service installed by the package"
    fi
  fi
}

find_etcd() {
  if [[ -n "${ETCD_BIN:-}" ]]; then
    [[ -x "${ETCD_BIN}" ]] || die "ETCD_BIN=${ETCD_BIN} is not an executable file"
    printf '%s\n' "${ETCD_BIN}"
    return 0
  fi
  local candidate
  for candidate in /usr/bin/etcd "$(command -v etcd 2>/dev/null || true)"; do
    # Never pick up our own symlink as "the" etcd.
    if [[ -n "${candidate}" && -x "${candidate}" && "${candidate}" != "${BIN_DIR}/etcd" ]]; then
      printf '%s\n' "${candidate}"
      return 0
    fi
  done
  return 1
}

ETCD_PATH="$(find_etcd || true)"
if [[ -z "${ETCD_PATH}" ]]; then
  command -v apt-get >/dev/null 2>&1 || die "no etcd found and apt-get is not available; set ETCD_BIN"
  log "etcd not found; installing Debian package etcd-server"
  as_root apt-get update -qq >&2
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q etcd-server >&2
  quiesce_etcd_service
  ETCD_PATH="$(find_etcd || true)"
  [[ -n "${ETCD_PATH}" ]] || die "etcd-server installed but no etcd binary found (see: dpkg -L etcd-server)"
else
  log "using existing etcd at ${ETCD_PATH}"
fi
ETCD_VERSION_LINE="$("${ETCD_PATH}" --version 2>/dev/null | head -n1 || true)"
[[ "${ETCD_VERSION_LINE}" == "etcd Version: "* ]] || die "${ETCD_PATH} --version failed"
log "${ETCD_VERSION_LINE} (${ETCD_PATH})"
ln -sfn "${ETCD_PATH}" "${BIN_DIR}/etcd"

# ---------------------------------------------------------------------------
# kube-apiserver
# ---------------------------------------------------------------------------

APISERVER="${BIN_DIR}/kube-apiserver"
WANT_VERSION_LINE="Kubernetes ${KUBE_TAG}"

apiserver_ok() {
  [[ -x "${APISERVER}" ]] || return 1
  local got
  got="$("${APISERVER}" --version 2>/dev/null || true)"
  [[ "${got}" == "${WANT_VERSION_LINE}" ]]
}

build_apiserver() {
  local go_cmd="${GO:-}"
  if [[ -z "${go_cmd}" ]]; then
    if command -v go >/dev/null 2>&1; then
      go_cmd=go
    elif [[ -x /usr/local/go/bin/go ]]; then
      go_cmd=/usr/local/go/bin/go
    else
      die "Go toolchain not found (set GO=/path/to/go)"
    fi
  fi
  log "building kube-apiserver ${KUBE_TAG} with $("${go_cmd}" version) (takes several minutes when cold)"

  # The scratch module is regenerated on every build so that it always matches
  # the requested version.
  rm -rf "${SRC_DIR}"
  mkdir -p "${SRC_DIR}"
  cd "${SRC_DIR}"
  export GOWORK=off
  export GOFLAGS="-mod=mod -buildvcs=false"

  printf 'module hubspoke.local/envtest-kube-apiserver\n' >go.mod

  # Fetch k8s.io/kubernetes through the module proxy and locate its go.mod.
  local dl_json upstream_mod info_file
  dl_json="$("${go_cmd}" mod download -json "k8s.io/kubernetes@${KUBE_TAG}")" \
    || die "go mod download k8s.io/kubernetes@${KUBE_TAG} failed"
  upstream_mod="$(sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",\{0,1\}$/\1/p' <<<"${dl_json}")"
  info_file="$(sed -n 's/^[[:space:]]*"Info": "\(.*\)",\{0,1\}$/\1/p' <<<"${dl_json}")"
  [[ -f "${upstream_mod}" ]] || die "could not locate go.mod of k8s.io/kubernetes@${KUBE_TAG}"

  # Version metadata for the ldflags (the commit comes from the proxy's .info).
  local git_commit="" build_date="1970-01-01T00:00:00Z"
  if [[ -f "${info_file}" ]]; then
    git_commit="$(sed -n 's/.*"Hash":"\([0-9a-f]\{40\}\)".*/\1/p' "${info_file}")"
    build_date="$(sed -n 's/.*"Time":"\([^"]*\)".*/\1/p' "${info_file}")"
    build_date="${build_date:-1970-01-01T00:00:00Z}"
  fi

  # Generate go.mod: same go/godebug directives as upstream (they change
  # runtime defaults), require k8s.io/kubernetes, and turn every
  # "k8s.io/x => ./staging/src/k8s.io/x" into "k8s.io/x => k8s.io/x <staging version>".
  # Non-local upstream replaces (none as of 1.35) are carried over verbatim.
  awk -v kube_tag="${KUBE_TAG}" -v staging="${STAGING_VERSION}" '
    function strip(s) { sub(/[[:space:]]*\/\/.*$/, "", s); gsub(/^[[:space:]]+|[[:space:]]+$/, "", s); return s }
    function add_replace(spec,   n, parts, lhs) {
      n = split(spec, parts, /[[:space:]]*=>[[:space:]]*/)
      if (n != 2) return
      lhs = parts[1]
      if (parts[2] ~ /^\.\/staging\/src\//) {
        split(lhs, l, /[[:space:]]+/)
        repl[++nrepl] = l[1] " => " l[1] " " staging
      } else if (parts[2] ~ /^\.\.?\//) {
        printf("warning: ignoring local replace %s\n", spec) > "/dev/stderr"
      } else {
        repl[++nrepl] = lhs " => " parts[2]
      }
    }
    { line = strip($0) }
    line == "" { next }
    block != "" && line == ")" { block = ""; next }
    block == "replace" { add_replace(line); next }
    block == "godebug" { godebug[++ngodebug] = line; next }
    block != "" { next }
    line ~ /^(replace|godebug|require|exclude|retract|tool|ignore)[[:space:]]*\($/ { block = line; sub(/[[:space:]]*\($/, "", block); next }
    line ~ /^go[[:space:]]/ { godir = line; next }
    line ~ /^replace[[:space:]]/ { sub(/^replace[[:space:]]+/, "", line); add_replace(line); next }
    line ~ /^godebug[[:space:]]/ { sub(/^godebug[[:space:]]+/, "", line); godebug[++ngodebug] = line; next }
    END {
      print "// Code generated by hack/setup-envtest-binaries.sh. DO NOT EDIT."
      print "module hubspoke.local/envtest-kube-apiserver"
      print ""
      if (godir != "") print godir "\n"
      if (ngodebug > 0) {
        print "godebug ("; for (i = 1; i <= ngodebug; i++) print "\t" godebug[i]; print ")\n"
      }
      print "require k8s.io/kubernetes " kube_tag "\n"
      if (nrepl > 0) {
        print "replace ("; for (i = 1; i <= nrepl; i++) print "\t" repl[i]; print ")"
      }
    }
  ' "${upstream_mod}" >go.mod.new || die "failed to generate go.mod from ${upstream_mod}"
  mv go.mod.new go.mod
  local nrepl
  nrepl="$(grep -c '=> k8s.io/.* '"${STAGING_VERSION}"'$' go.mod || true)"
  [[ "${nrepl}" -gt 0 ]] || die "no staging replace directives found in ${upstream_mod}"
  log "scratch module ${SRC_DIR}: ${nrepl} staging modules replaced with ${STAGING_VERSION}"

  # The build cache keys a package by its module's path and version, its
  # files, its dependencies' keys and the build flags. The staging modules
  # are required at their version as well (replaced alone, they keep
  # upstream's v0.0.0), as a module that requires k8s.io/api requires it;
  # with ALIGN_WITH, every module both build lists hold is required at the
  # version ALIGN_WITH selects (where that is older, the requirement
  # changes nothing). kube-apiserver then reuses what that module's builds
  # compiled (measured: 1,487 of its 1,994 packages left to compile, 270 s
  # of CPU instead of 360 s cold).
  local requires=() m
  while read -r m; do requires+=("-require=${m}@${STAGING_VERSION}"); done \
    < <(sed -n 's/^[[:space:]]*\(k8s\.io\/[^ ]*\) => .* '"${STAGING_VERSION}"'$/\1/p' go.mod)
  if [[ -n "${ALIGN_WITH:-}" ]]; then
    local ours theirs
    ours="$("${go_cmd}" list -m all)" || die "go list -m all in the scratch module failed"
    theirs="$(cd "${ALIGN_WITH}" && GOFLAGS=-mod=readonly "${go_cmd}" list -m \
      -f '{{if not (or .Main .Replace)}}{{.Path}} {{.Version}}{{end}}' all)" \
      || die "go list -m all in ${ALIGN_WITH} failed"
    while read -r m; do requires+=("${m}"); done < <(awk '
      NR == FNR { have[$1] = $2; next }
      NF == 2 && ($1 in have) && have[$1] != $2 { print "-require=" $1 "@" $2 }
    ' <(printf '%s\n' "${ours}") <(printf '%s\n' "${theirs}"))
  fi
  "${go_cmd}" mod edit "${requires[@]}"

  # Same version variables as kubernetes' hack/lib/version.sh sets.
  local ldflags="-s -w" pkg
  for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    ldflags+=" -X ${pkg}.gitVersion=${KUBE_TAG}"
    ldflags+=" -X ${pkg}.gitMajor=1 -X ${pkg}.gitMinor=${KUBE_MINOR}"
    ldflags+=" -X ${pkg}.buildDate=${build_date}"
    if [[ -n "${git_commit}" ]]; then
      ldflags+=" -X ${pkg}.gitCommit=${git_commit} -X ${pkg}.gitTreeState=clean"
    fi
  done

  # Same build tags as the upstream release build (hack/lib/golang.sh).
  # Upstream also builds with CGO_ENABLED=0 and -trimpath; this build does
  # not, as neither is what go test and go vet use: with them no package of
  # the build cache would be reused (a test's API server need not be
  # static, and its file paths do not matter).
  local tmp_out="${BIN_DIR}/.kube-apiserver.tmp.$$"
  "${go_cmd}" build -tags "selinux,notest,grpcnotrace" \
    -ldflags "${ldflags}" -o "${tmp_out}" k8s.io/kubernetes/cmd/kube-apiserver >&2 \
    || { rm -f "${tmp_out}"; die "go build of kube-apiserver ${KUBE_TAG} failed"; }
  mv -f "${tmp_out}" "${APISERVER}"
  cd / # leave the scratch module
}

if [[ "${FORCE_REBUILD:-0}" != 1 ]] && apiserver_ok; then
  log "using cached kube-apiserver ${KUBE_TAG} (${APISERVER})"
else
  start=${SECONDS}
  build_apiserver
  apiserver_ok || die "built ${APISERVER} but '--version' does not report '${WANT_VERSION_LINE}'"
  log "built kube-apiserver ${KUBE_TAG} in $((SECONDS - start))s"
fi

printf '%s\n' "${BIN_DIR}"
