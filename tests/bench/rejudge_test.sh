#!/usr/bin/env bash
# bench/rejudge on a hand-made lost game, with Sente as the judge: one line for each of the
# loser's moves after the opening, the losing move marked, and clear errors for bad input.
set -euo pipefail
root="$1" sente="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/games.pgn" <<'PGN'
[Event "test"]
[Round "1"]
[Black "winner"]
[White "loser"]
[Rule "0 freestyle"]
[Size "15x15"]
[OpeningMoves "h8 h9 i8"]
[Result "1-0"]
[Moves "h8 h9 i8 i9 j8 j9 k8 k9 l8"]

[Event "test"]
[Round "2"]
[Black "loser"]
[White "winner"]
[Rule "0 freestyle"]
[Size "15x15"]
[OpeningMoves "h8 h9 i8"]
[Result "1-0"]
[Moves "h8 h9 i8 i9 j8 j9 k8 k9 l8"]
PGN
out="$("$root/bench/rejudge" "$work/games.pgn" loser --judge "$sente" --ms 300)"
echo "$out"
fail() { echo "FAIL: $*" >&2; exit 1; }
# Only round 1 is a loss; White's moves 4, 6 and 8 are judged (the last move is the five).
[[ "$(grep -c '^# round' <<<"$out")" == 1 ]] || fail "one lost game expected"
[[ "$(grep -cE '^ +[0-9]+ ' <<<"$out")" == 3 ]] || fail "three judged moves expected"
grep -q '^# 1 of 1 lost games re-judged (2 games in all)' <<<"$out" || fail "summary line"
# Move 6, j9, leaves Black's open three h8-j8 unblocked: the judge blocks it instead, and
# after j9 it sees Black's win, so the drop is marked.
line6="$(grep -E '^ +6 j9 ' <<<"$out")" || fail "no line for move 6"
grep -qE 'judge (f8|g8|k8|l8) ' <<<"$line6" || fail "the judge should block the three: $line6"
grep -qE 'after -30000 .* \* \|' <<<"$line6" || fail "move 6 should be marked lost: $line6"
# Bad input: a missing file, and a judge that does not run.
if "$root/bench/rejudge" "$work/none.pgn" loser --judge "$sente" 2>"$work/err"; then
  fail "a missing PGN should fail"
fi
grep -q "rejudge: cannot read" "$work/err" || fail "missing PGN message: $(cat "$work/err")"
if "$root/bench/rejudge" "$work/games.pgn" loser --judge "$work/no-such-engine" 2>"$work/err"; then
  fail "a judge that cannot start should fail"
fi
grep -q "rejudge: cannot start the judge" "$work/err" || fail "judge message: $(cat "$work/err")"
echo "rejudge: ok"
