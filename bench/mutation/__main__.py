"""Score the engines' tests by mutation: ``nice -n 10 python -m bench.mutation [--engine kouba]``.

Prints each mutant's fate, then per engine the score and the survivors not listed as
equivalent. Exits with status 1 when a survivor is unlisted or a score is under the target.
"""

from __future__ import annotations

import argparse
import dataclasses
import threading

from bench.mutation.run import Settings, report, sample, score_engine


def main() -> None:
    settings = Settings.load()
    parser = argparse.ArgumentParser(prog="python -m bench.mutation")
    parser.add_argument("--engine", choices=settings.engines, action="append", help="only these engines")
    parser.add_argument("--workers", type=int, choices=(1, 2), default=settings.workers)
    parser.add_argument("--sample", type=int, default=settings.sample, help="mutants per engine")
    parser.add_argument("--seed", type=int, default=settings.seed)
    parser.add_argument("--list", action="store_true", help="print the sample without running it")
    parser.add_argument("--line", type=int, action="append", help="only the sampled mutants on these lines")
    args = parser.parse_args()
    settings = dataclasses.replace(settings, sample=args.sample, seed=args.seed)
    engines = args.engine or list(settings.engines)
    if args.list:
        for engine in engines:
            for mutant in sample(settings, engine):
                print(f"{engine} {mutant.place():32} {mutant.operator:8} {mutant.key}")
        return
    lock = threading.Lock()

    def say(line: str) -> None:
        with lock:
            print(line, flush=True)

    lines = frozenset(args.line or ())
    scores = [score_engine(settings, engine, args.workers, say, lines) for engine in engines]
    print()
    for score in scores:
        for line in report(score):
            print(line)
    failed = any(s.survivors() or s.errors() or 100 * s.value() < settings.min_score for s in scores)
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
