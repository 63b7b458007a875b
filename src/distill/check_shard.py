#!/usr/bin/env python3
"""Checks a coworkenv distill JSONL shard with the standard library only (no torch, no pyarrow).

usage: check_shard.py <data/part-NNNNN.jsonl> <k>

Verifies every row's shapes (docs/distill.md) and computes, per loss position, the forward KL of the teacher's
renormalised top-k against a stand-in student that is uniform over the same k tokens (KL = log k - H), and the
sampled-token estimate of the reverse KL (student logprob - teacher logprob of the sampled token): the same
arithmetic as the PyTorch snippet in docs/distill.md, on lists. Exit 1 with the first problem on stderr.
"""
import json
import math
import sys

INT_LISTS = ("input_ids", "loss_mask", "sampled_mask", "positions")
PER_POSITION = ("teacher_top_ids", "teacher_top_logprobs", "teacher_token_logprobs", "student_logprobs")


def fail(where, what):
    print(f"{where}: {what}", file=sys.stderr)
    sys.exit(1)


def check_row(row, k, where):
    for key in ("task_id", "family"):
        if not isinstance(row.get(key), str):
            fail(where, f"{key} is not a string")
    for key in ("trial", "trace"):
        if not isinstance(row.get(key), int):
            fail(where, f"{key} is not an integer")
    n = len(row["input_ids"])
    for key in INT_LISTS:
        if not all(isinstance(x, int) for x in row[key]):
            fail(where, f"{key} holds a non-integer")
    for key in ("loss_mask", "sampled_mask"):
        if len(row[key]) != n:
            fail(where, f"{key} has {len(row[key])} entries for {n} tokens")
    positions = row["positions"]
    if positions != [p for p, m in enumerate(row["loss_mask"]) if m == 1]:
        fail(where, "positions are not the indices where loss_mask is 1")
    if positions and positions[0] < 1:
        fail(where, "position 0 has no prefix to predict it from")
    m = len(positions)
    for key in PER_POSITION:
        if len(row[key]) != m:
            fail(where, f"{key} has {len(row[key])} rows for {m} positions")
    for j in range(m):
        ids, lps = row["teacher_top_ids"][j], row["teacher_top_logprobs"][j]
        if len(ids) != k or len(lps) != k:
            fail(where, f"position {positions[j]} has {len(ids)} ids and {len(lps)} logprobs, not k={k}")
        if any(b > a + 1e-6 for a, b in zip(lps, lps[1:])):
            fail(where, f"position {positions[j]}: the top-k is not sorted by probability")
    return m


def kl_terms(row, k):
    fwd, rev = [], []
    for j, lps in enumerate(row["teacher_top_logprobs"]):
        z = max(lps)
        log_norm = z + math.log(sum(math.exp(x - z) for x in lps))
        p = [math.exp(x - log_norm) for x in lps]
        student = -math.log(k)  # uniform stand-in over the same k tokens
        fwd.append(sum(pi * (math.log(pi) - student) for pi in p if pi > 0))
        rev.append(row["student_logprobs"][j] - row["teacher_token_logprobs"][j])
    return fwd, rev


def main():
    if len(sys.argv) != 3:
        fail("usage", "check_shard.py <shard.jsonl> <k>")
    path, k = sys.argv[1], int(sys.argv[2])
    rows = positions = 0
    fwd_all, rev_all = [], []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            row = json.loads(line)
            positions += check_row(row, k, f"{path}:{n}")
            fwd, rev = kl_terms(row, k)
            fwd_all += fwd
            rev_all += rev
            rows += 1
    if rows == 0:
        fail(path, "no rows")
    if any(x < -1e-9 for x in fwd_all):
        fail(path, "a forward KL is negative")
    mean = lambda xs: sum(xs) / max(len(xs), 1)
    print(f"ok {rows} rows, {positions} positions, k={k}, mean forward KL {mean(fwd_all):.4f}, mean sampled reverse KL {mean(rev_all):.4f}")


if __name__ == "__main__":
    main()
