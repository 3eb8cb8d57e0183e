"""Hostile records: whatever the text or JSON, loading raises only ``InvalidRecordError`` and stays bounded.

A seeded loop mutates real records (digits replaced by odd or huge ones, lines duplicated or
dropped, characters of any script inserted, JSON values swapped for values of other kinds);
hypothesis (derandomized, see conftest.py) builds arbitrary lines and values. Every failure
message carries the seed or the example, so it can be replayed.
"""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toutes_tables import Game, GameOptions, InvalidRecordError, Match
from toutes_tables import record

ODD_TEXT = (
    "²", "٣", "9" * 5000, "-1", "", " ", "\x00", "∞", "1e9", "0x10", "#", "\n", "Game 1", "black", "white", "*",
    "/", "(", "3-3", "999999999", "auto-doubles=²", "Score: black 0 white " + "7" * 5000,
)  # fmt: skip
ODD_VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, 7, 10**400, 10**5000, 2.5, float("nan"), "", "x", "²", [], {}, [1, 2], [[1, 2]],
    {"a": 1}, "white", "black", 5,
)  # fmt: skip


def _play_out(game: Game, rng: random.Random, limit: int = 400) -> None:
    for _ in range(limit):
        if game.is_over:
            return
        if game.phase == "opening":
            game.roll_opening((rng.randint(1, 6), rng.randint(1, 6)))
        elif game.phase == "roll":
            if game.can_double() and rng.random() < 0.1:
                game.offer_double()
            else:
                game.roll((rng.randint(1, 6), rng.randint(1, 6)))
        elif game.phase == "double-offered":
            game.take() if rng.random() < 0.7 else game.drop()
        else:
            plays = game.legal_plays()
            game.play(rng.choice(plays) if plays else ())


def _samples() -> tuple[list[str], list[dict[str, Any]]]:
    rng = random.Random(5)
    texts: list[str] = []
    saves: list[dict[str, Any]] = []
    for rules in ("backgammon", "toutes-tables-225", "backgammon-225"):
        options = GameOptions(rules=rules, auto_doubles=4) if rules.startswith("backgammon") else None
        game = Game(rules, options=options, rng=random.Random(1))
        _play_out(game, rng, 60)
        texts.append(record.game_to_text(game))
        saves.append(record.game_to_json(game))
        match = Match(rules, 3, rng=random.Random(2))
        while not match.is_over:
            _play_out(match.game, rng)
            if match.game.is_over and not match.is_over:
                match.next_game()
        texts.append(record.match_to_text(match))
        saves.append(record.match_to_json(match))
    return texts, saves


TEXTS, SAVES = _samples()


def _mutate_text(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(text) or 1)
        kind = rng.randrange(6)
        if kind == 0:
            text = text[:i] + rng.choice(ODD_TEXT) + text[i:]
        elif kind == 1:
            text = text[:i] + text[i + rng.randint(1, 20) :]
        elif kind == 2:  # a number replaced
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            text = text[:i] + rng.choice(ODD_TEXT) + text[j:]
        elif kind == 3:
            lines = text.split("\n")
            lines.insert(rng.randrange(len(lines)), rng.choice(lines))
            text = "\n".join(lines)
        elif kind == 4:
            lines = text.split("\n")
            del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
        else:
            text = text[:i] + chr(rng.randint(0, 0x2FFF)) + text[i + 1 :]
    return text


def _mutate_save(save: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    save = copy.deepcopy(save)
    for _ in range(rng.randint(1, 3)):
        node: Any = save
        for _ in range(rng.randint(0, 6)):  # down to a random container
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            child = node[rng.choice(keys)]
            if not isinstance(child, (dict, list)):
                break
            node = child
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            continue
        key = rng.choice(keys)
        kind = rng.randrange(4)
        if kind == 0:
            node[key] = rng.choice(ODD_VALUES)
        elif kind == 1:
            del node[key]
        elif kind == 2 and isinstance(node, dict):
            node[rng.choice(("x", "type", "player", "value", "rerolled"))] = rng.choice(ODD_VALUES)
        elif isinstance(node[key], int) and not isinstance(node[key], bool):
            node[key] = rng.choice((-node[key], node[key] * 10**rng.randint(1, 5000)))
    return save


def _load_text(text: str) -> None:
    for load in (record.game_from_text, record.match_from_text):
        try:
            load(text)
        except InvalidRecordError:
            pass


def _load_save(save: object) -> None:
    for load in (record.game_from_json, record.match_from_json):
        try:
            load(save)
        except InvalidRecordError:
            pass


SEED = 20261201


def test_mutated_text_records_raise_only_invalid_record_errors() -> None:
    rng = random.Random(SEED)
    for i in range(300):
        text = _mutate_text(rng.choice(TEXTS), rng)
        try:
            _load_text(text)
        except Exception as exc:  # noqa: BLE001 - what the test is looking for
            pytest.fail(f"seed {SEED}, input {i}: {type(exc).__name__}: {exc}\n{text[:2000]}")


def test_mutated_json_saves_raise_only_invalid_record_errors() -> None:
    rng = random.Random(SEED + 1)
    for i in range(300):
        save = _mutate_save(rng.choice(SAVES), rng)
        try:
            _load_save(save)
        except Exception as exc:  # noqa: BLE001 - what the test is looking for
            pytest.fail(f"seed {SEED + 1}, input {i}: {type(exc).__name__}: {exc}")


def test_odd_and_huge_digits_are_refused_with_their_line() -> None:
    text = TEXTS[0]
    for odd in ("²", "٣", "9" * 5000):
        with pytest.raises(InvalidRecordError, match=r"^line 3: auto-doubles is a number"):
            record.game_from_text(re.sub("auto-doubles=[0-9]+", f"auto-doubles={odd}", text))
    match_text = TEXTS[1]
    assert "Score: black 0 white 0" in match_text
    with pytest.raises(InvalidRecordError, match=r"^line \d+: "):
        record.match_from_text(match_text.replace("Score: black 0 white 0", "Score: black 0 white " + "9" * 5000))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


@given(st.lists(st.text(max_size=60), max_size=12), st.integers(min_value=0, max_value=len(TEXTS) - 1))
def test_any_lines_in_a_text_record_raise_only_invalid_record_errors(lines: list[str], which: int) -> None:
    base = TEXTS[which].split("\n")
    cut = len(lines) % len(base)
    _load_text("\n".join(base[:cut] + lines + base[cut:]))


@given(json_values, st.sampled_from(["rules", "options", "start", "actions", "games", "length", "result", "x"]))
def test_any_value_in_a_json_save_raises_only_invalid_record_errors(value: object, key: str) -> None:
    for save in SAVES:
        _load_save({**save, key: value})


@given(json_values)
def test_any_json_value_as_a_save_raises_only_invalid_record_errors(value: object) -> None:
    _load_save(value)
