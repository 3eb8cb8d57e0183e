"""The review (toutes_tables.analysis): errors against the reviewing level's search, gnubg's marks, luck, summaries,
records."""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from toutes_tables import RULE_SETS, Game, GameOptions, Match, Position, get_rules, start_position
from toutes_tables.ai import CubeState, cube_advice, get_level, rank_plays_deeper
from toutes_tables.ai.network import default_network
from toutes_tables.ai.search import ROLLS, one_ply_equity
from toutes_tables.analysis import (
    BAD,
    Decision,
    DOUBTFUL,
    REVIEW_LEVEL,
    REVIEW_LEVELS,
    VERY_BAD,
    ReviewError,
    analyse_game,
    analyse_match,
    count_turns,
    decision_from_json,
    luck_mark,
    luck_of_rolls,
    mark,
    opening_luck,
    rating,
    reply_values,
    review,
    reviewing_level,
    summarise,
)
from toutes_tables.errors import shown
from toutes_tables.matchid import MatchState, player_index
from toutes_tables.play import Play, compact_play
from toutes_tables.position import BLACK, WHITE
from toutes_tables.record import game_to_json, game_to_text, match_to_text

RandomGame = Callable[[str, int, int], Game]  # conftest's random_game: (rules, seed, turns)

REVIEWER = reviewing_level()  # the reviewer's own choice, every time (World class without its time budget)
# What does not depend on the depth (marks, luck, records, notation) is checked at the Expert's search, which is
# several times quicker on random play (its played plays are searched as deep as the best, 2-ply at World class).
QUICK = "expert"
# A middle game (both sides with contact) and a bear-off against a back checker: short, real choices.
MIDDLE = Position.from_text("white 6:4 8:3 13:4 24:2 22:1 11:1 / 6:5 8:2 13:4 24:2 21:2")
BEAR_OFF = Position.from_text("white 6:3 5:3 4:3 3:3 2:3 / 24:1 6:5 5:4 4:3 3:2")


def played_out(position: Position, rules: str, turns: int, seed: int, chooser: dict[str, str]) -> Game:
    """A game from ``position``, ``turns`` turns long, each colour choosing by ``chooser`` ("best" or "random")."""
    rng = random.Random(seed)
    game = Game(rules, position=position, options=GameOptions(rules=rules, cube=False) if get_rules(rules).cube
                else None, rng=rng)
    for _ in range(turns):
        if game.is_over:
            break
        game.roll()
        plays = game.legal_plays()
        if not plays:
            game.pass_turn()
            continue
        if chooser[game.position.turn.value] == "best":
            game.play(REVIEWER.choose(game.position, game.dice or (1, 1), game.rules) or plays[0])
        else:
            game.play(rng.choice(plays))
    return game


# -- the reviewer is the reviewing level's search ---------------------------------------------


def test_the_reviewing_level_is_world_class_without_its_time_budget() -> None:
    assert REVIEW_LEVEL == "world-class" and REVIEW_LEVELS == ("expert", "world-class")
    for name in REVIEW_LEVELS:
        level = reviewing_level(name)
        assert level == dataclasses.replace(get_level(name), time_budget=None)  # every other setting kept


@pytest.mark.parametrize("level", ["beginner", "World class", "", None, 3, get_level("expert")])
def test_an_unknown_reviewing_level_is_a_review_error_naming_it(level: object) -> None:
    with pytest.raises(ReviewError, match="level must be one of expert, world-class, got") as caught:
        review(Game("backgammon", rng=random.Random(1)), level=level)  # type: ignore[arg-type]
    assert shown(level) in str(caught.value)
    with pytest.raises(ReviewError, match="level must be one of"):
        analyse_game(Game("backgammon", rng=random.Random(1)), level=level)  # type: ignore[arg-type]


def one_decision(rules: str, seed: int, random_game: RandomGame, pick: Callable[[list[Any]], Any]) -> Game:
    """A game set up at a seeded position of ``rules`` (a random game's 8th turn) with one turn played: ``pick``'s
    play of the reviewing level's ranking of a roll that has a choice."""
    position = random_game(rules, seed, 8).position
    rng = random.Random(seed)
    options = GameOptions(rules=rules, cube=False) if get_rules(rules).cube else None
    while True:
        game = Game(rules, position=position, options=options, rng=rng)
        game.roll()
        if len(game.legal_plays()) > 2:
            break
    game.play(pick(REVIEWER.rank(game.position, game.dice or (1, 1), rules)).play)
    return game


