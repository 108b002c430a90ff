"""Softmax attention with NumPy, in float64 and in float32: scores
divided by sqrt(d_k), the row's maximum subtracted before np.exp, each
weight over the row's sum, the output W @ V.  It writes results files for
`exattn grade` (docs/cli.md): seed 002's lab states (the lesson
002-grid-load-rises.json and its variants) and a random head with its own
lesson, each in both formats; and a head whose inputs are themselves
float32 numbers (normally distributed), its lesson giving them with
"floats": "binary32", computed in float32 and in float64.

    python3 attention_numpy.py LESSON-002.json OUT_DIR
"""
import json
import os
import sys

import numpy as np

STATES = [
    {"name": "base"},
    {"name": "zero query", "multiply": (2, 0)},
    {"name": "value override", "override": (2, 1, 4)},
    {"name": "causal off", "causal": False},
    {"name": "rises blocked", "block": 2},
]
FORMATS = {"binary64": np.float64, "binary32": np.float32}


def attention(q, k, v, visible, dtype):
    """Every row's weights and output, computed in dtype throughout."""
    q, k, v = (np.asarray(a, dtype=dtype) for a in (q, k, v))
    scores = (q @ k.T) / np.sqrt(dtype(q.shape[1]))
    scores = np.where(visible, scores, dtype(-np.inf))
    e = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights = e / e.sum(axis=1, keepdims=True)
    return weights, weights @ v


def results(fmt, weights, output):
    """Shortest round-trip decimals of each float in its own format."""
    def text(a):
        return [[repr(x.item()) if a.dtype == np.float64
                 else np.format_float_positional(x, unique=True, trim='0')
                 for x in row] for row in a]
    return {"format": fmt, "values": {"weights": text(weights),
                                      "output": text(output)}}


def write(path, doc):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def seed_states(lesson, out):
    x = np.array(lesson["X"], dtype=np.float64)
    n = x.shape[0]
    for st in STATES:
        q = x @ np.array(lesson["W_Q"], dtype=np.float64)
        k = x @ np.array(lesson["W_K"], dtype=np.float64)
        v = x @ np.array(lesson["W_V"], dtype=np.float64)
        if "multiply" in st:
            q[st["multiply"][0]] *= st["multiply"][1]
        if "override" in st:
            row, col, value = st["override"]
            v[row, col] = value
        visible = np.ones((n, n), dtype=bool)
        if st.get("causal", True):
            visible = np.tril(visible)
        if "block" in st:
            visible[:, st["block"]] = False
        for fmt, dtype in FORMATS.items():
            w, o = attention(q, k, v, visible, dtype)
            slug = st["name"].replace(" ", "-")
            write(os.path.join(out, f"002-{slug}.{fmt}.json"),
                  results(fmt, w, o))


def random_head(out):
    rng = np.random.default_rng(2026)
    q, k = rng.integers(-3, 4, (6, 3)), rng.integers(-3, 4, (6, 3))
    v = rng.integers(-3, 4, (6, 2))
    lesson = {"title": "A random head graded in float64 and float32",
              "Q": q.tolist(), "K": k.tolist(), "V": v.tolist(),
              "mask": "causal"}
    write(os.path.join(out, "random-head.lesson.json"), lesson)
    visible = np.tril(np.ones((6, 6), dtype=bool))
    for fmt, dtype in FORMATS.items():
        w, o = attention(q, k, v, visible, dtype)
        write(os.path.join(out, f"random-head.{fmt}.json"),
              results(fmt, w, o))


def random_float_head(out):
    rng = np.random.default_rng(2027)
    q, k, v = (rng.standard_normal(shape).astype(np.float32)
               for shape in ((8, 4), (8, 4), (8, 3)))
    text = lambda a: [[np.format_float_positional(x, unique=True, trim="0")
                       for x in row] for row in a]
    lesson = {"title": "A head of float32 inputs", "floats": "binary32",
              "Q": text(q), "K": text(k), "V": text(v), "mask": "causal"}
    write(os.path.join(out, "float-head.lesson.json"), lesson)
    visible = np.tril(np.ones((8, 8), dtype=bool))
    for fmt, dtype in FORMATS.items():
        w, o = attention(q, k, v, visible, dtype)
        write(os.path.join(out, "float-head.%s.json" % fmt),
              results(fmt, w, o))


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: python3 attention_numpy.py LESSON-002.json"
                         " OUT_DIR\n")
        return 2
    with open(argv[1], encoding="utf-8") as f:
        lesson = json.load(f)
    os.makedirs(argv[2], exist_ok=True)
    seed_states(lesson, argv[2])
    random_head(argv[2])
    random_float_head(argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
