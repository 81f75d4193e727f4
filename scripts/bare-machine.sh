#!/usr/bin/env bash
# Runs a command as on a machine without Debian's Chromium and without a Docker engine, the README's promise for
# `npm run certify` and `npm test` (most users' laptops and CI runners): a PATH holding every program of this one but
# chromium* and docker*, DOCKER_HOST pointing at no socket, and the KIT_REQUIRE_* variables unset. `.ci/run` runs the
# quick start with it before it installs either, and again on a machine where an earlier session installed both.
#
#   scripts/bare-machine.sh npm run certify -- --out reports/certify-bare
set -euo pipefail
if [ "$#" -eq 0 ]; then
  echo "usage: scripts/bare-machine.sh COMMAND [ARGS...]" >&2
  exit 2
fi

bare=$(mktemp -d "${TMPDIR:-/tmp}/kit-bare-path-XXXXXX")
trap 'rm -rf "$bare"' EXIT
IFS=: read -r -a dirs <<<"$PATH"
# No fork per program (a basename and an ln each cost ~20 s over the ~2,000 of a PATH): the names are chosen in bash,
# then linked by one ln, which names each link after its target.
declare -A seen
targets=()
for dir in "${dirs[@]}"; do
  [ -d "$dir" ] || continue
  for program in "$dir"/*; do
    name=${program##*/}
    case "$name" in chromium* | google-chrome* | docker*) continue ;; esac
    # The first of a name on the PATH wins, as it would in the shell.
    [ -z "${seen[$name]:-}" ] && [ -x "$program" ] && [ ! -d "$program" ] || continue
    seen[$name]=1
    targets+=("$program")
  done
done
ln -s -- "${targets[@]}" "$bare"

unset KIT_REQUIRE_CHROMIUM KIT_REQUIRE_DOCKER
PATH="$bare" DOCKER_HOST="unix://$bare/no-docker.sock" "$@"
