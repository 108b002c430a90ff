"""grade_agree.py GRADE.json BASE.txt: do exattn grade's certified truths
(true_decimal, output row by row) agree with the MPFR baseline's 12
significant digits?  The baseline is not certified: agreement is within
one unit of its last digit.  Prints "N values" or the first difference."""
import json
import sys
from decimal import Decimal

doc = json.load(open(sys.argv[1], encoding="utf-8"))
base = [Decimal(x) for line in open(sys.argv[2]) for x in line.split()]
truths = [Decimal(v["true_decimal"]) for v in doc["values"]]
if len(truths) != len(base):
    print("%d values graded, %d in the baseline" % (len(truths), len(base)))
    sys.exit(1)
for k, (t, b) in enumerate(zip(truths, base)):
    # 12 significant digits of the baseline; the truth to 11 or 12
    # decimals after the point
    unit = max(abs(b) * Decimal("1e-11"), Decimal("1e-12"))
    if abs(t - b) > unit:
        print("value %d: exattn %s, baseline %s" % (k + 1, t, b))
        sys.exit(1)
print("%d values" % len(truths))
