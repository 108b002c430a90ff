#!/usr/bin/env python3
"""A LayerNorm's centred coordinates sum to 0, however large the forms.

For random blocks of bench/gen-block.sh (positions, several heads, FFN,
up to 8 tokens of width 8), each FFN input column j whose weights
gamma_c * W_1[c][j] are the same for every coordinate c reads the norm's
output only through sum_c (z_c - mean) = 0: the hidden value h[i][j] is
exactly sum_c beta_c W_1[c][j] + b_1[j] for every token i.  That value is
computed here with fractions from the lesson alone, and exattn's hidden
value must be EXACT and equal to it.  Prints TAP.

  tests/centred-sums.py EXATTN GEN_BLOCK_SH COUNT
"""
import json
import subprocess
import sys
from fractions import Fraction


def frac(v):
    return Fraction(v) if not isinstance(v, str) else Fraction(v)


def norm_read_by_ffn(block):
    """The norm object whose output the FFN reads (None: not a LayerNorm
    with an FFN)."""
    if block.get("norm", "layer_norm") != "layer_norm" or "ffn" not in block:
        return None
    if block.get("order", "post") == "pre":
        return block.get("layer_norm_2", {})
    if "cross_attention" in block:
        return block["cross_attention"].get("layer_norm", {})
    return block.get("layer_norm", {})


def expectations(lesson):
    """{(i, j): exact h} for the columns the identity decides."""
    block = lesson["block"]
    ns = norm_read_by_ffn(block)
    if ns is None:
        return {}
    d = len(lesson["X"][0])
    gamma = [frac(g) for g in ns.get("gamma", [1] * d)]
    beta = [frac(b) for b in ns.get("beta", [0] * d)]
    w1 = [[frac(w) for w in row] for row in block["ffn"]["W_1"]]
    b1 = [frac(b) for b in block["ffn"].get("b_1", [0] * len(w1[0]))]
    want = {}
    for j in range(len(w1[0])):
        if len({gamma[c] * w1[c][j] for c in range(d)}) != 1:
            continue
        h = sum(beta[c] * w1[c][j] for c in range(d)) + b1[j]
        for i in range(len(lesson["X"])):
            want[(i, j)] = h
    return want


def main():
    exattn, gen, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    print("1..%d" % (count + 1))
    checked = 0
    for seed in range(1, count + 1):
        text = subprocess.run(["sh", gen, str(seed), "8", "8", "4"],
                              check=True, capture_output=True,
                              text=True).stdout
        lesson = json.loads(text)
        want = expectations(lesson)
        run = subprocess.run([exattn, "derive", "--format", "json", "-"],
                             input=text, capture_output=True, text=True)
        if run.returncode == 2 and "divides by zero" in run.stderr:
            print("ok %d - seed %d: refused (a norm of a constant row, "
                  "epsilon 0)" % (seed, seed))
            continue
        if run.returncode != 0:
            print("not ok %d - seed %d: exit %d: %s"
                  % (seed, seed, run.returncode, run.stderr.strip()))
            continue
        hidden = json.loads(run.stdout)["block"].get("ffn_hidden", [])
        bad = []
        for (i, j), h in sorted(want.items()):
            q = hidden[i][j]
            if q["status"] != "exact" or Fraction(q["value"]) != h:
                bad.append("h[%d][%d] = %s (%s), want %s"
                           % (i + 1, j + 1, q.get("value") or q["text"],
                              q["status"], h))
        checked += len(want)
        print("%sok %d - seed %d: %d hidden values decided by the "
              "identity%s" % ("not " if bad else "", seed, seed, len(want),
                              ": " + "; ".join(bad[:3]) if bad else ""))
    # the property must have been exercised, not passed vacuously
    print("%sok %d - %d hidden values checked in all"
          % ("" if checked >= 20 else "not ", count + 1, checked))


main()
