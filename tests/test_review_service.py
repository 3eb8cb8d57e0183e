"""The review service methods (toutes_tables.review_service), through services.dispatch."""

from __future__ import annotations

import dataclasses
import functools
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from toutes_tables import Game, Match, Position, analysis, match_to_mat
from toutes_tables.ai.levels import Level
from toutes_tables.analysis import REVIEW_LEVEL, analyse_game, analyse_match
from toutes_tables.position import BLACK, WHITE
from toutes_tables.review_service import MAX_REVIEWS
from toutes_tables.service_calls import ServiceError
from toutes_tables.services import dispatch
from toutes_tables.matimport import read_mat
from toutes_tables.record import game_to_text, match_from_text, match_to_text
from toutes_tables.starts import start_position

ROOT = Path(__file__).resolve().parent.parent

TURNS = [((6, 4), "24/18 13/9"), ((5, 2), "13/8 13/11"), ((2, 1), "13/11 6/5")]


def short_record(seed: int = 3, turns: int = 4) -> str:
    """A backgammon game's record: White opens with 3-1, then the TURNS, then rolls of ``seed``'s dice."""
    rng = random.Random(seed)
    game = Game("backgammon", rng=rng)
    game.roll_opening((1, 3))
    game.play("8/5 6/5")
    for n in range(1, turns):
        dice, play = TURNS[n - 1] if n <= len(TURNS) else ((rng.randint(1, 6), rng.randint(1, 6)), "")
        game.roll(dice)
        game.play(play or game.legal_plays()[0])
    return game_to_text(game)


def test_a_review_streams_in_chunks_to_the_same_numbers_as_the_python_review() -> None:
    record = short_record()
    started = dispatch("review_start", {"record": record})
    assert started["total"] == 4 and started["rules"] == "backgammon" and started["games"] == 1
    items, answers = [], []
    while True:
        answer = dispatch("review_next", {"id": started["id"], "max_items": 2})
        assert len(answer["items"]) <= 2
        answers.append(answer)
        items += answer["items"]
        if answer["done"]:
            break
    assert len(answers) >= 2  # it came in pieces
    assert [a["progress"]["turns"] for a in answers] == sorted(a["progress"]["turns"] for a in answers)
    assert answers[-1]["progress"] == {"turns": 4, "total": 4}
    whole = analyse_game(record).to_json()
    keys = ("colour", "dice", "played", "best", "error", "mark", "luck", "position_id")
    assert [{k: i[k] for k in keys} for i in items] == [{k: d[k] for k in keys} for d in whole["decisions"]]
    assert answers[-1]["summary"] == whole["players"]
    first = items[0]
    assert first["position"]["turn"] == first["colour"]
    assert all(isinstance(loc, (int, str)) for pair in first["played_locations"] for loc in pair)


def test_review_start_gives_the_position_the_game_reviewed_begins_from_as_its_first_decision_shows_it() -> None:
    # the page draws it while the first decision is searched: a drawn start, not the classic one
    drawn = Game("toutes-tables-225", start=22, rng=random.Random(5))
    drawn.roll_opening((3, 1))
    drawn.play(drawn.legal_plays()[0])
    set_up = Game("backgammon", position=Position.from_gnubg_id("2wQAANsEAAAAAA", WHITE), rng=random.Random(5))
    set_up.roll((6, 5))
    set_up.play(set_up.legal_plays()[0])
    # 3-1 at the opening: Black (3) opens
    for game, begins in ((drawn, start_position(22, BLACK)), (set_up, set_up.initial_position)):
        assert begins is not None
        started = dispatch("review_start", {"record": game_to_text(game), "level": "expert"})
        assert started["start"] == begins.absolute()
        first = dispatch("review_next", {"id": started["id"]})["items"][0]
        assert first["position"] == started["start"], game.rules.name
    assert start_position(22, WHITE).absolute()["points"] != start_position(64, WHITE).absolute()["points"]


