"""The home screen's first look at the file (`storage.first_look`, sqlite3 alone): the same
game in play and the same first page as the database gives, or nothing where the file needs
more than reading; and a store that draws home from it opens the database at its first use."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from storage_support.builders import (
    database_at,
    quiet_round,
    two_sides,
    wait_for_summaries,
    winning_round,
)

from canasta_score import storage
from canasta_score.core import CLASSIC, Game, Side
from canasta_score.storage.file_check import read_only_uri
from canasta_score.storage.home_file import first_look
from canasta_score.storage.revision import SUMMARIES_KEY
from canasta_score.storage.settings import set_setting


def games_of_every_kind(path: Path) -> dict[str, int]:
    """A file with games in play, finished, archived, deleted, of three sides and of the
    players' own rule set; their ids by kind."""
    db = storage.open_database(path)
    try:
        ids: dict[str, int] = {}
        finished = storage.create_game(db=db, game=two_sides())
        storage.add_round(db=db, game_id=finished.id, entries=winning_round(), expected_version=1)
        ids["finished"] = finished.id
        three = Game(
            rules=CLASSIC,
            sides=(Side("Anna", ("Anna",)), Side("Ben", ("Ben",)), Side("Cleo", ("Cleo",))),
        )
        ids["three sides"] = storage.create_game(db=db, game=three).id
        own = dataclasses.replace(CLASSIC, id="custom", name="Grandma's", target=3000)
        ids["own rules"] = storage.create_game(db=db, game=two_sides(own)).id
        archived = storage.create_game(db=db, game=two_sides())
        storage.archive_game(db=db, game_id=archived.id)
        ids["archived"] = archived.id
        deleted = storage.create_game(db=db, game=two_sides())
        storage.delete_game(db=db, game_id=deleted.id)
        ids["deleted"] = deleted.id
        in_play = storage.create_game(db=db, game=two_sides(names=("Eva", "Finn", "Gus", "Hal")))
        storage.add_round(db=db, game_id=in_play.id, entries=quiet_round(), expected_version=1)
        ids["in play"] = in_play.id
        # Played last of all, though not the newest: the game in play is the last one played.
        storage.add_round(
            db=db, game_id=ids["three sides"], entries=quiet_round()[:1] * 3, expected_version=1
        )
        wait_for_summaries(db)
        return ids
    finally:
        db.close()


@pytest.mark.parametrize("limit", [2, 4, 5, 30])
def test_the_first_look_is_what_the_database_gives(tmp_path: Path, limit: int) -> None:
    path = tmp_path / "games.db"
    games_of_every_kind(path)
    look = first_look(path, limit)
    db = storage.open_database(path)
    try:
        assert look is not None
        assert look.unfinished == storage.unfinished_game(db=db)
        assert look.first_page == storage.history_page(db=db, limit=limit)
    finally:
        db.close()