@pytest.mark.parametrize(("rules", "level"), [(r, REVIEW_LEVEL) for r in RULE_SETS] + [("backgammon", "expert")])
def test_the_reviews_best_play_and_its_equity_are_the_reviewing_levels_rank(
    rules: str, level: str, random_game: RandomGame
) -> None:
    searching = reviewing_level(level)
    for seed, pick in ((3, lambda ranked: ranked[-1]), (1, lambda ranked: ranked[0])):
        game = one_decision(rules, seed, random_game, pick)
        (d,) = [d for d in review(game, level=level) if d.kind == "move"]
        ranked = searching.rank(d.position, d.dice or (1, 1), rules)
        best = ranked[0]
        assert (d.best, d.best_equity) == (compact_play(d.position, best.play.moves), best.equity), f"{rules} {seed}"
        made = Play(d.position, d.played_moves).result
        shown = [(a.notation, a.equity, a.ply) for a in d.alternatives if a.notation != d.played]
        others = [(compact_play(d.position, s.play.moves), s.equity, s.ply) for s in ranked if s.play.result != made]
        assert shown == others[: len(shown)], f"{rules} seed {seed}"
        if made == best.play.result:
            assert d.error == 0.0
        else:  # the play made, searched as deep as the best
            assert d.error == max(0.0, best.equity - d.played_equity) and d.alternatives[0].ply == best.ply


def test_reply_values_average_to_the_one_ply_equity() -> None:
    rules, net = get_rules("toutes-tables"), default_network()
    for play in rank_plays_deeper(MIDDLE, (6, 1), rules)[:3]:
        values = reply_values(play.play.result, rules, net, {})
        assert values is not None and len(values) == 21
        mean = 0.0
        for (_, weight), value in zip(ROLLS, values, strict=True):
            mean += weight * value
        assert mean / 36.0 == one_ply_equity(play.play.result, rules, net)


def test_a_side_that_always_plays_the_reviewers_best_play_has_zero_error() -> None:
    game = played_out(MIDDLE, "backgammon", 8, seed=5, chooser={"white": "best", "black": "random"})
    decisions = list(review(game))
    players = summarise(decisions)
    assert players[WHITE].unforced_moves >= 3
    assert players[WHITE].checker_error == 0.0 and players[WHITE].checker_error_mp == 0.0
    assert all(d.played == d.best for d in decisions if d.colour is WHITE and d.counted)
    # The random side, on the same game, does give equity away: the zero above is not a constant.
    assert players[BLACK].checker_error > 0.0


def test_error_is_best_minus_played_at_the_same_depth() -> None:
    game = played_out(MIDDLE, "backgammon", 6, seed=2, chooser={"white": "random", "black": "random"})
    for d in review(game):
        assert d.error == pytest.approx(max(0.0, d.best_equity - d.played_equity))
        if d.counted:
            assert d.best_equity == max(a.equity for a in d.alternatives) or d.best == d.played
            assert d.alternatives[0].ply == max(a.ply for a in d.alternatives) >= 1


@pytest.mark.parametrize("seed", [1, 4])
def test_best_plays_are_listed_deepest_first_by_equity_with_the_play_made_as_it_was_compared(seed: int) -> None:
    # gnubg's list: the plays searched deepest first, each depth by equity; the play made is searched as deep as the
    # best before they are compared, and the list shows it so (before: its 0-ply figure, or not at all).
    game = played_out(MIDDLE, "backgammon", 8, seed=seed, chooser={"white": "random", "black": "random"})
    mixed = 0
    for d in review(game):
        if not d.counted or d.kind != "move":
            continue
        order = [(-a.ply, -a.equity) for a in d.alternatives]
        assert order == sorted(order), f"seed {seed}, turn {d.turn}: {d.alternatives}"
        mine = [a for a in d.alternatives if a.notation == d.played]
        assert len(mine) == 1, f"seed {seed}, turn {d.turn}: {d.played!r} not in {d.alternatives}"
        assert (mine[0].equity, mine[0].ply) == (d.played_equity, d.alternatives[0].ply), f"seed {seed}"
        assert d.alternatives[0].equity == d.best_equity
        mixed += len({a.ply for a in d.alternatives}) > 1
    assert mixed, f"seed {seed}: no list mixes depths, the test shows nothing"


