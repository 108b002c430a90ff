"""dump7.py NAME: every quantity of NAME.json (head lesson, lesson with
variants, self-attention block or cross-attention block), as heldout7lib
derives it."""
import json
import sys

import heldout7lib as h

name = sys.argv[1]
d = json.load(open(name + ".json"))
if "block" in d:
    L = h.CrossBlockLesson(name + ".json") if "memory" in d else h.BlockLesson(name + ".json")
elif "variants" in d:
    L = h.VariantLesson(name + ".json")
else:
    L = h.Lesson(name + ".json")
for k, v in L.q.items():
    print("%-34s %-16s %s" % (k, "" if v.ex is None else str(v.ex), h.mp.nstr(v.mp, 12)))
