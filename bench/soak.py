"""The referee's long differential soak (`make soak`, `python -m bench.soak [--games N] [--seed S]`): random legal
games in every variant where mutants of each offered command must be refused unless they do what an offered
command does (companion/origami/mutants.py); then Origin Story's solo rounds, recorded and written as round files
with one field altered, judged by the file verbs and by the engine alike (companion/origin/mutants.py). The seed is
printed first: a failure is replayed with `--seed`. Exit 1 when a disagreement is found, each one printed."""
from __future__ import annotations

import argparse
import random
import sys
import time

from companion.origami.catalogue import shipped
from companion.origami.mutants import soak
from companion.origami.playout import filled
from companion.origin.mutants import soak as origin_soak


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.soak", description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="games to play (default 300)")
    parser.add_argument("--origin-games", type=int, default=40, help="Origin Story solo games (default 40)")
    parser.add_argument("--seed", type=int, default=None, help="the seed to replay (default: a new one)")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"mutant soak, seed {seed} ({args.games} games)", flush=True)
    start = time.perf_counter()
    found = soak(filled(shipped()), seed, args.games)
    print(f"{found.line()}; {time.perf_counter() - start:.0f} s")
    for problem in found.problems:
        print(f"  {problem}")
    start = time.perf_counter()
    files = origin_soak(seed, args.origin_games)
    print(f"{files.line()}; {time.perf_counter() - start:.0f} s")
    for problem in files.problems:
        print(f"  {problem}")
    return 1 if found.problems or files.problems else 0


if __name__ == "__main__":
    sys.exit(main())
