#!/usr/bin/env bash
# What the GoogleTest suites cannot see of the Windows build: the raw bytes of its protocol
# lines, its bench signature against the native build's, and `match` refused in one line.
# Usage: cli_checks.sh WINE EXE NATIVE_ENGINE   (wine_test.sh sets up wine and calls it)
set -uo pipefail
wine="$1" exe="$2" native="$3"
failures=0
fail() {
  echo "FAILED: $*"
  failures=$((failures + 1))
}

# Answers end in CRLF whether the manager sends CRLF or LF; no bare LF, no doubled CR.
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
for eol in '\r\n' '\n'; do
  printf "START 15${eol}INFO folder C:\\\\piskvork\\\\sky${eol}ABOUT${eol}END${eol}" |
    timeout 60 "$wine" "$exe" >"$raw"
  lines=$(wc -l <"$raw") crlf=$(grep -c $'\r$' "$raw") doubled=$(grep -c $'\r\r' "$raw")
  if [[ $lines -lt 2 || $crlf -ne $lines || $doubled -ne 0 || "$(head -1 "$raw")" != $'OK\r' ]]
  then
    fail "answers to ${eol}-ended lines: $(od -c "$raw" | head -5)"
  fi
done
echo "protocol lines end in CRLF, for CRLF and LF input"

signature() { grep -o 'Signature: [0-9]*' <<<"$1"; }
native_bench=$("$native" bench 2>&1) || fail "native bench exited non-zero"
wine_bench=$(timeout 300 "$wine" "$exe" bench 2>&1) || fail "bench under wine exited non-zero"
if [[ -z "$(signature "$native_bench")" ]]; then
  fail "no signature from the native bench: $native_bench"
elif [[ "$(signature "$native_bench")" != "$(signature "$wine_bench")" ]]; then
  fail "bench signatures differ: native '$(signature "$native_bench")'," \
    "Windows '$(signature "$wine_bench")'"
else
  echo "bench: $(signature "$wine_bench") on both builds"
fi

match_out=$(timeout 60 "$wine" "$exe" match --games 2 2>&1)
status=$?
[[ $status -eq 2 ]] || fail "match exited $status, not 2"
[[ $(wc -l <<<"$match_out") -eq 1 && "$match_out" == *"not available"* ]] ||
  fail "match did not print one clear line: $match_out"
echo "match: exit $status, '$match_out'"

((failures == 0)) || exit 1
echo "all Windows command-line checks passed"