def test_plays_are_shown_in_gnubgs_notation_not_in_the_steps_as_entered() -> None:
    game = Game("backgammon", rng=random.Random(1))
    game.roll_opening((3, 1))
    game.play("8/5 6/5")
    game.roll((4, 4))
    game.play([(13, 9), (13, 9), (9, 5), (9, 5)])  # the steps as a player makes them on the board
    game.roll((1, 1))
    game.play([(24, 23), (8, 7), (7, 6), (6, 5)])
    assert [a.notation for a in game.history[-3::2]] == ["13/9 13/5 9/5", "24/23 8/6 6/5"]  # the record's words
    decisions = [d for d in review(game, level=QUICK) if d.kind == "move"]
    assert [d.played for d in decisions] == ["8/5 6/5", "13/5(2)", "24/23 8/5"]
    for d in decisions[1:]:
        assert sum(a.notation == d.played for a in d.alternatives) == 1, d.alternatives
    # A decision an earlier review wrote in the record's words (the game page's, saved) is shown the same way.
    old = decisions[1].to_json() | {"played": "13/9 13/5 9/5"}
    old["alternatives"] = [a | {"play": "13/9 13/5 9/5"} if a["play"] == "13/5(2)" else a for a in old["alternatives"]]
    if decisions[1].best == "13/5(2)":
        old["best"] = "13/9 13/5 9/5"
    known = [decisions[0].to_json(), old]
    again = [d for d in review(game, known=[decision_from_json(d) for d in known], level=QUICK) if d.kind == "move"]
    assert [d.reused for d in again] == [True, True, False]
    assert [d.played for d in again] == ["8/5 6/5", "13/5(2)", "24/23 8/5"]
    assert again[1].best == decisions[1].best
    assert [a.notation for a in again[1].alternatives] == [a.notation for a in decisions[1].alternatives]


# -- marks, luck, ratings: gnubg's thresholds -------------------------------------------------


def test_marks_follow_gnubgs_thresholds() -> None:
    assert (DOUBTFUL, BAD, VERY_BAD) == (0.03, 0.06, 0.12)
    assert [mark(e) for e in (0.0, 0.03, 0.0301, 0.06, 0.0601, 0.12, 0.1201)] == [
        "", "", "doubtful", "doubtful", "bad", "bad", "very bad"
    ]
    assert [luck_mark(x) for x in (0.61, 0.6, 0.31, 0.0, -0.3, -0.31, -0.6, -0.61)] == [
        "very lucky", "lucky", "lucky", "", "", "unlucky", "unlucky", "very unlucky"
    ]
    assert [rating(e) for e in (0.0019, 0.002, 0.0049, 0.0079, 0.0119, 0.0179, 0.0259, 0.0349, 0.035)] == [
        "Supernatural", "World class", "World class", "Expert", "Advanced", "Intermediate", "Casual player",
        "Beginner", "Awful!",
    ]


def test_reviewed_marks_follow_the_decisions_errors() -> None:
    game = played_out(MIDDLE, "backgammon", 10, seed=9, chooser={"white": "random", "black": "random"})
    decisions = list(review(game, level=QUICK))
    assert any(d.mark for d in decisions)
    for d in decisions:
        assert d.mark == mark(d.error)
        assert d.to_json()["sign"] == {"": "", "doubtful": "?!", "bad": "?", "very bad": "??"}[d.mark]
    players = summarise(decisions)
    for colour in (BLACK, WHITE):
        counted = sum(players[colour].marks.values())
        assert counted == sum(1 for d in decisions if d.colour is colour and d.mark)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_luck_over_the_36_rolls_averages_to_zero(rules: str) -> None:
    luck = luck_of_rolls(MIDDLE, get_rules(rules))
    assert len(luck) == 21
    assert sum(weight * luck[dice] for dice, weight in ROLLS) / 36.0 == pytest.approx(0.0, abs=1e-12)
    assert max(luck.values()) > 0.0 > min(luck.values())


