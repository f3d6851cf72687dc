"""A child program for the kill test: changes rounds as fast as it can, confirming each save.

Usage: python burst_writer.py DATABASE. It adds rounds, now and then edits an earlier one or
undoes the last, and prints (flushed) `saved GAME ROUND MELDED` after each committed round,
and `undoing GAME ROUND` *before* an undo, so the parent never counts on a round being undone.
Edits change only the hand points, which the parent does not check.
"""

import sys

from builders import quiet_round, two_sides

from canasta_score import storage
from canasta_score.core import SideEntry


def main(path: str) -> None:
    db = storage.open_database(path)
    print("ready", flush=True)
    step = 0
    while True:
        summary = storage.unfinished_game(db=db)
        if summary is None:
            stored = storage.create_game(db=db, game=two_sides())
        else:
            stored = storage.load_game(db=db, game_id=summary.id)
        while not stored.game.finished:
            step += 1
            rounds = len(stored.game.rounds)
            if step % 9 == 0 and rounds:
                print(f"undoing {stored.id} {rounds}", flush=True)
                stored = storage.undo_last_round(
                    db=db, game_id=stored.id, expected_version=stored.version
                )
                continue
            if step % 5 == 0 and rounds > 1:
                earlier = stored.game.rounds[rounds - 2]
                stored = storage.replace_round(
                    db=db,
                    game_id=stored.id,
                    round_number=rounds - 1,
                    entries=[SideEntry(melded=earlier[0].melded, hand=5), earlier[1]],
                    expected_version=stored.version,
                )
                continue
            number = rounds + 1
            melded = 50 + 5 * (number % 7)
            stored = storage.add_round(
                db=db,
                game_id=stored.id,
                entries=quiet_round(melded),
                expected_version=stored.version,
            )
            print(f"saved {stored.id} {number} {melded}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
