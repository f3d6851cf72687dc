"""A child program for the kill test: saves rounds as fast as it can, confirming each one.

Usage: python burst_writer.py DATABASE. After every committed round it prints
`saved GAME ROUND MELDED` and flushes, so the parent knows which saves were confirmed.
"""

import sys

from builders import quiet_round, two_sides

from canasta_score.storage import repository as repo


def main(path: str) -> None:
    db = repo.open_database(path)
    print("ready", flush=True)
    while True:
        summary = repo.unfinished_game(db=db)
        if summary is None:
            stored = repo.create_game(db=db, game=two_sides())
        else:
            stored = repo.load_game(db=db, game_id=summary.id)
        while not stored.game.finished:
            number = len(stored.game.rounds) + 1
            melded = 50 + 5 * (number % 7)
            stored = repo.add_round(
                db=db,
                game_id=stored.id,
                entries=quiet_round(melded),
                expected_version=stored.version,
            )
            print(f"saved {stored.id} {number} {melded}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