def test_a_review_searches_as_world_class_unless_asked_for_the_expert_and_says_which() -> None:
    record = short_record(3, 3)
    assert dispatch("review_start", {"record": record})["level"] == REVIEW_LEVEL == "world-class"
    started = dispatch("review_start", {"record": record, "level": "expert"})
    assert started["level"] == "expert"
    items = dispatch("review_next", {"id": started["id"], "max_items": 10})["items"]
    whole = analyse_game(record, level="expert").to_json()
    assert whole["level"] == "expert"
    assert [i["best_equity"] for i in items] == [d["best_equity"] for d in whole["decisions"]]


@pytest.mark.parametrize("level", ["beginner", "World class", 2])
def test_a_review_at_an_unknown_level_is_refused_naming_it(level: object) -> None:
    with pytest.raises(ValueError, match=f"level must be one of expert, world-class, got {level!r}"):
        dispatch("review_start", {"record": short_record(3, 3), "level": level})


def test_a_cancelled_review_is_gone() -> None:
    started = dispatch("review_start", {"record": short_record(5)})
    assert dispatch("review_cancel", {"id": started["id"]}) == {"id": started["id"], "cancelled": True}
    assert dispatch("review_cancel", {"id": started["id"]})["cancelled"] is False
    with pytest.raises(ServiceError, match="no review"):
        dispatch("review_next", {"id": started["id"]})


def test_only_the_newest_reviews_are_kept() -> None:
    ids = [dispatch("review_start", {"record": short_record(1, 1)})["id"] for _ in range(MAX_REVIEWS + 1)]
    with pytest.raises(ServiceError, match="no review"):
        dispatch("review_next", {"id": ids[0]})
    assert dispatch("review_next", {"id": ids[-1], "max_items": 10})["done"]


def dropped_match(rules: str = "backgammon") -> Match:
    """A 3-point match, its first game over: White opens 3-1, Black doubles and White drops.

    (Not a match to 1 point: the cube is dead there, docs/rules/cube.md.)
    """
    match = Match(rules, 3, rng=random.Random(0))
    game = match.game
    game.roll_opening((1, 3))
    game.play("8/5 6/5")
    game.offer_double()
    game.drop()
    return match


def test_a_mat_file_can_be_reviewed() -> None:
    started = dispatch("review_start", {"record": match_to_mat(dropped_match())})
    answer = dispatch("review_next", {"id": started["id"], "max_items": 10})
    assert answer["done"] and [i["kind"] for i in answer["items"]] == ["move", "cube", "take"]


def test_a_reviewed_match_downloads_as_its_record_and_as_a_mat_file_that_reads_back() -> None:
    match = dropped_match()
    files = dispatch("review_files", {"record": match_to_text(match)})
    assert (files["rules"], files["kind"], files["mat_problem"]) == ("backgammon", "match", None)
    assert files["record"] == match_to_text(match)
    assert files["mat"] == match_to_mat(match)
    back = read_mat(files["mat"]).match
    assert (back.length, back.score, len(back.games)) == (match.length, match.score, len(match.games))
    assert back.games[0].result == match.games[0].result
    # a match opened from a .mat file downloads as the project's record of the same match
    from_mat = dispatch("review_files", {"record": files["mat"]})
    assert match_from_text(from_mat["record"]).score == match.score and from_mat["mat"] == files["mat"]


def test_a_record_a_mat_file_cannot_hold_downloads_as_its_record_with_the_reason() -> None:
    single = dispatch("review_files", {"record": short_record()})
    assert (single["kind"], single["mat"]) == ("game", None)
    assert "single game" in single["mat_problem"] and single["record"] == short_record()
    toutes = dispatch("review_files", {"record": match_to_text(Match("toutes-tables", 3, rng=random.Random(1)))})
    assert toutes["mat"] is None and "backgammon sets only" in toutes["mat_problem"]
    unfinished = dispatch("review_files", {"record": match_to_text(Match("backgammon", 3, rng=random.Random(1)))})
    assert unfinished["mat"] is None and "no game of the match is finished" in unfinished["mat_problem"]
    with pytest.raises(ValueError):
        dispatch("review_files", {"record": "not a record"})


