"""Baseline for the seed-002 row "rises" in mpmath (uncertified): three
exponentials, three weights and two outputs printed with N digits after
the point.  Usage: python3 mpmath_rises.py N"""
import sys

from mpmath import mp, exp, nstr, sqrt

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
mp.dps = n + 10
e = [exp(k / sqrt(2)) for k in (2, 1, 3)]
z = sum(e)
w = [x / z for x in e]
out = [w[0] + w[2], 2 * (w[1] + w[2])]
for x in w + out:
    print(mp.nstr(x, n + 1, strip_zeros=False, min_fixed=-1, max_fixed=2))
