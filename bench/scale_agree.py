#!/usr/bin/python3
"""Compare exattn's JSON (derive --format json --digits 30) with the
uncertified baseline's lines (bench/baseline_head.c): for every row, the
weights of the allowed keys in key order, then the outputs.  Prints
"agree: N numbers" or the first disagreement beyond 10^-28 (the baseline
works at 128 bits and is not certified: its last digits may differ)."""
import json
import sys
from fractions import Fraction


def exattn_numbers(doc):
    for row in doc["rows"]:
        if row["form"] == "compact":
            weights = row["weights"]
        else:
            weights = [w for w, a in zip(row["weights"], row["allowed"])
                       if a]
        for w in weights:
            yield w["decimal"]
        for o in row["output"]:
            yield o["decimal"]


def main():
    with open(sys.argv[1]) as f:
        doc = json.load(f)
    with open(sys.argv[2]) as f:
        base = [line.strip() for line in f]
    mine = list(exattn_numbers(doc))
    if len(mine) != len(base):
        print("NO: %d numbers against %d" % (len(mine), len(base)))
        return 1
    tol = Fraction(1, 10 ** 28)
    for k, (a, b) in enumerate(zip(mine, base)):
        if abs(Fraction(a) - Fraction(b)) > tol:
            print("NO: number %d: %s against %s" % (k + 1, a, b))
            return 1
    print("agree: %d numbers" % len(mine))
    return 0


if __name__ == "__main__":
    sys.exit(main())
