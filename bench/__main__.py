"""Print the performance tables of docs/performance.md.

``python -m bench [--quick]``, ``python -m bench ai``, ``python -m bench agora``, ``python -m bench suggest``,
``python -m bench community``, ``python -m bench load``, ``python -m bench scale``, ``python -m bench commentary``,
``python -m bench puzzles``.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import sys

from bench.engines import CUT_PLIES, measure, profile_top
from rules import GAMES

# The parts that read their own arguments, imported only when asked for (some load the AI or a database).
PARTS = {
    "ai": "bench.ai", "agora": "bench.agora", "load": "bench.load", "community": "bench.community",
    "scale": "bench.scale", "commentary": "bench.commentary", "puzzles": "bench.puzzles",
}  # fmt: skip


def main() -> None:
    if sys.argv[1:2] and sys.argv[1] in PARTS:
        importlib.import_module(PARTS[sys.argv[1]]).main(sys.argv[2:])
        return
    if sys.argv[1:2] == ["suggest"]:
        from bench.suggest import main as suggest_main

        suggest_main()
        return
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("part", nargs="?", choices=("all", "tournament"), default="all", help="what to measure")
    parser.add_argument("--quick", action="store_true", help="shorter runs (rougher figures)")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games")
    parser.add_argument("--profile", action="store_true", help="only the top three profile lines per game")
    parser.add_argument("--engines", action="store_true", help="boards and engines only, no interaction latency")
    args = parser.parse_args()
    if args.part == "tournament":
        from bench.tournament import print_tournament

        print_tournament()
        return
    budget = 0.5 if args.quick else 2.0
    games = args.game or sorted(GAMES)
    if args.profile:
        for game_id in games:
            print("\n".join(profile_top(game_id, budget)), end="\n\n")
        return
    figures = [f for game_id in games for f in measure(game_id, budget_s=budget)]
    print("| game | setup | render median | render p99 | PNG |")
    print("|---|---|---|---|---|")
    for f in figures:
        print(f"| {f.game} | {f.setup} | {f.render_median_ms:.1f} ms | {f.render_p99_ms:.1f} ms | {f.png_kb:.0f} KB |")
    print(f"\n| game | setup | plies/s | random playouts/s | playouts/s cut at {CUT_PLIES} plies |")
    print("|---|---|---|---|---|")
    for f in figures:
        print(
            f"| {f.game} | {f.setup} | {f.plies_per_second:,.0f} | {f.playouts_per_second:,.1f} | "
            f"{f.cut_playouts_per_second:,.1f} |"
        )
    if args.engines:
        return
    from bench.latency import print_latency

    asyncio.run(print_latency(quick=args.quick))


if __name__ == "__main__":
    main()
