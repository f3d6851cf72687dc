"""Import and export: all or nothing, never a crash, and export -> import -> export identical."""

import copy
import json

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from storage_support.builders import game_file, quiet_round, two_sides, winning_round

from canasta_score import storage
from canasta_score.core import (
    PRESETS,
    Game,
    Side,
    SideEntry,
    WentOut,
    apply_overrides,
    game_document,
)
from canasta_score.storage import backup_stream, importing

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def stored_rows(db):
    with db.engine.connect() as connection:
        return tuple(
            connection.exec_driver_sql(f"SELECT count(*) FROM {table}").scalar()
            for table in ("game", "side", "seat", "round", "change", "player")
        )


def imports_all_or_nothing(db, document):
    """Import a document: either every game lands, or nothing does and every problem is named."""
    before = stored_rows(db)
    games_before = len(storage.list_games(db=db, limit=10**6))
    try:
        ids = storage.import_document(db=db, document=document)
    except storage.ImportRefused as refused:
        assert refused.problems and all(isinstance(p, str) and p for p in refused.problems)
        assert not any("cannot be read (" in p for p in refused.problems), refused.problems
        assert stored_rows(db) == before
        event("refused")
        return None
    event("imported")
    assert len(storage.list_games(db=db, limit=10**6)) == games_before + len(ids)
    return ids


# --- any JSON at all --------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**12), max_value=10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=25,
)

small_numbers = st.integers(min_value=-20, max_value=1300) | st.sampled_from([0, 5, 50, 90, 1180])
cards = small_numbers | st.dictionaries(
    st.sampled_from(["jokers", "twos", "aces", "high", "low", "black_threes", "queens"]),
    st.integers(min_value=-2, max_value=60) | json_values,
    max_size=4,
)
entries = st.fixed_dictionaries(
    {},
    optional={
        "melded": cards,
        "hand": cards,
        "canastas": st.dictionaries(
            st.sampled_from(["natural", "mixed", "natural_aces", "mixed_aces", "wild", "x"]),
            st.integers(min_value=-1, max_value=20) | json_values,
            max_size=3,
        )
        | json_values,
        "red_threes": st.integers(min_value=-1, max_value=12) | json_values,
        "went_out": st.sampled_from([None, "normal", "concealed", "sideways"]) | json_values,
        "dealer_bonus": st.booleans() | json_values,
        "penalty": st.integers(min_value=-10, max_value=500) | json_values,
    },
)
sides = st.lists(
    st.fixed_dictionaries(
        {"name": st.text(max_size=6) | json_values},
        optional={"players": st.lists(st.text(max_size=5), max_size=4) | json_values},
    ),
    max_size=5,
)
game_like = st.fixed_dictionaries(
    {
        "rules": st.sampled_from([*PRESETS, "rummy"]) | json_values,
        "sides": sides | json_values,
        "rounds": st.lists(st.lists(entries | json_values, max_size=4), max_size=4) | json_values,
    },
    optional={
        "format": st.sampled_from(["canasta-score/1", "canasta-score/2"]) | json_values,
        "rule_overrides": st.dictionaries(
            st.sampled_from(["target", "packs", "red_threes", "going_out", "colour"]),
            json_values,
            max_size=2,
        )
        | json_values,
        "first_dealer": st.fixed_dictionaries(
            {"side": st.integers(-1, 4), "player": st.integers(-1, 3)}
        )
        | json_values,
        "created": st.sampled_from(["2026-01-02T03:04:05+00:00", "yesterday"]) | json_values,
        "archived": st.booleans() | json_values,
    },
)
backup_like = st.fixed_dictionaries(
    {
        "format": st.just(storage.BACKUP_FORMAT),
        "games": st.lists(game_like | st.just(game_file()), max_size=3) | json_values,
    }
)


@FUZZ
@given(document=json_values)
def test_any_json_at_all_is_imported_whole_or_refused_with_problems(db, document):
    imports_all_or_nothing(db, document)


@FUZZ
@given(document=game_like | backup_like)
def test_game_files_and_backups_of_every_shape_never_crash_or_half_import(db, document):
    imports_all_or_nothing(db, document)


@FUZZ
@given(
    path=st.lists(st.integers(min_value=0, max_value=6), min_size=1, max_size=5), value=json_values
)
def test_a_valid_backup_with_one_value_changed_imports_whole_or_not_at_all(db, path, value):
    document = {"format": storage.BACKUP_FORMAT, "games": [game_file(2), game_file(3)]}
    node = document["games"]
    for step in path:  # walk down to some value inside the document and replace it
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = keys[step % len(keys)]
        if isinstance(node[key], (dict, list)) and node[key] and step != path[-1]:
            node = node[key]
            continue
        node[key] = value
        break
    imports_all_or_nothing(db, document)


