#!/usr/bin/env python3
"""First-move latency of pbrain-sente as a manager sees it: a fresh process per run,
INFO max_memory/timeout_turn, START 15, then BEGIN (or a BOARD block); the time from writing
the command to reading the move. Usage: first_move.py ENGINE [runs] [max_memory] [turn_ms]"""
import statistics, subprocess, sys, time

def one(engine, max_memory, turn_ms, board):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    w = lambda s: (p.stdin.write(s + "\n"), p.stdin.flush())
    def answer():
        while True:
            line = p.stdout.readline().strip()
            if not line.startswith(("MESSAGE", "DEBUG")):
                return line
    w(f"INFO max_memory {max_memory}"); w(f"INFO timeout_turn {turn_ms}"); w("START 15")
    assert answer() == "OK"
    cmd = "BOARD\n7,7,2\n8,8,1\n7,8,2\nDONE" if board else "BEGIN"
    t = time.monotonic(); w(cmd); a = answer(); ms = (time.monotonic() - t) * 1000
    w("END"); p.wait(5)
    return ms, a

engine = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
mem = int(sys.argv[3]) if len(sys.argv) > 3 else 367001600
turn = int(sys.argv[4]) if len(sys.argv) > 4 else 300
for board in (False, True):
    t = [one(engine, mem, turn, board)[0] for _ in range(runs)]
    print(f"{'BOARD' if board else 'BEGIN'} max_memory {mem >> 20} MiB turn {turn} ms: "
          f"median {statistics.median(t):.0f} ms, range {min(t):.0f}-{max(t):.0f} ({runs} runs)")