def test_the_first_look_holds_the_game_last_played_and_pages_on_after_the_last_shown(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.db"
    ids = games_of_every_kind(path)
    look = first_look(path, 2)
    assert look is not None and look.unfinished is not None
    assert look.unfinished.id == ids["three sides"]
    assert [game.id for game in look.first_page.games] == [ids["in play"], ids["archived"]]
    assert look.first_page.next is not None
    assert look.first_page.next.game_id == ids["archived"]
    everything = first_look(path, 30)
    assert everything is not None and everything.first_page.next is None
    assert ids["deleted"] not in {game.id for game in everything.first_page.games}


def test_an_empty_file_of_this_version_is_looked_at_too(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    db = storage.open_database(path)
    wait_for_summaries(db)
    db.close()
    look = first_look(path, 30)
    assert look is not None
    assert (look.unfinished, look.first_page) == (None, storage.HistoryPage([], None))


def test_where_there_is_no_file_yet_the_first_look_is_no_game_and_the_first_use_makes_it(
    tmp_path: Path,
) -> None:
    from canasta_score.ui.store import HISTORY_PAGE, GameStore

    path = tmp_path / "games.db"
    store = GameStore(str(path), look_first=True)
    assert store.unfinished_game() is None
    assert store.history_page(storage.EVERY_GAME, limit=HISTORY_PAGE) == storage.HistoryPage(
        [], None
    )
    assert not path.exists() and not store.later.opened
    created = store.create_game(two_sides())
    assert path.exists() and store.unfinished_game().id == created.id
    assert store.notice is None
    store.close()


def older_schema(path: Path) -> None:
    database_at(path, "0008")


def summaries_of_an_older_version(path: Path) -> None:
    games_of_every_kind(path)
    db = storage.open_database(path)
    wait_for_summaries(db)
    set_setting(db=db, key=SUMMARIES_KEY, value="0.0.1")
    db.close()


def damaged(path: Path) -> None:
    games_of_every_kind(path)
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the first page's tables, overwritten
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    "make",
    [
        lambda path: path.write_bytes(b""),
        lambda path: path.write_text("not a database", encoding="utf-8"),
        older_schema,
        summaries_of_an_older_version,
        damaged,
    ],
    ids=["empty", "not sqlite", "older schema", "older summaries", "damaged"],
)
def test_a_file_that_needs_more_than_reading_gets_no_first_look(tmp_path: Path, make) -> None:
    path = tmp_path / "games.db"
    make(path)
    before = path.read_bytes() if path.exists() else None
    assert first_look(path, 30) is None
    assert (path.read_bytes() if path.exists() else None) == before  # nothing changed


FOLDERS_A_URI_ESCAPES = ["a b", "50% off", "what?", "no #1", "Käsi ja jäännös", "x;y=z&w"]


@pytest.mark.parametrize("folder", FOLDERS_A_URI_ESCAPES)
def test_a_file_in_a_folder_whose_name_a_uri_escapes_is_looked_at_only_reading(
    tmp_path: Path, folder: str
) -> None:
    path = tmp_path / folder / "games.db"
    path.parent.mkdir()
    games_of_every_kind(path)
    before = path.read_bytes()
    look = first_look(path, 30)
    assert look is not None and look.unfinished is not None
    assert len(look.first_page.games) == 5
    assert path.read_bytes() == before
    # Written as Path.as_uri() writes it (no urllib.request needed for it).
    assert read_only_uri(path) == f"{path.resolve().as_uri()}?mode=ro"


def run_python(code: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


ORM = "('sqlalchemy', 'sqlmodel', 'pydantic', 'alembic')"


def test_home_is_read_before_the_database_is_opened_and_it_opens_at_the_next_use(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.db"
    ids = games_of_every_kind(path)
    said = run_python(
        f"""
        import sys
        from canasta_score.storage import EVERY_GAME
        from canasta_score.ui.store import HISTORY_PAGE, GameStore
        import canasta_score.ui.shell, canasta_score.ui.views.home  # the home screen's code

        def loaded():
            return sorted({{m.split('.')[0] for m in sys.modules}} & set({ORM}))

        store = GameStore({str(path)!r}, look_first=True)
        print(store.unfinished_game().id, len(store.history_page(EVERY_GAME).games))
        print(store.history_page(EVERY_GAME, limit=HISTORY_PAGE).games[0].id)
        print(store.notice, store.backup_to_offer, loaded())
        # Nor the web's modules (Path.as_uri imports them in Python 3.14).
        print(sorted(set(sys.modules) & {{'urllib.request', 'http.client', 'email.message'}}))
        print(len(store.known_players()), loaded())
        """
    ).splitlines()
    assert said[0] == f"{ids['three sides']} 5"
    assert said[1] == str(ids["in play"])
    assert said[2] == "None None []"  # the home screen without SQLAlchemy, SQLModel, pydantic
    assert said[3] == "[]"
    assert said[4] == "8 ['pydantic', 'sqlalchemy', 'sqlmodel']"  # opened: no migration due


def test_once_opened_the_store_reads_the_database_and_its_copies_share_it(tmp_path: Path) -> None:
    from canasta_score.ui.store import HISTORY_PAGE, GameStore

    path = tmp_path / "games.db"
    games_of_every_kind(path)
    store = GameStore(str(path), look_first=True)
    told = store.telling(lambda _game_id: None)  # a page's copy
    assert store.later.look is not None
    created = told.create_game(two_sides(names=("Ida", "Jon", "Kai", "Lea")))
    assert store.later.opened and store.later.look is None and store.db is told.db
    assert store.unfinished_game().id == created.id
    first = store.history_page(storage.EVERY_GAME, limit=HISTORY_PAGE).games[0]
    assert first.id == created.id
    store.close()


def test_a_file_that_needs_opening_is_opened_at_once_and_says_what_opening_found(
    tmp_path: Path,
) -> None:
    from canasta_score.ui.store import GameStore

    path = tmp_path / "games.db"
    path.write_text("not a database", encoding="utf-8")
    store = GameStore(str(path), look_first=True)
    assert store.later.opened
    assert store.notice is not None
    assert store.notice.code == storage.NoticeCode.DATABASE_MOVED_ASIDE
    store.close()
