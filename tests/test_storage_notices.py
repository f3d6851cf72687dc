"""What storage tells a player (a database moved aside, a file it cannot use, an import it
refuses) is data: a code and what fills it, worded in each phone's language where it is shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from examples import game_file
from test_ui_screens import PageStandIn, texts

from canasta_score import storage
from canasta_score.core import PRESETS, Game, Side
from canasta_score.i18n import LANGUAGES, translator
from canasta_score.storage import Notice, NoticeCode, StorageError
from canasta_score.storage.notices import TEMPLATES
from canasta_score.ui import unusable_database_text
from canasta_score.ui.shell import App
from canasta_score.ui.store import GameStore, ImportRefused
from canasta_score.ui.views.settings import Picked, SettingsScreen

GERMAN = translator("de")


def test_every_notice_code_has_its_english_words():
    assert set(TEMPLATES) == set(NoticeCode)


def test_a_notice_inside_a_notice_is_worded_in_the_same_language():
    why = Notice(NoticeCode.DAMAGED_AND_MORE, {"reason": "page 7", "more": 1})
    notice = Notice(
        NoticeCode.DATABASE_MOVED_ASIDE, {"path": "a.db", "why": why, "aside": "a.db.x"}
    )
    assert str(notice).startswith(
        "The game database a.db could not be opened: it is damaged (page 7 and 1 more problem)."
    )
    assert GERMAN.said(notice).startswith(
        "Die Spieldatenbank a.db ließ sich nicht öffnen: "
        "die Datei ist beschädigt (page 7 und 1 weiteres Problem). Sie wurde nach a.db.x verschoben"
    )


def test_a_damaged_database_is_told_and_its_backup_offered_in_the_phones_language(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.db"
    store = GameStore(str(path))
    sides = (Side("We", ("Anna",)), Side("They", ("Ben",)))
    store.create_game(Game(rules=PRESETS["classic"], sides=sides))
    assert storage.backup_now(db=store.db) is not None
    store.db.close()
    path.write_bytes(b"this is not a database " * 100)
    store = GameStore(str(path))
    [aside] = tmp_path.glob("games.db.unreadable-*")
    backup = store.db.backup_to_offer
    assert backup is not None
    app = App(PageStandIn(), store)  # type: ignore[arg-type]
    app.tr = GERMAN
    app.tell_about_opening()
    (dialog,) = app.page.dialogs
    said = " ".join(texts(dialog))
    assert (
        f"Die Spieldatenbank {path} ließ sich nicht öffnen: die Datei ist keine SQLite-Datenbank. "
        f"Sie wurde nach {aside} verschoben (nichts wurde gelöscht), und eine neue, leere "
        f"Datenbank wurde angelegt. Die neueste automatische Sicherung, {backup.name}, lässt sich "
        "wiederherstellen."
    ) in said
    assert "could not be opened" not in said
    store.db.close()


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_a_folder_named_as_the_database_is_explained_in_the_devices_language(
    tmp_path: Path, language: str
) -> None:
    with pytest.raises(StorageError) as refused:
        storage.open_database(tmp_path)
    tr = translator(language)
    shown = " ".join(texts(unusable_database_text(refused.value.notice, tr)))
    assert tr.said(refused.value.notice) in shown
    assert str(tmp_path) in shown and str(tmp_path / "canasta-score.db") in shown
    assert "is a folder" not in shown and str(refused.value) not in shown
    assert "is a folder, not a database file" in str(refused.value), "English for the log"


@pytest.fixture
def settings(tmp_path: Path) -> SettingsScreen:
    store = GameStore(str(tmp_path / "games.db"))
    app = App(PageStandIn(), store)  # type: ignore[arg-type]
    app.tr = GERMAN
    screen = SettingsScreen(app, "/settings")
    screen.build()
    return screen


def backup_of(*games: object) -> bytes:
    return json.dumps({"format": "canasta-score-backup/1", "games": list(games)}).encode()


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (
            b"\xff\xfe\x00garbage",
            "datei.json ist keine Textdatei (ungültiges Byte am Anfang eines Zeichens)",
        ),
        (
            b'{"format": ',
            "datei.json ist kein gültiges JSON: Wert erwartet in Zeile 1, Spalte 12",
        ),
        (b"[" * 100_000, "datei.json ist keine Spieldatei: das JSON ist zu tief verschachtelt"),
        (
            b'{"shopping": ["milk"]}',
            "datei.json ist weder eine Spieldatei noch eine Sicherung von Canasta Score",
        ),
        (
            b'{"format": "canasta-score-backup/1", "games": "none"}',
            "die Spiele einer Sicherung müssen eine Liste von Spieldateien sein, "
            "erhalten: ein Text",
        ),
        (
            backup_of(game_file(), {**game_file(), "archived": "yes"}),
            'Spiel 2: archived muss true oder false sein, erhalten: "yes"',
        ),
        (
            backup_of({**game_file(), "created": "gestern"}),
            "Spiel 1: created muss ein Datum mit Uhrzeit sein, etwa 2026-11-29T21:36:32+00:00, "
            'erhalten: "gestern"',
        ),
    ],
)
def test_a_file_the_store_refuses_is_explained_in_the_phones_language(
    settings: SettingsScreen, data: bytes, reason: str
) -> None:
    settings.show_outcome(*settings.bring_in(Picked("datei.json", len(data), data)))
    if reason.startswith("datei.json"):  # the file named once, by its reason
        assert settings.outcome.value == f"{reason}; nichts wurde importiert."
    else:
        assert settings.outcome.value.split("\n") == [
            GERMAN._("Nothing was imported from {name}:").format(name="datei.json"),
            reason,
        ]


def test_a_refusal_keeps_its_english_for_the_log(tmp_path: Path) -> None:
    store = GameStore(str(tmp_path / "games.db"))
    with pytest.raises(ImportRefused) as refused:
        store.import_bytes(b"\xff\xfe\x00garbage", "datei.json")
    [detail] = refused.value.details
    assert detail.problem == Notice(
        NoticeCode.NOT_TEXT, {"path": "datei.json", "reason": "invalid start byte"}
    )
    assert refused.value.problems == ["datei.json is not a text file (invalid start byte)"]


@pytest.mark.parametrize(
    "url", ["postgresql://u:secret@host:abc/db", "postgresql+psycopg://u@[::1/db"]
)
def test_a_malformed_database_url_reaching_the_server_is_said_on_the_page(url: str) -> None:
    from canasta_score.ui import start

    page = PageStandIn()
    page.controls = []
    page.add = page.controls.append
    start(page, db_path=url)  # type: ignore[arg-type]
    shown = " ".join(texts(page.controls[0]))
    assert "The games cannot be opened" in shown and "cannot be used" in shown
    assert "u:***@host:abc" in shown or "[::1" in shown
    assert "secret" not in shown


@pytest.mark.parametrize(
    "data",
    [b"", b'{"format": 1,}', b'{"a" 1}', b'"abc', b"[1] 2", b"\xff\xfe\x00", b"\xc3"],
    ids=["empty", "trailing-comma", "no-colon", "unended", "extra", "not-text", "cut"],
)
@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_the_json_readers_own_reason_is_said_in_the_phones_language(
    tmp_path: Path, data: bytes, language: str
) -> None:
    """Reviewed in German: "…kein gültiges JSON: Expecting value in Zeile 1, Spalte 61" and
    "(invalid start byte)": the reader's reasons were left in English."""
    from canasta_score.storage.notices import READER_REASONS

    store = GameStore(str(tmp_path / "games.db"))
    with pytest.raises(ImportRefused) as refused:
        store.import_bytes(data, "datei.json")
    [detail] = refused.value.details
    reason = str(detail.problem.params["reason"])
    assert reason in READER_REASONS, reason
    said = translator(language).said(detail.problem)
    assert reason not in said, said