def two_game_match() -> Match:
    """A finished 2-point match: a double dropped, then a Crawford game Black resigns after a few turns."""
    match = Match("backgammon", 2, rng=random.Random(5))
    game = match.game
    game.roll_opening((1, 3))
    game.play("8/5 6/5")
    game.roll((6, 4))
    game.play("24/18 13/9")
    game.offer_double()
    game.drop()
    match.next_game()
    game = match.game
    game.roll_opening((6, 5))
    game.play("24/13")
    for dice in ((4, 2), (3, 1)):
        game.roll(dice)
        game.play(game.legal_plays()[0])
    game.resign(player=BLACK)
    return match


def test_one_game_of_a_match_is_reviewed_alone_at_its_score_as_in_the_whole_review() -> None:
    match = two_game_match()
    record = match_to_text(match)
    whole = analyse_match(record)
    started = dispatch("review_start", {"record": record, "game": 2})
    assert started["total"] == sum(1 for d in whole.decisions if d.game == 2 and d.kind == "move")
    answer = dispatch("review_next", {"id": started["id"], "max_items": 10})
    assert answer["done"]
    want = [(d.kind, d.colour.value, d.played, d.best, round(d.error, 4)) for d in whole.decisions if d.game == 2]
    assert [(i["kind"], i["colour"], i["played"], i["best"], i["error"]) for i in answer["items"]] == want
    assert {i["game"] for i in answer["items"]} == {2}
    with pytest.raises(ServiceError, match="game is an integer 1-2"):
        dispatch("review_start", {"record": record, "game": 3})


def test_bad_review_calls_are_refused() -> None:
    with pytest.raises(ValueError):
        dispatch("review_start", {"record": "not a record"})
    with pytest.raises(ServiceError, match="record is"):
        dispatch("review_start", {"record": 5})
    started = dispatch("review_start", {"record": short_record()})
    with pytest.raises(ServiceError, match="max_items is an integer 1-10"):
        dispatch("review_next", {"id": started["id"], "max_items": 0})
    with pytest.raises(ServiceError, match="max_items is an integer 1-10"):  # a call's bound: ten decisions
        dispatch("review_next", {"id": started["id"], "max_items": 11})