def test_opening_luck_averages_to_zero_over_the_30_opening_rolls() -> None:
    rules = get_rules("backgammon")
    white, black = start_position(64, WHITE), start_position(64, BLACK)
    # From White's side: White opens with d (its luck), or Black opens with d (minus Black's luck).
    total = sum(opening_luck(white, (b, a), rules) - opening_luck(black, (b, a), rules)
                for (a, b), _ in ROLLS if a != b)
    assert total == pytest.approx(0.0, abs=1e-9)


def test_each_rolls_luck_in_the_review_is_its_luck_among_the_36() -> None:
    game = played_out(BEAR_OFF, "backgammon", 6, seed=4, chooser={"white": "random", "black": "random"})
    rules = get_rules("backgammon")
    for d in review(game, level=QUICK):
        assert d.dice is not None and d.luck is not None
        low, high = min(d.dice), max(d.dice)
        assert d.luck == pytest.approx(luck_of_rolls(d.position, rules)[(low, high)], abs=1e-12)


# -- records: finished, unfinished, every rule set, text and JSON ------------------------------


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_rule_set_is_reviewed(rules: str, random_game: RandomGame) -> None:
    game = random_game(rules, 11, 3)
    result = analyse_game(game_to_text(game))
    moves = [d for d in result.decisions if d.kind == "move"]
    assert len(moves) == 3 == count_turns(game)
    assert moves[0].luck is not None  # the opening roll's luck, among the 30 opening rolls
    bound = 3.0 if get_rules(rules).backgammon_scoring else 2.0  # no gammon in Toutes tables: at most a double game
    assert all(-bound <= d.played_equity <= d.best_equity <= bound for d in moves)
    cube = get_rules(rules).cube
    assert cube or all(d.kind == "move" for d in result.decisions)
    assert all((d.match_id is not None) == cube for d in result.decisions)  # a Match ID in the cube sets only


def test_an_unfinished_record_is_reviewed_as_far_as_it_goes(random_game: RandomGame) -> None:
    game = random_game("backgammon", 3, 2)
    game.roll()  # rolled, not yet played: the record ends with "white 3-1:"
    text = game_to_text(game)
    assert text.rstrip().endswith(":")
    result = analyse_game(text, level=QUICK)
    assert [d.kind for d in result.decisions if d.kind == "move"] == ["move"] * 2
    assert all(p.result == 0 for p in result.players.values())
    assert analyse_game(game_to_json(game), level=QUICK).to_json() == result.to_json()
    assert analyse_game(json.dumps(game_to_json(game)), level=QUICK).to_json() == result.to_json()


def test_a_finished_game_counts_its_result_and_adjusts_it_for_luck() -> None:
    game = Game("toutes-tables", position=Position.from_text("white 1:2 2:1 / 6:2 5:2"), rng=random.Random(1))
    while not game.is_over:
        game.roll()
        plays = game.legal_plays()
        game.play(plays[0]) if plays else game.pass_turn()
    assert game.result is not None
    result = analyse_game(game, level=QUICK)
    winner, loser = result.players[game.result.winner], result.players[game.result.winner.other]
    assert winner.result == game.result.points == -loser.result
    assert winner.luck_adjusted_result == pytest.approx(winner.result - winner.luck_points + loser.luck_points)
    assert winner.luck_adjusted_result == pytest.approx(-loser.luck_adjusted_result)


def test_the_luck_adjusted_result_is_the_points_won_less_own_luck_plus_the_opponents_times_the_cube() -> None:
    # By hand: Black's rolls +0.5 at cube 1 and -0.25 at cube 2, White's +0.75 at cube 2; Black won 2 points.
    # Black's luck in points 0.5 - 0.5 = 0, White's 1.5: Black 2 - 0 + 1.5 = +3.5, White -2 - 1.5 + 0 = -3.5.
    position = start_position(64)
    move = functools.partial(
        Decision, game=1, kind="move", position=position, position_id=position.gnubg_id(), match_id=None,
        dice=(3, 1), played="8/5 6/5", best="8/5 6/5", played_equity=0.0, best_equity=0.0, error=0.0, choices=2)
    decisions = [
        move(index=0, turn=1, colour=BLACK, luck=0.5),
        move(index=1, turn=2, colour=WHITE, luck=0.75, cube_value=2),
        move(index=2, turn=3, colour=BLACK, luck=-0.25, cube_value=2),
    ]
    players = summarise(decisions, {BLACK: 2.0, WHITE: -2.0})
    black, white = players[BLACK], players[WHITE]
    assert (black.luck, black.luck_points, white.luck, white.luck_points) == (0.25, 0.0, 0.75, 1.5)
    assert (black.luck_adjusted_result, white.luck_adjusted_result) == (3.5, -3.5)
    assert black.to_json()["luck_adjusted_result"] == 3.5 and white.to_json()["result"] == -2.0


