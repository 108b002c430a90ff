"""Baseline for the seed-002 row "rises" in mpmath (uncertified): three
exponentials, three weights and two outputs printed with N digits after
the point.  Run with Debian's python3-mpmath (and python3-gmpy2, which
mpmath uses as its backend when present).  Usage: mpmath_rises.py N"""
import sys

from mpmath import exp, mp, mpf, nint, sqrt

try:
    from gmpy2 import mpz as big
except ImportError:             # pure-Python integers: slower
    big = int
    sys.set_int_max_str_digits(0)


def fixed(x, n):
    """x with n digits after the point, rounded to nearest."""
    d = big(int(nint(x * mpf(10) ** n)))
    digits = str(abs(d)).rjust(n + 1, "0")
    return ("-" if d < 0 else "") + digits[:-n] + "." + digits[-n:]


n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
mp.dps = n + 20
e = [exp(k / sqrt(2)) for k in (2, 1, 3)]
z = sum(e)
w = [x / z for x in e]
out = [w[0] + w[2], 2 * (w[1] + w[2])]
print("\n".join(fixed(x, n) for x in w + out))
