#!/usr/bin/env bash
# Certifies the sandbox's foreign flavour by URL with nothing but its profile: `scripts/certify-foreign.sh WORKERS OUT`.
# The flavour is started alone on a free port and stopped afterwards. The certification's exit code is the gate
# (--gate profile: any FAIL); the report is read too, so that a --gate spec left in by mistake could not hide a FAIL.
# The flavour records every exchange (OUT/recording.jsonl): the OpenAPI export for its profile must list every status
# it answered (issue 40, `openapi --check-recording`).
set -euo pipefail
cd "$(dirname "$0")/.."
workers=${1:?usage: scripts/certify-foreign.sh WORKERS OUT}
out=${2:?usage: scripts/certify-foreign.sh WORKERS OUT}

log=$(mktemp)
mkdir -p "$out"
node --import tsx scripts/sandbox.ts --flavor foreign --port 0 --record "$out/recording.jsonl" >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; rm -f "$log"' EXIT
url=''
for _ in $(seq 1 30); do
  url=$(sed -n 's/^listening on //p' "$log")
  [ -n "$url" ] && break
  sleep 1
done
test -n "$url" || { echo "the foreign sandbox did not start:" >&2; tail -20 "$log" >&2; exit 1; }
npm run -s certify -- --target "$url" --profile profiles/foreign-sandbox.json --workers "$workers" --out "$out"
node -e '
  const { summary } = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  if (summary.fail !== 0) { console.error(`the foreign flavour got ${summary.fail} FAIL`); process.exit(1); }
' "$out/conformance.json"
npm run -s openapi -- --profile profiles/foreign-sandbox.json --check-recording "$out/recording.jsonl"
