#!/usr/bin/env python3
"""Random training openings: a base opening (offsets file), a random symmetry, then `extra`
random stones within `radius` of the centre, alternating colours after the base."""
import random, sys
base_file, extra, radius, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
rng = random.Random(seed)
bases = []
for line in open(base_file):
    line = line.split('#')[0].strip()
    if not line: continue
    v = [int(t) for t in line.replace(',', ' ').split()]
    bases.append(list(zip(v[0::2], v[1::2])))
syms = [lambda x, y: (x, y), lambda x, y: (-x, y), lambda x, y: (x, -y), lambda x, y: (-x, -y),
        lambda x, y: (y, x), lambda x, y: (-y, x), lambda x, y: (y, -x), lambda x, y: (-y, -x)]
seen = set()
while len(seen) < count:
    b = rng.choice(bases)
    s = rng.choice(syms)
    stones = [s(x, y) for x, y in b]
    for _ in range(extra):
        while True:
            p = (rng.randint(-radius, radius), rng.randint(-radius, radius))
            if p not in stones: break
        stones.append(p)
    key = tuple(stones)
    if key in seen: continue
    seen.add(key)
    print(', '.join(f'{x},{y}' for x, y in stones))
