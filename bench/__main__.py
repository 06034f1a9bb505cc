"""Print the performance table of the README: ``python -m bench [--quick]``."""

from __future__ import annotations

import argparse
import asyncio

from bench.engines import measure
from rules import GAMES


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--quick", action="store_true", help="shorter runs (rougher figures)")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games")
    args = parser.parse_args()
    budget = 0.5 if args.quick else 2.0
    games = args.game or sorted(GAMES)
    print("| game | setup | render median | render p99 | PNG | engine moves/s | random playouts/s |")
    print("|---|---|---|---|---|---|---|")
    for game_id in games:
        for f in measure(game_id, budget_s=budget):
            print(
                f"| {f.game} | {f.setup} | {f.render_median_ms:.1f} ms | {f.render_p99_ms:.1f} ms | "
                f"{f.png_kb:.0f} KB | {f.moves_per_second:,.0f} | {f.playouts_per_second:,.1f} |"
            )
    from bench.latency import print_latency

    asyncio.run(print_latency(quick=args.quick))


if __name__ == "__main__":
    main()
