#!/usr/bin/env bash
# The Windows build (dist/pbrain-sente64.exe) under wine64, checked by the Linux build's tests.
# Usage: wine_test.sh SOURCE_DIR check
#          prints why the wine tests cannot run and exits 77, or exits 0 when they can
#        wine_test.sh SOURCE_DIR gtest TEST_BINARY FILTER
#          that GoogleTest binary's suites, with the exe as the engine they start
#        wine_test.sh SOURCE_DIR cli NATIVE_ENGINE
#          CRLF both ways on raw bytes, bench signature equal to NATIVE_ENGINE's, match refused
# Exits 77 (ctest: skipped) with the reason when wine or the exe is missing or wine cannot run.
set -uo pipefail
src="$1" mode="$2"
exe="${SENTE_WINDOWS_EXE:-$src/dist/pbrain-sente64.exe}"
export WINEPREFIX="${WINEPREFIX:-$src/build/wine-prefix}" WINEDEBUG=-all
# No Mono or Gecko installer: they would ask with a dialog and the engine needs neither.
export WINEDLLOVERRIDES="mscoree,mshtml="
unset DISPLAY

skip() {
  echo "SKIPPED: wine tests of the Windows build: $*"
  exit 77
}

wine=$(command -v wine64 || ls /usr/lib/wine/wine64 2>/dev/null || command -v wine) ||
  skip "wine64 is not installed (./test installs it: apt-get install wine64)"
[[ -f "$exe" ]] || skip "$exe is not built (./package builds it)"
mkdir -p "$WINEPREFIX"
# A wineserver started here lives outside every test's process group, so that killing an
# engine never takes it down, and it stays up a minute after its last client: the tests'
# many short processes share it. Its output goes nowhere, or ctest would wait for it.
server="$(dirname "$wine")/wineserver"
[[ -x "$server" ]] || server=wineserver
if ! "$server" -k0 2>/dev/null; then  # -k0 signals nothing: it only asks whether one runs
  setsid "$server" -f -p60 </dev/null >/dev/null 2>&1 &
fi
# wine's own services start with the first program and outlive it; started here, with no
# output, they hold no test's pipe open (ctest would wait for them). The first run of all
# also creates the prefix.
timeout 300 "$wine" wineboot </dev/null >/dev/null 2>&1
about=$(printf 'ABOUT\r\nEND\r\n' | timeout 120 "$wine" "$exe" 2>&1) ||
  skip "wine cannot run $exe here: $(printf '%s' "$about" | tail -3)"
[[ "$about" == name=* ]] || skip "wine runs $exe but it answers '$(printf '%s' "$about" | head -3)'"

case "$mode" in
  check) exit 0 ;;
  gtest)
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    SENTE_TEST_RUNNER="$wine" SENTE_TEST_ENGINE="$exe" SENTE_TEST_STARTUP_MS=3000 "$3" --gtest_filter="$4" | tee "$log"
    status=${PIPESTATUS[0]}
    grep -q '^\[==========\] [1-9][0-9]* tests\? from' "$log" || {
      echo "FAILED: no test matches '$4'"
      exit 1
    }
    exit "$status" ;;
  cli) exec "$src/tests/wine/cli_checks.sh" "$wine" "$exe" "$3" ;;
esac
echo "wine_test.sh: unknown mode '$mode'" >&2
exit 2
