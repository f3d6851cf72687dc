"""Several server processes on one PostgreSQL database share one live table: a change saved
through one is heard by the others (LISTEN / NOTIFY), and after a lost connection each listens
again and has its screens read everything again. A SQLite file is one process's alone."""

import queue

import pytest
from storage_support.builders import quiet_round, two_sides

from canasta_score.ui.news import DATABASE_TOPIC, GAMES_TOPIC, RELOAD_TOPIC, game_topic
from canasta_score.ui.store import GameStore

WAIT = 30  # seconds: a state awaited with room for a loaded machine


class Phones:
    """What a process's phones are told through the pubsub hub, in order."""

    def __init__(self):
        self.told = queue.Queue()

    def send_all_on_topic(self, topic, message):
        self.told.put((topic, message))

    def next(self):
        return self.told.get(timeout=WAIT)

    def nothing_more(self):
        return self.told.empty()


@pytest.fixture
def two_processes(postgres_server):
    url = postgres_server.new_database()
    first, second = GameStore(url), GameStore(url)
    phones = Phones(), Phones()
    for store, told in zip((first, second), phones, strict=True):
        store.listen_to_others(told)
        assert store._listener.wait_listening(WAIT)
    yield (first, second), phones
    for store in (first, second):
        store.close()
    postgres_server.drop_database(url)


def test_a_round_saved_through_one_process_is_told_to_the_phones_of_the_other(two_processes):
    (first, second), (first_phones, second_phones) = two_processes
    game = first.create_game(two_sides())
    assert second_phones.next() == (game_topic(game.id), game.id)
    assert second_phones.next() == (GAMES_TOPIC, game.id)
    second.add_round(game.id, quiet_round(), version=1)  # and the other way round
    assert first_phones.next() == (game_topic(game.id), game.id)
    assert first.load_game(game.id).version == 2
    assert first_phones.next() == (GAMES_TOPIC, game.id)
    # a process's own change goes to its phones through Flet's pubsub alone, not twice
    assert first_phones.nothing_more()


def test_after_the_database_was_restarted_each_process_listens_again_and_reloads(
    two_processes, postgres_server
):
    (first, second), (first_phones, second_phones) = two_processes
    game = first.create_game(two_sides())
    second_phones.next(), second_phones.next()
    postgres_server.restart()
    for phones in (first_phones, second_phones):  # out of reach, back, read everything again
        assert phones.next() == (DATABASE_TOPIC, False)
        assert phones.next() == (DATABASE_TOPIC, True)
        assert phones.next() == (RELOAD_TOPIC, None)
    second.add_round(game.id, quiet_round(), version=1)  # the pool finds its new connections
    assert first_phones.next() == (game_topic(game.id), game.id)


def test_a_file_s_store_listens_to_no_one(tmp_path):
    store = GameStore(str(tmp_path / "games.db"))
    phones = Phones()
    store.listen_to_others(phones)
    assert store._listener is None
    store.create_game(two_sides())
    assert phones.nothing_more()
    store.close()
