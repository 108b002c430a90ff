#!/usr/bin/python3
"""A float64 head computed the NumPy way, for bench/grade64.sh.

    numpy_float64_head.py N D DIR

writes DIR/Q.npy, K.npy, V.npy (standard normal draws, seeded), the
lesson DIR/lesson.json naming them ("floats": "binary64", causal mask,
the default scale 1/sqrt(d)), the program's weights and outputs as
DIR/weights.npy and DIR/output.npy -- scores by one matrix product, the
row's maximum subtracted, np.exp, one sum, one division, outputs by a
matrix product, all in float64 -- and DIR/results.json naming them.
Prints the seconds the attention itself took.
"""
import json
import sys
import time

import numpy as np


def main():
    n, d, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = np.random.default_rng(29)
    q, k, v = (rng.standard_normal((n, d)) for _ in range(3))
    for name, a in (("Q", q), ("K", k), ("V", v)):
        np.save(f"{out}/{name}.npy", a)
    start = time.perf_counter()
    s = (q @ k.T) / np.sqrt(d)
    s[np.triu_indices(n, 1)] = -np.inf
    s -= s.max(axis=1, keepdims=True)
    e = np.exp(s)
    w = e / e.sum(axis=1, keepdims=True)
    o = w @ v
    seconds = time.perf_counter() - start
    np.save(f"{out}/weights.npy", w)
    np.save(f"{out}/output.npy", o)
    with open(f"{out}/lesson.json", "w") as f:
        json.dump({"title": f"A float64 head: n = {n}, d = {d}",
                   "floats": "binary64", "Q": {"npy": "Q.npy"},
                   "K": {"npy": "K.npy"}, "V": {"npy": "V.npy"},
                   "mask": "causal"}, f)
    with open(f"{out}/results.json", "w") as f:
        json.dump({"format": "binary64",
                   "values": {"weights": {"npy": "weights.npy"},
                              "output": {"npy": "output.npy"}}}, f)
    print(f"{seconds:.2f}")


main()