def test_a_backup_with_one_bad_game_imports_none_and_names_the_game(db):
    bad = game_file(1)
    bad["rounds"][0][0]["melded"] = 92
    with pytest.raises(storage.ImportRefused) as refused:
        storage.import_document(
            db=db, document={"format": storage.BACKUP_FORMAT, "games": [game_file(), bad]}
        )
    assert refused.value.problems == [
        'game 2: round 1, side "We": melded points must be a multiple of 5, got 92 '
        "(did you mean 90 or 95?)"
    ]
    assert storage.list_games(db=db) == []


def test_imported_games_keep_their_dates_and_archive_mark(db):
    document = game_file(2) | {
        "created": "2025-12-24T18:00:00+01:00",
        "updated": "2025-12-24T23:30:00+00:00",
        "archived": True,
    }
    [game_id] = storage.import_document(db=db, document=document)
    stored = storage.load_game(db=db, game_id=game_id)
    assert stored.created_at.isoformat() == "2025-12-24T17:00:00+00:00" and stored.archived
    assert [c.what for c in storage.changes(db=db, game_id=game_id)] == ["game imported"]
    assert storage.known_players(db=db)[:1] in (["Anna"], ["Ben"], ["Cleo"], ["Dan"])


# --- export, import, export -------------------------------------------------------------


@st.composite
def played_games(draw):
    preset = draw(st.sampled_from(sorted(PRESETS)))
    rules = PRESETS[preset]
    overrides = draw(
        st.sampled_from(
            [
                {},
                {"target": 3000},
                {"target": 1000, "going_out": 150},
                {"canasta_bonuses": {"natural": 600, "wild": 900}, "packs": 3},
                {"red_threes": [0, 150, 300, 450, 900], "opening_tiers": [[0, 40], [2000, 100]]},
            ]
        )
    )
    rules = apply_overrides(rules, overrides)[0]
    side_count = draw(st.integers(min_value=2, max_value=4))
    names = draw(
        st.lists(
            st.text(alphabet="abcdeéøäXYZ ", min_size=1, max_size=6).filter(str.strip),
            min_size=side_count * 3,
            max_size=side_count * 3,
        )
    )
    sides = tuple(
        Side(
            f"Side {index + 1}",
            tuple(n.strip() for n in names[index * 3 : index * 3 + draw(st.integers(1, 3))]),
        )
        for index in range(side_count)
    )
    game = Game(rules=rules, sides=sides, first_dealer=draw(st.integers(0, side_count - 1)))
    for _ in range(draw(st.integers(min_value=0, max_value=6))):
        if game.finished:
            break
        points = draw(st.sampled_from([0, 50, 120, 300]))
        entries = [SideEntry(melded=points, went_out=WentOut.NORMAL if points >= 300 else None)]
        if points >= 300:
            entries[0] = SideEntry(
                melded=points,
                canastas={"natural": rules.canastas_to_go_out},
                went_out=WentOut.NORMAL,
            )
        entries += [SideEntry(hand=draw(st.sampled_from([0, 5, 85]))) for _ in sides[1:]]
        game = game.add_round(entries)
    return game, draw(st.booleans())


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(games=st.lists(played_games(), min_size=1, max_size=4))
@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_export_import_export_gives_the_identical_document(tmp_path_factory, request, kind, games):
    folder = tmp_path_factory.mktemp("roundtrip")
    server = request.getfixturevalue("postgres_server") if kind == "postgresql" else None
    first = storage.open_database(server.new_database() if server else folder / "first.db")
    for game, archived in games:
        stored = storage.create_game(db=first, game=game)
        storage.archive_game(db=first, game_id=stored.id, archived=archived)
    exported = storage.export_all(db=first)
    second = storage.open_database(server.new_database() if server else folder / "second.db")
    ids = storage.import_document(db=second, document=copy.deepcopy(exported))
    assert json.dumps(storage.export_all(db=second)) == json.dumps(exported)
    assert [storage.export_game(db=second, game_id=i) for i in ids] == exported["games"]
    for game_id, document in zip(ids, exported["games"], strict=True):
        # the export straight from the stored facts is the core's game file, key for key
        extra = {k: document[k] for k in ("created", "updated", "archived", "uid")}
        loaded = storage.load_game(db=second, game_id=game_id).game
        assert json.dumps(game_document(loaded, extra)) == json.dumps(document)
    for original, game_id in zip(games, ids, strict=True):
        assert storage.load_game(db=second, game_id=game_id).game.totals == original[0].totals
    first.close()
    second.close()
    if server:
        server.drop_database(first.where)
        server.drop_database(second.where)


