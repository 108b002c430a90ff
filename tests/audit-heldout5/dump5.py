"""dump5.py NAME: every quantity of NAME.json (head or block lesson)."""
import json, sys
import heldout5lib as h
name = sys.argv[1]
d = json.load(open(name + ".json"))
L = h.BlockLesson(name + ".json") if "block" in d else h.corpuslib.Lesson(name + ".json")
for k, v in L.q.items():
    print("%-30s %-16s %s" % (k, "" if v.ex is None else str(v.ex), h.mp.nstr(v.mp, 12)))
