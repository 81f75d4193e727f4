#!/usr/bin/env bash
# Runs the jobs of a file N at a time and says how each ended: `scripts/job-pool.sh N DIR JOBS`, where each line of JOBS
# is `NAME COMMAND…` (blank lines and lines starting with # are skipped). Each job's output goes to DIR/NAME.log; a
# line is printed as each one ends, the last lines of the log of each that failed, and a table at the end. Exit 0
# when every job exited 0, 1 otherwise.
#
# Why a pool: the runs against peer services mostly wait (postback schedules, quiet windows, flips), so a few of them
# at once finish in about the time of the longest, on two cores, where one after the other they would not fit CI's
# time limit. Each job gets its own ports (the kit's runs pick free ones), so they never share a peer or a capture server.
set -uo pipefail

if [ $# -ne 3 ] || ! [[ $1 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: scripts/job-pool.sh N DIR JOBS" >&2
  exit 2
fi
max=$1
dir=$2
jobs_file=$3
mkdir -p "$dir"

declare -A name_of start_of
results=()
failed=()
running=0
pool_started=$SECONDS

# Waits for any one job and records how it ended.
reap() {
  local pid rc name seconds cpu
  wait -n -p pid
  rc=$?
  name=${name_of[$pid]}
  seconds=$((SECONDS - ${start_of[$pid]}))
  running=$((running - 1))
  cpu=$(cat "$dir/$name.cpu" 2>/dev/null || echo '?')
  results+=("$(printf '%5d s  %5s s cpu  exit %-3d %s' "$seconds" "$cpu" "$rc" "$name")")
  if [ "$rc" -eq 0 ]; then
    echo "::job done: $name ($seconds s, $cpu s cpu)"
  else
    failed+=("$name")
    echo "::job FAILED: $name (exit $rc, $seconds s); the end of $dir/$name.log:"
    tail -25 "$dir/$name.log" | sed 's/^/    /'
  fi
}

# `|| [ -n … ]`: a last line without its newline is a job too.
while read -r name command || [ -n "$name" ]; do
  [ -z "$name" ] || [[ $name == \#* ]] && continue
  while [ "$running" -ge "$max" ]; do reap; done
  echo "::job: $name: $command"
  # The subshell notes the CPU time (user + system) of the job's processes once they ended (bash's `times`, whole
  # seconds), for the table: a job near twice its wall time keeps both cores busy, one far below it mostly waits.
  (
    bash -c "$command" >"$dir/$name.log" 2>&1 </dev/null
    rc=$?
    times >"$dir/$name.times"
    awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); t += p[1] * 60 + p[2] } printf "%d\n", t + 0.5 }' \
      "$dir/$name.times" >"$dir/$name.cpu"
    rm -f "$dir/$name.times"
    exit $rc
  ) &
  name_of[$!]=$name
  start_of[$!]=$SECONDS
  running=$((running + 1))
done <"$jobs_file"
while [ "$running" -gt 0 ]; do reap; done

echo "jobs ($max at a time, $((SECONDS - pool_started)) s in all):"
printf '%s\n' "${results[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed: ${failed[*]}" >&2
  exit 1
fi