def test_bad_records_are_refused_naming_them() -> None:
    with pytest.raises(ReviewError, match="not a record"):
        analyse_game("{not json")
    with pytest.raises(ValueError):
        analyse_game("Toutes Tables record 1\nRules: chess\n")
    with pytest.raises(ReviewError, match="longer than"):
        analyse_game("x" * 3_000_000)
    with pytest.raises(ReviewError, match="record must be a Game"):
        analyse_game(42)  # type: ignore[arg-type]


@pytest.mark.parametrize("nested", ['{"a": ' * 100_000 + "1" + "}" * 100_000, "{" + '"a": [' * 100_000])
def test_a_json_record_nested_past_the_recursion_limit_is_a_review_error_naming_the_record(nested: str) -> None:
    with pytest.raises(ReviewError, match="record: not a record"):
        analyse_game(nested)
    with pytest.raises(ReviewError, match="record: not a record"):
        review(nested)  # refused when called, not at its first decision


# -- the cube in a backgammon match -------------------------------------------------------------


def test_cube_decisions_in_a_backgammon_match() -> None:
    match = Match("backgammon", 5, rng=random.Random(2))
    game = match.game
    game.roll_opening((1, 3))  # White opens (Black rolled 1, White 3)
    game.play("8/5 6/5")
    game.offer_double()  # Black doubles at once: a clear error
    game.drop()  # and White drops a double it should take: another
    assert match.score[BLACK] == 1
    match.next_game()
    result = analyse_match(match_to_text(match))
    kinds = [(d.game, d.kind, d.colour, d.played, d.best) for d in result.decisions]
    assert kinds[:3] == [
        (1, "move", WHITE, "8/5 6/5", "8/5 6/5"),
        (1, "cube", BLACK, "double", "no double"),
        (1, "take", WHITE, "drop", "take"),
    ]
    double, answer = result.decisions[1], result.decisions[2]
    # The same numbers as the match-aware cube advice, at 5 away each, Black on roll.
    advice = cube_advice(double.position, "backgammon", CubeState(match_length=5, away=(5, 5), player=BLACK), "expert")
    assert double.error == pytest.approx(advice.no_double - min(advice.double_take, advice.double_drop))
    assert answer.error == pytest.approx(advice.double_drop - advice.double_take)
    assert double.mark and answer.mark
    assert double.match_id and answer.match_id and double.match_id != answer.match_id
    # the take's Match ID has the double offered, Black still on roll and White to act, as gnubg shows it
    offered = MatchState.from_match_id(answer.match_id)
    assert offered.doubled and offered.player_on_roll == player_index(BLACK) != offered.turn == player_index(WHITE)
    assert offered.match_length == 5 and not MatchState.from_match_id(double.match_id).doubled
    black = result.players[BLACK]
    assert black.cube_decisions >= 1 and black.cube_error >= double.shown_error and black.cube_error_mp > 0
    assert result.players[WHITE].cube_error >= answer.error


def test_json_report_has_the_documented_fields(random_game: RandomGame) -> None:
    game = random_game("backgammon", 8, 2)
    data = analyse_game(game).to_json()
    assert set(data["players"]) == {"black", "white"}
    assert {"checker_error_mp", "cube_error_mp", "error_mp", "rating", "luck", "luck_adjusted_result"} <= set(
        data["players"]["white"])
    first = data["decisions"][0]
    assert {"colour", "dice", "played", "best", "error", "mark", "luck", "position_id", "alternatives"} <= set(first)
    assert [x["dice"] for x in data["luck"]] == [d["dice"] for d in data["decisions"] if d["kind"] == "move"]
