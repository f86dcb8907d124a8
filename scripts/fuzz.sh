#!/usr/bin/env bash
# Runs every fuzz target of loto (the Fuzz... functions of the tests) for a
# set time each, one after the other, and prints the executions of each.
#   scripts/fuzz.sh [DURATION] [PATTERN]
# DURATION is go test's -fuzztime (default 30s: "10m" for a long run, "5000x"
# for a count); PATTERN keeps the targets whose name matches it (a grep -E
# regexp, e.g. CSV or 'Serial|Cents'). FUZZ_PARALLEL sets the workers of
# each run (go test -parallel; default: one per core).
# A failing input is written by go test under the package's
# testdata/fuzz/TARGET/: commit it with the fix, it is then a test that
# every `go test` runs. The seeds are there too, and in the f.Add lines.
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${1:-30s}
pattern=${2:-.}
parallel=()
[ -n "${FUZZ_PARALLEL:-}" ] && parallel=(-parallel "$FUZZ_PARALLEL")

# Every fuzz target, as "package target" lines, found in the test files.
targets=$(grep -rH --include='*_test.go' -o '^func Fuzz[A-Za-z0-9_]*' cmd internal 2>/dev/null |
  sed -E 's|^(.*)/[^/]*_test\.go:func (Fuzz.*)$|./\1 \2|' | sort | grep -E -- " .*($pattern)" || true)
if [ -z "$targets" ]; then
  echo "fuzz.sh: no fuzz target matches $pattern" >&2
  exit 2
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=0
summary=()
while read -r pkg name; do
  echo "fuzz.sh: $name ($pkg) for $duration" >&2
  if go test -run '^$' -fuzz "^$name\$" -fuzztime "$duration" "${parallel[@]}" "$pkg" >"$log" 2>&1; then
    result=ok
  else
    result=FAILED
    failed=1
    cat "$log" >&2
  fi
  # go test's last progress line, "fuzz: elapsed: 30s, execs: 123456 (512/sec), ...",
  # gives the rate of its last seconds: the mean is the executions over the time.
  # Under load the first seconds may all go to the baseline (the seeds and
  # the cached corpus run once): then no execution is counted yet.
  execs=$( (grep -o 'elapsed: [0-9hms.]*, execs: [0-9]*' "$log" || true) | tail -n 1 |
    awk '{ t = $2; s = 0; if (t ~ /h/) { split(t, a, "h"); s += a[1] * 3600; t = a[2] } if (t ~ /m/) { split(t, a, "m"); s += a[1] * 60; t = a[2] }
           s += t + 0; n = $4 + 0; printf "%d (%d/s)", n, (s > 0 ? n / s : n) }')
  [ -n "$execs" ] || execs="0 (baseline only)"
  summary+=("$(printf '%-32s %-28s %-24s %s' "$name" "${pkg#loto/}" "${execs:-?}" "$result")")
done <<<"$targets"

printf '%-32s %-28s %-24s %s\n' target package "executions (per second)" result
printf '%s\n' "${summary[@]}"
printf 'duration %s each, load average %s\n' "$duration" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
exit $failed
