#!/usr/bin/env bash
# Fails when a file includes a project header from a layer it may not use. Data flows one way,
# engine -> search -> protocol; inside protocol/, each product uses io and the layers below.
# A test folder may use what its library may, plus tests/, and the engine and search suites
# also protocol/io/ for its reader of the shared data files.
set -euo pipefail
cd "${1:-$(dirname "${BASH_SOURCE[0]}")/..}"

status=0
check() {  # check FOLDER PREFIX...: FOLDER's files include project headers under PREFIX only
  local dir=$1; shift
  local file line header p ok
  while IFS=: read -r file line header; do
    header=${header#*\"}; header=${header%%\"*}
    case "$header" in engine/* | search/* | protocol/* | tests/*) ;; *) continue ;; esac
    ok=0
    for p in "$@"; do [[ $header == "$p"* ]] && ok=1; done
    ((ok)) || { echo "layer violation: $file:$line includes $header" >&2; status=1; }
  done < <(find "$dir" \( -name '*.h' -o -name '*.cpp' \) -exec grep -Hn '^#include "' {} +)
}

check engine engine/
check search engine/ search/
check protocol/io engine/ protocol/io/
check protocol/gomocup engine/ search/ protocol/io/ protocol/gomocup/
check protocol/match engine/ protocol/io/ protocol/match/
check protocol/analyze engine/ search/ protocol/io/ protocol/analyze/
check protocol/tune engine/ search/ protocol/io/ protocol/tune/
check tests/engine engine/ protocol/io/ tests/
check tests/search engine/ search/ protocol/io/ tests/
check tests/io engine/ protocol/io/ tests/
check tests/gomocup engine/ search/ protocol/io/ protocol/gomocup/ tests/
check tests/match engine/ protocol/io/ protocol/match/ tests/
check tests/analyze engine/ search/ protocol/io/ protocol/analyze/ tests/
check tests/tune engine/ search/ protocol/io/ protocol/tune/ tests/
((status)) || echo "every include follows the layers"
exit $status
