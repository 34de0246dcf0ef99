#!/usr/bin/env python3
"""The kiwisolver side of `lamina-bench layout`: the same two systems, timed the same way.

1. chain: build a solver and solve a chain of 1,000 views (left, top, width, height each), each
   pinned 8 points after the previous one.
2. form: an Enaml-like form (5 rows of label + field, about 40 variables and 110 constraints)
   re-solved for 6 window sizes, 500 times over.

Prints one line per benchmark: name, milliseconds (median of the runs).
"""
import statistics
import time
from kiwisolver import Solver, Variable

REQUIRED, STRONG, MEDIUM, WEAK = "required", "strong", "medium", "weak"


def chain(n=1000):
    s = Solver()
    prev = None
    vs = []
    for i in range(n):
        left, top, width, height = (Variable(f"{k}{i}") for k in ("l", "t", "w", "h"))
        s.addConstraint((width == 40) | REQUIRED)
        s.addConstraint((height == 30) | REQUIRED)
        if prev is None:
            s.addConstraint((left == 0) | REQUIRED)
            s.addConstraint((top == 0) | REQUIRED)
        else:
            pl, pt, pw, ph = prev
            s.addConstraint((left == pl + pw + 8) | REQUIRED)
            s.addConstraint((top == pt) | REQUIRED)
        prev = (left, top, width, height)
        vs.append(prev)
    s.updateVariables()
    return vs[-1][0].value()


def form_system():
    s = Solver()
    W, H = Variable("W"), Variable("H")
    widgets = []
    rows = []
    for r in range(5):
        label = tuple(Variable(f"label{r}.{k}") for k in ("l", "t", "w", "h"))
        field = tuple(Variable(f"field{r}.{k}") for k in ("l", "t", "w", "h"))
        rows.append((label, field))
        widgets += [label, field]
    n = 0
    def add(c):
        nonlocal n
        s.addConstraint(c)
        n += 1
    for (l, t, w, h) in widgets:
        add((l >= 0) | REQUIRED)
        add((t >= 0) | REQUIRED)
        add((w >= 30) | REQUIRED)
        add((h == 24) | STRONG)
        add((w == 100) | WEAK)
        add((l + w <= W) | REQUIRED)
    for i, (label, field) in enumerate(rows):
        add((label[1] == field[1]) | REQUIRED)
        add((field[0] == label[0] + label[2] + 8) | REQUIRED)
        add((field[0] + field[2] == W - 10) | STRONG)
        add((label[0] == 10) | REQUIRED)
        add((field[3] == label[3]) | REQUIRED)
        add((field[2] >= label[2]) | MEDIUM)
        if i == 0:
            add((label[1] == 10) | REQUIRED)
        else:
            add((label[1] == rows[i - 1][0][1] + 32) | REQUIRED)
            add((field[0] == rows[0][1][0]) | REQUIRED)
            add((label[2] == rows[0][0][2]) | STRONG)
    last = rows[-1][0]
    add((last[1] + last[3] <= H - 10) | REQUIRED)
    s.addEditVariable(W, STRONG)
    s.addEditVariable(H, STRONG)
    return s, W, H, n


def form(loops=500):
    s, W, H, _ = form_system()
    sizes = [(320, 480), (640, 480), (800, 600), (1024, 768), (200, 300), (1280, 1024)]
    for _ in range(loops):
        for (w, h) in sizes:
            s.suggestValue(W, w)
            s.suggestValue(H, h)
            s.updateVariables()
    return W.value()


def median_ms(f, runs):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


if __name__ == "__main__":
    _, _, _, count = form_system()
    print(f"form-constraints {count}")
    print(f"chain {median_ms(chain, 7):.3f}")
    print(f"form {median_ms(form, 7):.3f}")
