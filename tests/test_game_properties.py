"""Property tests: seeded random games and matches in all four sets, played to the end.

Every game is driven through the public API with random legal actions (random cube actions in
the backgammon sets, random options) interleaved with random illegal ones. After every action
the invariants of the rules book are checked (15 checkers a side, no point held by both, the
cube as docs/rules/cube.md gives it); every finished game's score is recomputed here from the rules
(docs/rules/scoring.md); every record round-trips through text and JSON.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from toutes_tables import (
    BLACK,
    CHECKERS,
    RULE_SETS,
    WHITE,
    Color,
    Game,
    GameOptions,
    IllegalMoveError,
    Match,
    Outcome,
    Play,
    Position,
    legal_plays,
)
from toutes_tables.game import Double
from toutes_tables.record import (
    game_from_json,
    game_from_text,
    game_to_json,
    game_to_text,
    match_from_json,
    match_from_text,
    match_to_json,
    match_to_text,
)

GAMES_PER_SET = 250  # with a fifth of them round-tripped through both record formats
MATCHES_PER_SET = 12


def quick_state(game: Game) -> tuple[Any, ...]:
    last = game.history[-1] if game.history else None
    return (
        game.phase, game.dice, game.position, game.turn, game.cube_value, game.cube_owner, game.cube_turned,
        game.result, len(game.history), last,
    )  # fmt: skip


def full_state(game: Game) -> tuple[Any, ...]:
    return (*quick_state(game), game.history, game.start_number, game.drawn_start, game.options, game.is_crawford)


def check_position(position: Position) -> None:
    """15 checkers a side, never two colours on one point."""
    assert sum(position.mine) == CHECKERS and sum(position.theirs) == CHECKERS
    assert all(n >= 0 for n in position.mine + position.theirs)
    for p in range(1, 25):
        assert not (position.mine[p] and position.theirs[25 - p]), position


def random_options(rules: str, rng: random.Random) -> GameOptions:
    if rules.startswith("backgammon"):
        return GameOptions(
            rules=rules,
            cube=rng.random() < 0.85,
            jacoby=rng.random() < 0.3,
            auto_doubles=rng.choice((0, 0, 2, 4, 8)),
            auto_double_mode=rng.choice(("double", "plus-one")),
            point_game=rng.random() < 0.2,
        )
    return GameOptions(rules=rules, winner_opens=rng.random() < 0.5)


def illegal_attempts(game: Game, rng: random.Random) -> list[Callable[[], object]]:
    """Actions the game must refuse in its current phase."""
    phase = game.phase
    attempts: list[Callable[[], object]] = [
        lambda: game.roll((0, 3)) if phase == "roll" else game.roll((3, 3)),
        lambda: game.roll_opening((7, 1)) if phase == "opening" else game.roll_opening((2, 1)),
    ]
    if phase != "move":
        attempts.append(lambda: game.play(()))
    if phase != "double-offered":
        attempts += [game.take, game.drop]
    if not game.can_double():
        attempts.append(game.offer_double)
    if phase == "over":
        attempts += [game.resign, game.roll]
    if phase == "move":
        plays = game.legal_plays()
        attempts += [lambda: game.play("26/3"), lambda: game.play([(30, 2)]), lambda: game.play("24/")]
        if plays:
            attempts.append(lambda: game.play(()))
        # A play legal with other dice but not these.
        other = (rng.randint(1, 6), rng.randint(1, 6))
        results = {p.result for p in plays}
        foreign = [p for p in legal_plays(game.position, other, game.rules) if p.result not in results and p.moves]
        if foreign:
            chosen = rng.choice(foreign)
            attempts += [lambda: game.play(chosen), lambda: game.play(chosen.moves)]
            # Notation is read by where the mover's checkers end up (the hits only tell apart plays
            # that end alike), so only a text ending elsewhere must be refused.
            if chosen.result.theirs not in {p.result.theirs for p in plays}:
                attempts.append(lambda: game.play(str(chosen)))
    else:
        attempts.append(lambda: game.play("8/5 6/5"))
    return attempts


def expected_points(game: Game) -> int:
    """The score of a finished game, recomputed from docs/rules/scoring.md, docs/rules/cube.md and the options."""
    result = game.result
    assert result is not None
    if result.reason == "dropped":
        return game.cube_value
    loser = result.winner.other
    if result.reason == "borne off":
        mine = game.position.checkers(result.winner)
        theirs = game.position.checkers(loser)
        assert mine[0] == CHECKERS
        if theirs[0]:
            outcome = Outcome.SINGLE
        elif not game.rules.backgammon_scoring:
            outcome = Outcome.SINGLE if not any(theirs[7:26]) else Outcome.DOUBLE
        else:
            outcome = Outcome.BACKGAMMON if any(theirs[19:26]) else Outcome.GAMMON
        assert result.outcome is outcome
    if game.rules.cube and game.options.point_game:
        theirs = game.position.checkers(loser)
        values = [0, *([1] * 6), *([2] * 6), *([3] * 6), *([4] * 6), 4]
        return sum(n * v for n, v in zip(theirs, values, strict=True)) * game.cube_value
    if game.rules.backgammon_scoring:
        assert game.cube_value >= 1
        multiplier = 1 if game.options.jacoby and not game.cube_turned else result.outcome.multiplier
        assert result.outcome is not Outcome.DOUBLE
        return multiplier * game.cube_value
    assert game.cube_value == 1, "no cube in Toutes tables"
    assert result.outcome in (Outcome.SINGLE, Outcome.DOUBLE), "no triple in Toutes tables"
    return result.outcome.multiplier


def play_out(game: Game, rng: random.Random, outcomes: Counter[str]) -> None:
    """Play ``game`` to the end with random actions, checking the invariants after each one."""
    greedy = rng.random() < 0.5  # half the games run for home, which ends them in gammons and races
    check_position(game.position)
    while not game.is_over:
        if rng.random() < 0.15:
            attempt = rng.choice(illegal_attempts(game, rng))
            before = quick_state(game)
            with pytest.raises(IllegalMoveError):
                attempt()
            assert quick_state(game) == before
        phase = game.phase
        if phase == "opening":
            cube = game.cube_value
            black, white = game.roll_opening()
            if black == white:
                assert game.phase == "opening" and game.cube_value >= cube
                assert game.cube_value <= max(1, game.options.auto_doubles)
            else:
                assert game.turn is (BLACK if black > white else WHITE)
        elif phase == "roll":
            if game.can_double() and rng.random() < 0.08:
                game.offer_double()
            elif rng.random() < 0.003:
                game.resign(rng.choice((Outcome.SINGLE, Outcome.DOUBLE if not game.rules.cube else Outcome.GAMMON)))
            else:
                game.roll()
        elif phase == "double-offered":
            if rng.random() < 0.85:
                owner_before = game.cube_value
                taker = game.to_act
                game.take()
                assert game.cube_value == 2 * owner_before and game.cube_owner is taker
            else:
                game.drop()
        else:
            plays = game.legal_plays()
            before = game.position
            mover: Color = before.turn
            if not plays:
                game.play(())
                assert game.position == before.swapped()
            else:
                play: Play = max(plays, key=lambda p: p.pips) if greedy else rng.choice(plays)
                game.play(play)
                # The mover's pips drop by what the play travels; the opponent's rise only by hits.
                assert game.position.pips(mover) == before.pips(mover) - play.pips
                assert game.position.pips(mover.other) == before.pips(mover.other) + sum(play.hits)
        check_position(game.position)
    assert game.result is not None
    assert game.result.points == expected_points(game)
    outcomes[f"{game.result.outcome.value}/{game.result.reason}"] += 1


def round_trips(game: Game) -> None:
    assert full_state(game_from_json(game_to_json(game))) == full_state(game)
    text = game_to_text(game)
    again = game_from_text(text)
    assert full_state(again) == full_state(game)
    assert game_to_text(again) == text


@pytest.mark.parametrize("rules", RULE_SETS)
def test_random_games_keep_the_invariants_and_score_as_specified(rules: str) -> None:
    rng = random.Random(f"games {rules}")
    outcomes: Counter[str] = Counter()
    for i in range(GAMES_PER_SET):
        options = random_options(rules, rng)
        game = Game(rules, options=options, rng=rng, opener=rng.choice((None, None, BLACK, WHITE)))
        play_out(game, rng, outcomes)
        if i % 5 == 0:
            round_trips(game)
    # The runs reach the outcomes that matter for scoring.
    if rules.startswith("backgammon"):
        assert {"single/borne off", "gammon/borne off", "backgammon/borne off", "single/dropped"} <= set(outcomes)
    else:
        assert {"single/borne off", "double/borne off"} <= set(outcomes)


def expected_crawford_flags(match: Match) -> list[bool]:
    """The Crawford game is the one right after a player first reaches length - 1 (none in a 1-point match)."""
    flags = []
    score = {BLACK: 0, WHITE: 0}
    reached_before = False  # someone stood at match point before the last game
    for i, game in enumerate(match.games):
        at_point = i > 0 and any(v == match.length - 1 for v in score.values())
        use = match.crawford and match.rules.cube and match.options.cube
        flags.append(bool(use and at_point and not reached_before))
        reached_before = reached_before or at_point
        if game.result is not None:
            score[game.result.winner] += game.result.points
    return flags


@pytest.mark.parametrize("rules", RULE_SETS)
def test_random_matches_follow_the_match_rules(rules: str) -> None:
    rng = random.Random(f"matches {rules}")
    outcomes: Counter[str] = Counter()
    for _ in range(MATCHES_PER_SET):
        options = random_options(rules, rng)
        if options.jacoby:
            options = GameOptions(**{**options.to_json(), "jacoby": False})  # type: ignore[arg-type]
        match = Match(rules, rng.randint(1, 5), options, rng=rng, crawford=rng.random() < 0.8)
        while True:
            play_out(match.game, rng, outcomes)
            if match.is_over:
                break
            match.next_game()
        games = match.games
        score = {BLACK: 0, WHITE: 0}
        for game in games:
            assert game.result is not None
            score[game.result.winner] += game.result.points
        assert match.score == score and max(score.values()) >= match.length
        assert all(max(s.values()) < match.length for s in [match._score_after(games[:-1])])
        assert [g.is_crawford for g in games] == expected_crawford_flags(match)
        for game in games:
            if game.is_crawford:
                assert not any(isinstance(a, Double) for a in game.history)
        for i, game in enumerate(games):
            if match.rules.drawn_starts and i % 2 == 1:
                assert game.drawn_start == games[i - 1].drawn_start and game.drawn_start is not None
            elif not match.rules.drawn_starts:
                assert game.start_number == 64
            if i > 0 and options.winner_opens:
                previous = games[i - 1].result
                assert previous is not None and game.opener is previous.winner
        assert match_to_json(match_from_json(match_to_json(match))) == match_to_json(match)
        loaded = match_from_text(match_to_text(match))
        assert [full_state(g) for g in loaded.games] == [full_state(g) for g in games]