def test_the_worker_checks_a_rollouts_bounds_without_loading_the_ai() -> None:
    """The worker imports every service module when it starts: the rollout's bounds come without the AI."""
    code = (
        "import sys; sys.path.insert(0, 'pkg'); import toutes_tables.services; "
        "loaded = sorted(m for m in sys.modules if m.startswith(('toutes_tables.ai', 'toutes_tables.analysis')) "
        "or m == 'toutes_tables.rollout'); print(loaded); raise SystemExit(bool(loaded))"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


RACE_XGID = "XGID=--B-ABB------------aa-b-a-:0:0:1:61:0:0:0:0:10"  # a short race, White to play 6-1


def test_a_rollout_runs_in_chunks_as_the_engines_rollout() -> None:
    from toutes_tables.rollout import Rollout
    from toutes_tables.xgid import XGID

    started = dispatch("rollout_start", {"xgid": RACE_XGID, "count": 2, "seed": 4, "variance_reduction": False})
    assert started["games"] == 0 and len(started["candidates"]) == 2
    dispatch("rollout_next", {"id": started["id"], "games": 3})
    answer = dispatch("rollout_next", {"id": started["id"], "games": 2})
    assert answer["games"] == 5
    x = XGID.parse(RACE_XGID)
    plays = [c.play for c in Rollout(x.position, x.dice, "backgammon").candidates]
    chosen = [p for p in plays if str(p) in {c["notation"] for c in answer["candidates"]}]
    same = Rollout(x.position, x.dice, "backgammon", chosen, seed=4, variance_reduction=False)
    while same.games < 5:
        same.run(5 - same.games)
    assert {c["notation"]: c["equity"] for c in answer["candidates"]} == {
        c.notation: round(c.mean, 4) for c in same.candidates}
    assert all(c["locations"] for c in answer["candidates"])
    assert dispatch("rollout_cancel", {"id": started["id"]})["cancelled"]
    with pytest.raises(ServiceError, match="no rollout"):
        dispatch("rollout_next", {"id": started["id"]})


def test_a_rollout_of_named_candidates_and_bad_calls() -> None:
    started = dispatch("rollout_start", {"xgid": RACE_XGID, "candidates": ["6/off 2/1"], "truncate": 2})
    assert [c["notation"] for c in started["candidates"]] == ["6/off 2/1"]
    with pytest.raises(ValueError):
        dispatch("rollout_start", {"xgid": RACE_XGID, "candidates": ["24/18"]})
    with pytest.raises(ServiceError, match="either a position"):
        dispatch("rollout_start", {})
    with pytest.raises(ServiceError, match="games is an integer 1-36"):
        dispatch("rollout_next", {"id": started["id"], "games": 100})
    with pytest.raises(ServiceError, match="budget is an integer 1-2000"):
        dispatch("rollout_next", {"id": started["id"], "budget": 10**9})


def test_one_rollout_next_call_does_at_most_its_budget_of_work(rollout_rankings: Any) -> None:
    # Eight whole games with variance reduction from the start would take minutes: one call stops at its budget.
    opening = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
    started = dispatch("rollout_start", {"xgid": opening, "count": 8, "seed": 1})
    rollout_rankings.count = 0
    answer = dispatch("rollout_next", {"id": started["id"], "games": 36})
    assert 0 < rollout_rankings.count <= 2000 and answer["games"] == 0 and answer["in_progress"]
    rollout_rankings.count = 0
    dispatch("rollout_next", {"id": started["id"], "games": 36, "budget": 100})
    assert 0 < rollout_rankings.count <= 100


PASS_XGID = "XGID=-BA---------------------c-:0:0:1:00:0:0:0:0:10"  # White bears off in at most two rolls


def test_a_cube_rollout_runs_through_the_service_beside_the_cube_advice() -> None:
    started = dispatch("cube_rollout_start", {"xgid": PASS_XGID, "seed": 1})
    assert started["kind"] == "cube" and started["games"] == 0 and started["verdict"] is None
    assert [c["notation"] for c in started["candidates"]] == ["No double", "Double, take", "Double, pass"]
    assert started["search"]["verdict"] == "Double, pass"
    answer = started
    while answer["games"] < 12:
        answer = dispatch("rollout_next", {"id": started["id"], "games": 12 - answer["games"]})
    nd, dt, dp = (c["equity"] for c in answer["candidates"])
    assert dt > dp == 1.0 > nd and answer["verdict"] == "Double, pass"
    assert answer["candidates"][0]["interval"] is not None
    # At a match score the equities are the match equity table's, normalised the same way.
    match = dispatch("cube_rollout_start", {"xgid": PASS_XGID.replace(":0:0:0:0:10", ":2:0:0:5:10"), "seed": 1})
    answer = dispatch("rollout_next", {"id": match["id"], "games": 4})
    assert answer["candidates"][2]["equity"] == 1.0 and answer["candidates"][1]["equity"] != dt
    assert dispatch("rollout_cancel", {"id": match["id"]})["cancelled"]


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"xgid": PASS_XGID.replace(":00:", ":61:")}, "xgid: the cube actions are rolled out before the roll"),
        ({"xgid": PASS_XGID, "rules": "toutes-tables"}, "without a doubling cube"),
        ({"xgid": PASS_XGID.replace(":0:0:1:", ":1:-1:1:")}, "cube: no cube action"),
        ({"xgid": 5}, "xgid is an XGID"),
        ({"xgid": PASS_XGID, "seed": -1}, "seed is an integer"),
        ({"xgid": PASS_XGID, "truncate": 0}, "truncate is an integer"),
    ],
)
def test_a_bad_cube_rollout_is_refused_naming_the_input(params: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        dispatch("cube_rollout_start", params)


def test_review_start_reads_the_record_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from toutes_tables import analysis

    match = Match("backgammon", 3, rng=random.Random(2))
    match.game.roll_opening((3, 1))
    match.game.play("8/5 6/5")
    text = match_to_text(match)
    reads = 0
    real = analysis.match_from_text

    def counted(source: str) -> Match:
        nonlocal reads
        reads += 1
        return real(source)

    monkeypatch.setattr(analysis, "match_from_text", counted)
    started = dispatch("review_start", {"record": text})
    assert reads == 1 and started["total"] == 1
    answer = dispatch("review_next", {"id": started["id"], "max_items": 5})
    assert reads == 1 and answer["done"] and answer["items"][0]["played"] == "8/5 6/5"


# -- a review reuses the decisions of an earlier review of the same record (review_start's known) ------------


REUSED: list[int] = []  # how many items of the last reviewed() came from known, as review_next counts them


QUICK = "expert"  # reusing known decisions does not depend on the depth: checked at the Expert's quicker search


def reviewed(record: str, **given: Any) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    started = dispatch("review_start", {"record": record, "level": QUICK, **given})
    items: list[dict[str, Any]] = []
    REUSED[:] = [0]
    while True:
        answer = dispatch("review_next", {"id": started["id"], "max_items": 10})
        items += answer["items"]
        REUSED[0] += answer["reused"]
        if answer["done"]:
            return items, answer["summary"]


@functools.cache
def fresh(record: str, game: int | None = None) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    return reviewed(record) if game is None else reviewed(record, game=game)


RECORD = short_record(3, 6)


def test_a_review_given_all_its_decisions_computes_none_and_gives_the_same_review(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    items, summary = fresh(RECORD)

    def computed(*_: Any, **__: Any) -> Any:
        raise AssertionError("a known decision was computed again")

    monkeypatch.setattr(Level, "rank", computed)
    monkeypatch.setattr(analysis, "cube_advice", computed)
    again, again_summary = reviewed(RECORD, known=items)
    assert again == items and REUSED == [len(items)]
    assert again_summary == summary  # the summary as the game page showed it, to the last digit


def test_a_review_given_its_first_decisions_computes_the_rest_to_the_same_review() -> None:
    items, summary = fresh(RECORD)
    calls = []
    rank = Level.rank
    try:
        Level.rank = lambda *a, **k: calls.append(a) or rank(*a, **k)  # type: ignore[method-assign]
        resumed, resumed_summary = reviewed(RECORD, known=items[:4])
    finally:
        Level.rank = rank  # type: ignore[method-assign]
    assert resumed == items  # the luck of the first computed roll too (its replies looked at afresh)
    assert REUSED == [4]
    assert len(calls) == sum(1 for d in items[4:] if d["kind"] == "move")
    assert resumed_summary == summary


def test_a_review_with_a_turn_that_has_no_play_is_taken_back_whole() -> None:
    """A roll with no legal play is a decision of 0 choices: given back as known, it is reused, not refused.

    (The game page hands its finished review to the review page as known decisions: a game with a dance was
    reviewed again from the start, the handoff refused as 'known[0].choices must be 1-100000, got 0'.)
    """
    game = Game("backgammon", rng=random.Random(1),
                position=Position.from_text("white 12:10 13:4 bar:1 / 1:2 2:2 3:2 4:2 5:2 6:2 8:3"))
    game.roll((5, 5))
    assert game.legal_plays() == []
    game.play("")
    game.roll((6, 2))
    game.play("8/6 8/2")
    record = game_to_text(game)
    items, summary = fresh(record)
    assert [(i["played"], i["choices"]) for i in items] == [("(no play)", 0), ("8/6 8/2", 5)]
    again, again_summary = reviewed(record, known=items)
    assert again == items and REUSED == [len(items)] and again_summary == summary


def test_a_match_review_reuses_one_games_review_and_computes_the_other_games() -> None:
    record = match_to_text(two_game_match())
    whole, _ = fresh(record)
    game_two, _ = fresh(record, 2)
    assert reviewed(record, known=game_two)[0] == whole and REUSED == [len(game_two)]


def test_known_decisions_of_another_record_are_refused_naming_them() -> None:
    items, _ = fresh(RECORD)
    other = short_record(4, 6)
    with pytest.raises(analysis.ReviewError, match=r"known decision \d+ of game 1 .* is not the record's"):
        reviewed(other, known=items)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "resign"}, "known\\[0\\].kind must be move, cube or take"),
        ({"dice": [7, 1]}, "known\\[0\\].dice must be two dice 1-6, got \\[7, 1\\]"),
        ({"error": "big"}, "known\\[0\\].error"),
        ({"played_moves": [[30, 1]]}, "known\\[0\\].played_moves"),
        ({"game": 3}, "decisions of game 3, which this review does not go through"),
    ],
)
def test_malformed_known_decisions_are_refused_naming_them(change: dict[str, Any], message: str) -> None:
    items, _ = fresh(RECORD)
    with pytest.raises(ValueError, match=message):
        dispatch("review_start", {"record": RECORD, "known": [{**items[0], **change}]})
    with pytest.raises(ValueError, match="known is a list"):
        dispatch("review_start", {"record": RECORD, "known": "all of them"})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"cube_value": 3}, r"known\[1\]\.cube_value must be a cube's value \(a power of 2 up to 4096\), got 3"),
        ({"cube_value": 2**40}, r"known\[1\]\.cube_value must be 1-4096"),
        ({"cube_value": 0}, r"known\[1\]\.cube_value must be 1-4096"),
        ({"turn": -1}, r"known\[1\]\.turn must be 1-5000"),
        ({"turn": 10**12}, r"known\[1\]\.turn must be 1-5000"),
        ({"index": -3}, r"known\[1\]\.index must be 0-5000"),
        ({"game": 0}, r"known\[1\]\.game must be 1-5000"),
        ({"choices": -1}, r"known\[1\]\.choices must be 0-100000"),
        ({"choices": 10**9}, r"known\[1\]\.choices must be 0-100000"),
        ({"played": "x" * 5000}, r"known\[1\]\.played is longer than 2000 characters"),
        ({"best": "x" * 5000}, r"known\[1\]\.best is longer than 2000 characters"),
        ({"reason": "x" * 5000}, r"known\[1\]\.reason is longer than 2000 characters"),
        ({"position_id": "not an id"}, r"known\[1\]\.position_id is not a gnubg Position ID: 'not an id'"),
        ({"alternatives": [{"play": "8/5", "moves": [], "equity": 0.1, "ply": 99}]},
         r"known\[1\]\.alternatives\[0\] must be \{play, moves, equity, ply \(0-8\)\}"),
    ],
)
def test_every_field_of_a_known_decision_is_bounded_and_its_error_names_the_entry(
    change: dict[str, Any], message: str
) -> None:
    """A known decision comes from the page's storage: each field is bounded, the error says which entry broke it."""
    items, _ = fresh(RECORD)
    with pytest.raises(ValueError, match=message):
        dispatch("review_start", {"record": RECORD, "known": [items[0], {**items[1], **change}]})


def test_a_decision_is_marked_on_its_error_as_shown() -> None:
    """docs/review.md, Marks: a 0.0304 error shows as 30 millipoints, at the threshold: no mark; 0.0306 shows as 31."""
    items, _ = fresh(RECORD)
    decision = analysis.decision_from_json(items[0])
    at, over = (dataclasses.replace(decision, error=e) for e in (0.0304, 0.0306))
    assert (at.mark, over.mark) == ("", "doubtful")
    assert (at.to_json()["sign"], over.to_json()["sign"]) == ("", "?!")