def test_one_exported_game_imports_back_to_the_same_game_file(db):
    stored = storage.create_game(db=db, game=two_sides())
    stored = storage.add_round(db=db, game_id=stored.id, entries=quiet_round(), expected_version=1)
    storage.add_round(db=db, game_id=stored.id, entries=winning_round(), expected_version=2)
    exported = storage.export_game(db=db, game_id=stored.id)
    assert exported["format"] == "canasta-score/1" and exported["rules"] == "classic"
    storage.delete_game(db=db, game_id=stored.id)  # else it is here already: nothing comes in
    [copy_id] = storage.import_document(db=db, document=exported)
    assert storage.export_game(db=db, game_id=copy_id) == exported


# --- restoring a backup file, read game by game ------------------------------------------


def outcome(action):
    try:
        return ("imported", len(action()))
    except storage.ImportRefused as refused:
        return ("refused", refused.problems)


@FUZZ
@given(
    document=backup_like | game_like | json_values,
    chunk=st.integers(min_value=1, max_value=80),
    indent=st.sampled_from([None, 1]),
)
def test_a_backup_file_read_game_by_game_gives_what_the_whole_document_gives(
    tmp_path_factory, document, chunk, indent
):
    folder = tmp_path_factory.mktemp("restore")
    path = folder / "backup.json"
    path.write_text(json.dumps(document, indent=indent), encoding="utf-8")
    whole = storage.open_database(folder / "whole.db")
    streamed = storage.open_database(folder / "streamed.db")
    expected = outcome(lambda: storage.import_document(db=whole, document=document, name=str(path)))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(backup_stream, "CHUNK", chunk)
        patch.setattr(importing, "BATCH", 2)
        found = outcome(lambda: storage.restore_backup(db=streamed, path=path))
    if expected[0] == "refused" and found[0] == "refused":
        # the file names its problems as the document does, or says it cannot be read at all
        assert found[1] == expected[1] or found[1][0].startswith(f"the backup {path} cannot")
    else:
        assert found == expected
    assert stored_rows(streamed)[0] == stored_rows(whole)[0]
    whole.close()
    streamed.close()


def test_a_restored_backup_exports_to_the_identical_document(tmp_path, monkeypatch, db):
    first = storage.open_database(tmp_path / "first.db")
    storage.import_document(
        db=first,
        document={"format": storage.BACKUP_FORMAT, "games": [game_file(n) for n in range(7)]},
    )
    exported = storage.export_all(db=first)
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    monkeypatch.setattr(backup_stream, "CHUNK", 13)  # games cut at every place
    monkeypatch.setattr(importing, "BATCH", 3)  # written in three batches
    assert storage.restore_backup(db=db, path=path) == list(range(1, 8))
    assert storage.export_all(db=db) == exported
    first.close()


def test_a_bad_last_game_of_a_big_backup_leaves_out_the_batches_written_before_it(
    tmp_path, monkeypatch, db
):
    monkeypatch.setattr(importing, "BATCH", 2)
    games = [game_file(1) for _ in range(9)]
    games[4]["rounds"][0][0]["melded"] = 92
    games[8]["sides"] = []
    path = tmp_path / "backup.json"
    path.write_text(json.dumps({"format": storage.BACKUP_FORMAT, "games": games}), encoding="utf-8")
    before = stored_rows(db)
    with pytest.raises(storage.ImportRefused) as refused:
        storage.restore_backup(db=db, path=path)
    assert [p.split(":")[0] for p in refused.value.problems][:1] == ["game 5"]
    assert any(p.startswith("game 9: ") for p in refused.value.problems)
    assert stored_rows(db) == before


def test_a_backup_whose_format_comes_after_its_games_is_still_restored(tmp_path, db):
    path = tmp_path / "backup.json"
    path.write_text(
        json.dumps({"games": [game_file(1)], "format": storage.BACKUP_FORMAT}), encoding="utf-8"
    )
    assert storage.restore_backup(db=db, path=path) == [1]


def test_a_backup_that_is_not_json_is_refused_as_before(tmp_path):
    path = tmp_path / "backup.json"
    path.write_text('{"format": "canasta-score-backup/1", "games": [{"rules": ', encoding="utf-8")
    db = storage.open_database(tmp_path / "games.db")
    with pytest.raises(storage.ImportRefused) as refused:
        storage.restore_backup(db=db, path=path)
    assert refused.value.problems == [
        f"the backup {path} cannot be read: Expecting value: line 1 column 58 (char 57)"
    ]
    assert storage.list_games(db=db) == []
    db.close()
