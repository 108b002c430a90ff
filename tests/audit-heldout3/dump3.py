"""dump3.py LESSON (without .json): every quantity of a lesson, of its blends
and of each variant (and each variant minus the base), computed by
corpuslib/heldout2lib/heldout3lib (Fractions and mpmath), not by exattn."""
import json
import sys
from heldout3lib import corpuslib as c, variant_dict, lesson_from_dict, add_blends

base = sys.argv[1]
d = json.load(open(base + ".json"), parse_float=str)
L = c.Lesson(base + ".json")
add_blends(L, d)


def show(L, title, ref=None):
    print("==", title)
    for k, v in L.q.items():
        extra = ""
        if ref is not None and k in ref.q:
            b = ref.q[k]
            dm = v.mp - b.mp
            if abs(dm) > c.mpf(10) ** -30:
                extra = "   change %s" % c.mp.nstr(dm, 12)
        print("%-30s %-10s %s%s" % (k, "" if v.ex is None else str(v.ex), c.mp.nstr(v.mp, 12), extra))


show(L, "base")
for v in d.get("variants", []):
    show(lesson_from_dict(variant_dict(d, v)), "variant " + v["name"], L)
