"""The stored games always equal the same changes made to the core's Games in memory, on a
SQLite file and on PostgreSQL.

A Hypothesis state machine adds, edits, deletes and undoes rounds (valid and impossible ones,
from up-to-date and from stale screens), deletes and restores games, and after every step
compares the database with a plain model kept through the core alone.
"""

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from storage_support.builders import two_sides

from canasta_score import storage
from canasta_score.core import (
    CLASSIC,
    FINNISH,
    RoundRefused,
    SideEntry,
    WentOut,
    apply_overrides,
    read_game,
)

points = st.sampled_from([0, 5, 50, 90, 120, 455, 92])  # 92 is never a valid entry


@st.composite
def rounds(draw):
    """A round of two entries; now and then impossible, now and then going out."""
    melded = draw(points)
    going_out = draw(st.booleans()) and melded >= 455
    first = SideEntry(
        melded=melded,
        canastas={"natural": 1} if going_out else {},
        went_out=WentOut.NORMAL if going_out else None,
        red_threes=draw(st.integers(0, 2)),
    )
    second = SideEntry(melded=draw(points), hand=draw(points))
    return [first, second]


class StoredGamesMatchTheCore(RuleBasedStateMachine):
    games = Bundle("games")

    @initialize()
    def open_a_database(self):
        self.folder = tempfile.TemporaryDirectory()
        self.db = storage.open_database(Path(self.folder.name) / "games.db")
        self.model = {}  # id -> (Game, version)
        self.deleted = {}

    def teardown(self):
        self.db.close()
        self.folder.cleanup()

    @rule(target=games, low_target=st.booleans())
    def create(self, low_target):
        rules = apply_overrides(FINNISH, {"target": 1000})[0] if low_target else CLASSIC
        stored = storage.create_game(db=self.db, game=two_sides(rules=rules))
        self.model[stored.id] = (stored.game, stored.version)
        return stored.id

    def change(self, game_id, in_memory, in_storage):
        """Make one change in the model and in the database: both refuse or both accept."""
        if game_id not in self.model:
            return
        game, version = self.model[game_id]
        try:
            expected = in_memory(game)
        except RoundRefused as refused:
            try:
                in_storage(version)
            except RoundRefused as also:
                assert [str(p) for p in also.problems] == [str(p) for p in refused.problems]
                return
            raise AssertionError("the database accepted what the core refused") from None
        stored = in_storage(version)
        assert stored.game.rounds == expected.rounds
        assert stored.version == version + 1
        self.model[game_id] = (expected, stored.version)

    @rule(game_id=games, entries=rounds())
    def add(self, game_id, entries):
        self.change(
            game_id,
            lambda game: game.add_round(entries),
            lambda version: storage.add_round(
                db=self.db, game_id=game_id, entries=entries, expected_version=version
            ),
        )

    @rule(game_id=games, number=st.integers(1, 6), entries=rounds())
    def edit(self, game_id, number, entries):
        self.change(
            game_id,
            lambda game: game.replace_round(number, entries),
            lambda version: storage.replace_round(
                db=self.db,
                game_id=game_id,
                round_number=number,
                entries=entries,
                expected_version=version,
            ),
        )

    @rule(game_id=games, number=st.integers(1, 6))
    def delete_a_round(self, game_id, number):
        self.change(
            game_id,
            lambda game: game.remove_round(number),
            lambda version: storage.delete_round(
                db=self.db, game_id=game_id, round_number=number, expected_version=version
            ),
        )

    @rule(game_id=games)
    def undo(self, game_id):
        def in_memory(game):
            if not game.rounds:
                raise RoundRefused([])
            return game.remove_round(len(game.rounds))

        if game_id in self.model and not self.model[game_id][0].rounds:
            return  # both refuse; the messages differ in kind (nothing to undo)
        self.change(
            game_id,
            in_memory,
            lambda version: storage.undo_last_round(
                db=self.db, game_id=game_id, expected_version=version
            ),
        )

    @precondition(lambda self: self.model)
    @rule(game_id=games, entries=rounds(), behind=st.integers(1, 3))
    def a_stale_screen_changes_nothing(self, game_id, entries, behind):
        if game_id not in self.model:
            return
        _, version = self.model[game_id]
        try:
            storage.add_round(
                db=self.db, game_id=game_id, entries=entries, expected_version=version - behind
            )
        except storage.StaleGame:
            return
        raise AssertionError("a stale write was saved")

    @rule(game_id=games)
    def delete_the_game(self, game_id):
        if game_id in self.model:
            storage.delete_game(db=self.db, game_id=game_id)
            self.deleted[game_id] = self.model.pop(game_id)

    @rule(game_id=games)
    def restore_the_game(self, game_id):
        if game_id in self.deleted:
            storage.restore_game(db=self.db, game_id=game_id)
            self.model[game_id] = self.deleted.pop(game_id)

    @invariant()
    def every_game_is_stored_as_the_core_has_it(self):
        if not hasattr(self, "db"):
            return
        for game_id, (game, version) in self.model.items():
            stored = storage.load_game(db=self.db, game_id=game_id)
            assert stored.game.rounds == game.rounds and stored.version == version
            exported, problems = read_game(storage.export_game(db=self.db, game_id=game_id))
            assert problems == [] and exported.totals == game.totals

    @invariant()
    def the_list_shows_the_totals_the_core_derives(self):
        if not hasattr(self, "db"):
            return
        listed = {s.id: s for s in storage.list_games(db=self.db, limit=1000)}
        assert set(listed) == set(self.model)
        for game_id, (game, _) in self.model.items():
            summary = listed[game_id]
            assert summary.totals == list(game.totals)
            assert (summary.finished, summary.winner) == (game.finished, game.winner)
            assert summary.rounds == len(game.rounds)


StoredGamesMatchTheCore.TestCase.settings = settings(
    max_examples=15,
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_stored_games_match_the_same_changes_made_to_the_core = StoredGamesMatchTheCore.TestCase


def test_stored_games_match_the_core_on_postgresql_too(postgres_server):
    class OnServer(StoredGamesMatchTheCore):
        @initialize()
        def open_a_database(self):
            self.url = postgres_server.new_database()
            self.db = storage.open_database(self.url)
            self.model = {}
            self.deleted = {}

        def teardown(self):
            self.db.close()
            postgres_server.drop_database(self.url)

    run_state_machine_as_test(OnServer, settings=StoredGamesMatchTheCore.TestCase.settings)
