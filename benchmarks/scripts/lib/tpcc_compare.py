"""The tables of tpcc-vs-benchbase.sh, from its records (one JSON per side and run):

    python3 benchmarks/scripts/lib/tpcc_compare.py OUT/records

Medians over the rounds of tpmC, tpmTotal, client CPU per 1,000 transactions and statements per transaction, with
ours/BenchBase ratios; then, from the profile runs (one transaction type alone), per type: each statement's calls
per transaction on each side, the totals, and rows read/inserted/updated/deleted per table per transaction.
Statements called less than once per 100 transactions (connection set-up, catalogue reads) are left out of the
totals and listed apart.
"""
import glob
import json
import os
import re
import statistics
import sys

SIDES = ("dbharness", "benchbase")
TYPES = ("NewOrder", "Payment", "OrderStatus", "Delivery", "StockLevel")


def load(d):
    runs, profiles = {s: [] for s in SIDES}, {}
    for f in sorted(glob.glob(os.path.join(d, "*.json"))):
        r = json.load(open(f))
        if r["kind"] == "mix":
            runs[r["side"]].append(r)
        else:
            profiles[(r["side"], r["kind"])] = r
    return runs, profiles


def per_txn(r):
    n = sum(r["attempts"].values())
    return n, {q: c / n for q, c in r["statements"].items()}


def short(q):
    q = re.sub(r"\s+", " ", q).strip()
    q = re.sub(r"(\(\$\d+(, \$\d+)*\),?\s*){2,}", "(...),... ", q)  # multi-row VALUES
    q = re.sub(r"\(\$\d+(, \$\d+){3,}\)", "($1..$n)", q)
    q = re.sub(r"\$\d+(, \$\d+){3,}", "$1..$n", q)
    return q if len(q) <= 96 else q[:93] + "..."


def medians(runs):
    print("\n== medians of the measured runs (mix 45/43/4/4/4)")
    med = {}
    for s in SIDES:
        rs = runs[s]
        if not rs:
            continue
        def m(f):
            return statistics.median(f(r) for r in rs)
        med[s] = {
            "tpmC": m(lambda r: r["tpmC"]),
            "tpmTotal": m(lambda r: r["tpmTotal"]),
            "cpu": m(lambda r: r["cpu"] / sum(r["attempts"].values()) * 1000),
            "stmts": m(lambda r: sum(r["statements"].values()) / sum(r["attempts"].values())),
        }
        x = med[s]
        each = ", ".join(f"{r['tpmC']:,.0f}" for r in rs)
        print(f"{s:<10} tpmC {x['tpmC']:9,.0f}  tpmTotal {x['tpmTotal']:9,.0f}  client CPU {x['cpu']:.3f} s per 1,000 txn"
              f"  statements/txn {x['stmts']:.2f}  ({len(rs)} runs; tpmC {each})")
    if len(med) == 2:
        o, b = med["dbharness"], med["benchbase"]
        print(f"ours/BenchBase: tpmC {o['tpmC'] / b['tpmC']:.2f}x, tpmTotal {o['tpmTotal'] / b['tpmTotal']:.2f}x, "
              f"client CPU per transaction {o['cpu'] / b['cpu']:.2f}x, statements per transaction {o['stmts'] / b['stmts']:.2f}x")


def profile(profiles):
    if not profiles:
        return
    print("\n== per transaction type, each alone (profile runs): statements and rows per transaction")
    for t in TYPES:
        have = [s for s in SIDES if (s, t) in profiles]
        if not have:
            continue
        print(f"\n-- {t}")
        totals, apart, rows = {}, {}, {}
        for s in have:
            r = profiles[(s, t)]
            n, calls = per_txn(r)
            kept = {q: c for q, c in calls.items() if c >= 0.01}
            apart[s] = sum(r["statements"][q] for q in calls if q not in kept)
            totals[s] = sum(kept.values())
            aborted = n - r["done"].get(t, 0)
            print(f"{s}: {n:,} attempts ({r['done'].get(t, 0):,} measured completions), client CPU "
                  f"{r['cpu'] / n * 1000:.3f} s per 1,000")
            for q, c in sorted(kept.items(), key=lambda kv: -kv[1]):
                print(f"   {c:6.2f}  {short(q)}")
            print(f"   {totals[s]:6.2f}  total statements per transaction ({apart[s]} set-up calls left out)")
            rows[s] = {tab: [v / n for v in vals] for tab, vals in r["tables"].items()}
        print("   rows per transaction, by table: read / inserted / updated / deleted" +
              ("   (dbharness | BenchBase)" if len(have) == 2 else ""))
        tabs = sorted({tab for s in have for tab, v in rows[s].items() if any(abs(x) >= 0.005 for x in v)})
        for tab in tabs:
            cells = []
            for s in have:
                v = rows[s].get(tab, [0, 0, 0, 0])
                cells.append(" / ".join(f"{x:7.2f}" for x in v))
            print(f"   {tab:<11} " + "  |  ".join(cells))


def main():
    runs, profiles = load(sys.argv[1])
    medians(runs)
    profile(profiles)


if __name__ == "__main__":
    main()
