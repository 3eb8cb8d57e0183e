"""The cube: answers that follow the rules (who may double, Crawford, dead cubes), clear-cut decisions, the MET."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from toutes_tables import RULE_SETS, Game, GameOptions, Match, Position, get_rules, start_position
from toutes_tables.ai import Chances, CubeState, cube_advice, should_double, should_take
from toutes_tables.ai.cube import Leaf, _money_cubeful, cube_efficiency, cubeful_equities, leaf_equities
from toutes_tables.ai.features import in_contact
from toutes_tables.ai.met import (
    DATA_FILE,
    GammonShares,
    MatchCube,
    MatchEquityTable,
    _piecewise,
    default_table,
    match_winning_chance,
)
from toutes_tables.position import BLACK, WHITE

OPENING = start_position(64)
# A race the player on roll has won (nine pips against sixty, nobody can be gammoned).
WON_RACE = Position.from_text("white 1:2 2:2 3:2 / 6:3 5:3 4:3 3:3 2:3")
# Three opposing checkers on the bar against a closed board: a likely gammon.
GAMMONISH = Position.from_text("white 6:3 5:3 4:3 3:2 2:2 1:2 / bar:3 6:4 5:4 4:4")
LEVEL = "advanced"  # 0-ply: the tests stay fast


# -- the rules: never an offer the rules forbid --------------------------------------------

FORBIDDEN = [
    pytest.param(CubeState(value=2, owner=BLACK), id="the opponent owns the cube"),
    pytest.param(CubeState(match_length=5, away=(2, 1), crawford=True), id="the Crawford game"),
    pytest.param(CubeState(enabled=False), id="the cube option is off"),
    pytest.param(CubeState(value=2, owner=WHITE, match_length=5, away=(2, 4)), id="a dead cube (2 already wins)"),
]


@pytest.mark.parametrize("cube", FORBIDDEN)
@pytest.mark.parametrize("position", [OPENING, WON_RACE, GAMMONISH], ids=["opening", "won race", "gammonish"])
def test_never_a_double_when_the_rules_do_not_allow_it(cube: CubeState, position: Position) -> None:
    advice = cube_advice(position, "backgammon", cube, LEVEL)  # White on roll
    assert not advice.may_double
    assert not advice.double
    assert not should_double(position, "backgammon", cube, LEVEL)
    assert advice.reason


@pytest.mark.parametrize("rules", [r for r in RULE_SETS if not get_rules(r).cube])
def test_toutes_tables_sets_have_no_cube(rules: str) -> None:
    advice = cube_advice(WON_RACE, rules, CubeState(), LEVEL)
    assert not advice.may_double and not advice.double
    assert not should_double(WON_RACE, rules, CubeState(), LEVEL)


def test_the_owner_may_redouble() -> None:
    advice = cube_advice(WON_RACE, "backgammon", CubeState(value=2, owner=WHITE), LEVEL)
    assert advice.may_double and advice.double and advice.verdict == "Redouble, pass"


# -- clear-cut decisions -------------------------------------------------------------------


def test_the_opening_position_is_no_double_take() -> None:
    for level in ("advanced", "expert"):
        advice = cube_advice(OPENING, "backgammon", CubeState(), level)
        assert (advice.double, advice.take, advice.verdict) == (False, True, "No double, take")
        assert advice.double_take < advice.no_double < advice.double_drop == 1.0


def test_a_won_race_is_double_pass() -> None:
    advice = cube_advice(WON_RACE, "backgammon", CubeState(), LEVEL)
    assert (advice.double, advice.take, advice.verdict) == (True, False, "Double, pass")
    assert not should_take(WON_RACE, "backgammon", CubeState(), LEVEL)


def test_a_likely_gammon_is_too_good_to_double_for_money() -> None:
    advice = cube_advice(GAMMONISH, "backgammon", CubeState(), LEVEL)
    assert (advice.double, advice.take, advice.verdict) == (False, False, "Too good to double, pass")
    assert advice.no_double > 1.0


def test_under_jacoby_a_centred_cube_ignores_gammons_so_the_favourite_cashes() -> None:
    advice = cube_advice(GAMMONISH, "backgammon", CubeState(jacoby=True), LEVEL)
    assert (advice.double, advice.verdict) == (True, "Double, pass")
    # Once the cube was turned Jacoby no longer applies: an owned cube plays on for the gammon.
    owned = cube_advice(GAMMONISH, "backgammon", CubeState(value=2, owner=WHITE, jacoby=True), LEVEL)
    assert owned.verdict == "Too good to redouble, pass"


# -- match play ----------------------------------------------------------------------------


def test_post_crawford_the_trailer_doubles_at_once() -> None:
    for away in (2, 3, 4, 5):
        cube = CubeState(match_length=7, away=(away, 1))
        assert should_double(OPENING, "backgammon", cube, LEVEL), away


def test_the_leader_post_crawford_never_doubles_a_dead_cube_but_may_drop_freely() -> None:
    leader = CubeState(match_length=7, away=(1, 2))
    assert not cube_advice(OPENING, "backgammon", leader, LEVEL).may_double
    # Trailer 2 away on roll at the start (he wins a little over half): the leader's free drop.
    trailer = cube_advice(OPENING, "backgammon", CubeState(match_length=7, away=(2, 1)), LEVEL)
    assert trailer.double and not trailer.take


def test_a_drop_that_loses_the_match_is_never_right() -> None:
    # The doubler is 1 away (post-Crawford): a drop would give him the match, so even a lost race is taken.
    cube = CubeState(match_length=5, away=(1, 3))
    assert not cube_advice(WON_RACE, "backgammon", cube, LEVEL).may_double  # his cube is dead
    assert should_take(WON_RACE, "backgammon", cube, LEVEL)
    # The same race for money is a pass.
    assert not should_take(WON_RACE, "backgammon", CubeState(), LEVEL)


def test_a_cube_worth_the_doublers_remaining_points_is_dead() -> None:
    assert not cube_advice(GAMMONISH, "backgammon", CubeState(2, WHITE, 5, (2, 3)), LEVEL).may_double
    assert cube_advice(GAMMONISH, "backgammon", CubeState(2, WHITE, 5, (3, 3)), LEVEL).may_double
    # A cube already past both players' needs: no double, and the answer to one is still given.
    beyond = cube_advice(GAMMONISH, "backgammon", CubeState(4, WHITE, 5, (2, 3)), LEVEL)
    assert not beyond.may_double and beyond.take


def test_match_advice_reports_match_winning_chances() -> None:
    advice = cube_advice(WON_RACE, "backgammon", CubeState(match_length=5, away=(4, 2)), LEVEL)
    assert advice.match_winning_chances is not None
    no_double, double_take, double_drop = advice.match_winning_chances
    assert double_drop == pytest.approx(match_winning_chance(3, 2))
    assert advice.verdict == "Double, pass" and double_take > double_drop


def test_at_2_away_4_away_the_taker_of_a_2_cube_redoubles_at_once_so_the_take_is_worth_the_winning_chances() -> None:
    # Redoubled to 4 the game decides the match for both (the doubler needs 2, the taker 4), and the doubler,
    # a favourite, takes: holding the 2-cube would only leave the taker his gammons, so he redoubles at once.
    table = default_table()
    for win in (0.6, 0.7, 0.8, 0.9):
        for shares in (GammonShares(), GammonShares(0.4, 0.05, 0.1, 0.0)):
            cube = MatchCube(table, 2, 4, 1, shares)
            held = 0.68 * win + 0.32 * cube.dead(win, 1)  # what a take would be worth if he held the cube
            assert cube.double_take(win, 0.68) == pytest.approx(win)
            assert win < held
    # At 7-away, 7-away an immediate redouble would hand the doubler a 4-cube: the taker holds.
    even = MatchCube(table, 7, 7, 1, GammonShares())
    live = _piecewise(even.owned_curve(1, mine=False), 0.7)
    assert even.double_take(0.7, 0.68) == pytest.approx(0.68 * live + 0.32 * even.dead(0.7, 1))


def test_cube_state_from_a_game_and_a_match() -> None:
    match = Match("backgammon", length=5)
    game = match.game
    game.roll_opening((3, 1))
    state = CubeState.from_game(game, match)
    assert (state.value, state.owner, state.match_length, state.away, state.crawford) == (1, None, 5, (5, 5), False)
    money = Game("backgammon", options=GameOptions(jacoby=True))
    money.roll_opening((3, 1))
    assert CubeState.from_game(money).jacoby
    assert not CubeState.from_game(Game("toutes-tables")).enabled


def test_a_cube_state_refuses_nonsense() -> None:
    with pytest.raises(ValueError, match="value"):
        CubeState(value=0)
    with pytest.raises(ValueError, match="away"):
        CubeState(match_length=5, away=(0, 3))  # the match is over


# -- the match equity table ----------------------------------------------------------------


def test_met_is_symmetric_and_monotone() -> None:
    table = default_table()
    for a in range(1, 26):
        for b in range(1, 26):
            assert table.mwc(a, b) + table.mwc(b, a) == pytest.approx(1.0, abs=1e-9)
            if a > 1:
                assert table.mwc(a, b) < table.mwc(a - 1, b)  # nearer the goal is better
            if b > 1:
                assert table.mwc(a, b) > table.mwc(a, b - 1)
    post = [table.mwc(n, 1, post_crawford=True) for n in range(1, 26)]
    assert post[0] == 0.5 and all(x > y for x, y in zip(post, post[1:], strict=False))


def test_the_shipped_met_is_the_one_the_module_builds() -> None:
    shipped = json.loads((resources.files("toutes_tables") / "data" / DATA_FILE).read_text(encoding="utf-8"))
    assert shipped == MatchEquityTable().to_data(), "run scripts/make_met.py after changing the MET's construction"
    table = MatchEquityTable.from_data(shipped)
    assert table.mwc(3, 5) == MatchEquityTable().mwc(3, 5)


def test_the_shipped_met_is_read_not_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker reads the shipped table; building one (Zadeh's construction) is for scripts/make_met.py only.

    Speed is the benchmarks' business: this checks the cause of the speed, that nothing is built at load.
    """

    def built(*args: object) -> float:
        raise AssertionError("the shipped match equity table was built at load, not read")

    monkeypatch.setattr(MatchEquityTable, "_construct", built)
    monkeypatch.setattr("toutes_tables.ai.met._trailer_post_crawford", built)
    text = (resources.files("toutes_tables") / "data" / DATA_FILE).read_text(encoding="utf-8")
    table = MatchEquityTable.from_data(json.loads(text))
    assert table.mwc(3, 5) == pytest.approx(json.loads(text)["pre_crawford"][2][4])
    with pytest.raises(AssertionError, match="built at load"):
        MatchEquityTable()


def test_met_is_close_to_gnubgs_default_table() -> None:
    gnubg = pytest.importorskip("gnubg")
    pre, post_crawford, _ = gnubg.met(25)
    table = default_table()
    worst = max(abs(table.mwc(a, b) - pre[a - 1][b - 1]) for a in range(1, 26) for b in range(1, 26))
    assert worst < 0.02
    worst_post = max(abs(table.mwc(n, 1, post_crawford=True) - post_crawford[n - 1]) for n in range(1, 26))
    assert worst_post < 0.01


# -- the money model against the textbook numbers ------------------------------------------


def _race(win: float) -> Chances:
    return Chances(win, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)


def _decision(win: float, efficiency: float) -> tuple[float, float]:
    """(no double, double take) for a gammonless race with a centred cube."""
    return (
        _money_cubeful(_race(win), None, efficiency),
        2.0 * _money_cubeful(_race(win), False, efficiency),
    )


def test_janowski_race_points_match_the_textbook() -> None:
    # A long race (x = 0.7): the take point is about 21.5%, the initial double about 70%.
    no_double, double_take = _decision(0.785, 0.7)
    assert double_take < 1.0  # still a take at 21.5%
    no_double, double_take = _decision(0.79, 0.7)
    assert double_take > 1.0  # a pass at 21%
    assert _decision(0.66, 0.7)[1] < _decision(0.66, 0.7)[0]  # no double at 66%
    assert _decision(0.72, 0.7)[1] > _decision(0.72, 0.7)[0]  # double at 72%
    # A dead cube (x = 0) doubles as soon as the take is worth more than not doubling: at 50% and above.
    assert _decision(0.51, 0.0)[1] > _decision(0.51, 0.0)[0]
    # A fully live cube (x = 1) waits until the last moment: the opponent's take point (80%).
    assert _decision(0.79, 1.0)[1] < _decision(0.79, 1.0)[0]


def _take_point(efficiency: float) -> float:
    """The taker's least winning chance to take, for money without gammons (bisection on double/take = +1)."""
    low, high = 0.0, 0.5
    for _ in range(60):
        taker = (low + high) / 2.0
        low, high = (taker, high) if 2.0 * _money_cubeful(_race(1.0 - taker), False, efficiency) > 1.0 else (low, taker)
    return high


def test_the_money_take_point_without_gammons_is_a_quarter_with_a_dead_cube_and_a_fifth_with_a_live_one() -> None:
    assert _take_point(0.0) == pytest.approx(0.25)
    assert _take_point(1.0) == pytest.approx(0.20)
    assert 0.20 < _take_point(0.68) < 0.25


def test_under_jacoby_a_centred_no_double_is_never_worth_more_than_the_cash() -> None:
    gammonish = Chances(0.8, 0.4, 0.02, 0.05, 0.0, 0.0, 0.0)
    assert _money_cubeful(gammonish, None, 0.68) > 1.0  # without the rule: too good, playing on for the gammon
    for win in (0.5, 0.6, 0.7, 0.8, 0.9, 0.99):
        for gammon in (0.0, 0.2, 0.5):
            c = Chances(win, gammon * win, 0.0, 0.1 * (1.0 - win), 0.0, 0.0, 0.0)
            for efficiency in (0.0, 0.68, 1.0):
                assert _money_cubeful(c, None, efficiency, jacoby=True) <= 1.0, (win, gammon, efficiency)
    # Once turned, the rule no longer holds: the owner of the cube may play on for the gammon.
    assert _money_cubeful(gammonish, True, 0.68) > 1.0


def test_after_a_roll_that_loses_his_market_the_opponent_cashes_unless_the_cube_is_mine() -> None:
    # Every roll leaves the opponent (now on roll) winning 90 %, no gammons: past his cash point.
    leaves = [Leaf(36, OPENING, _race(0.9), over=False)]
    no_double, double_take, _ = leaf_equities(leaves, CubeState(), None)
    assert no_double == pytest.approx(-1.0)  # centred: he doubles me out, I lose the one point
    assert double_take == pytest.approx(-2.0)  # his 2-cube: he redoubles me out at 2
    mine, _, _ = leaf_equities(leaves, CubeState(value=2, owner=WHITE, player=WHITE), True)
    assert -1.0 < mine < -0.5  # my cube: he cannot double, I play on and win some
    # The same after a roll that won the game: the points won, with the gammon unless Jacoby's rule holds.
    won = [Leaf(36, OPENING, Chances(0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0), over=True)]
    assert leaf_equities(won, CubeState(), None)[:2] == (2.0, 4.0)
    assert leaf_equities(won, CubeState(jacoby=True), None)[:2] == (1.0, 4.0)


def test_race_efficiency_grows_with_the_race_and_contact_is_068() -> None:
    assert cube_efficiency(OPENING) == 0.68
    short = Position.from_text("white 1:2 2:2 / 1:2 2:2")
    long = Position.from_text("white 6:5 5:5 12:5 / 6:5 5:5 4:5")
    assert cube_efficiency(short) == 0.6 < cube_efficiency(long) <= 0.7


def test_a_spent_time_budget_falls_back_to_the_direct_chances() -> None:
    from toutes_tables.ai import chances
    from toutes_tables.ai.cube import position_chances

    rules = get_rules("backgammon")
    assert position_chances(OPENING, rules, ply=1, time_budget=0.0) == chances(OPENING, None, rules)
    deeper = position_chances(OPENING, rules, ply=1)
    assert deeper != chances(OPENING, None, rules) and 0.45 < deeper.win < 0.6


# -- gnubg cross-check: the money model is gnubg's Janowski conversion, with and without Jacoby ----

# Positions before the roll from gnubg self-play (the cube benchmark's), all in contact: far past the cash
# point with gammons, past it without many, in the doubling window, and the take-or-pass region.
CROSS_CHECK = [
    "black 1:2 2:2 3:3 4:2 5:2 6:2 7:2 / 2:4 4:2 5:2 6:2 8:2 13:2 bar:1",
    "black 2:2 3:2 4:2 5:3 6:2 10:1 13:1 18:1 24:1 / 2:4 4:2 5:2 6:2 8:2 13:2 bar:1",
    "white 1:1 2:2 3:3 4:2 6:2 8:2 16:1 17:2 / 1:2 2:2 3:2 5:3 6:3 12:1 20:1 bar:1",
    "white 1:4 2:3 3:2 5:2 8:3 16:1 / 1:6 3:4 5:2 6:1 19:2",
    "white 2:3 4:2 5:1 6:3 8:2 13:2 18:2 / 2:1 4:2 5:2 6:3 8:1 10:1 13:3 24:2",
    "white 4:2 5:3 6:2 11:1 13:3 16:2 18:1 23:1 / 1:2 3:2 5:2 6:2 13:4 15:1 23:1 24:1",
]
GNUBG_LOW_PLY_CONTACT_EFFICIENCY = 0.76  # gnubg's contact cube efficiency at 0- and 1-ply ("show cubeefficiency")

# The child asks gnubg's command line (the benchmarks' judge) and prints JSON only, on its last line: for each
# position its cubeless chances, then (ND, DT, DP) for each setting, [away or None, Jacoby rule].
GNUBG_CUBE = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import gnubg
from gnubg_cube import GnubgCube
from toutes_tables import Position
texts, plies, settings = json.loads(sys.argv[2])
positions = [Position.from_text(text) for text in texts]
context = gnubg.eval_context(0, plies, 1, 0, 0.0)
# The cubeless chances first: once a match score is set, gnubg's deeper evaluations play for it.
chances = [list(gnubg.evaluate(p.to_gnubg_board(), gnubg.cube_info(), context)[:5]) for p in positions]
judge = GnubgCube()
rows = [[c, [judge.equities(p, away and tuple(away), plies, jacoby) for away, jacoby in settings]]
        for c, p in zip(chances, positions)]
print(json.dumps(rows))
"""

Settings = list[tuple[tuple[int, int] | None, bool]]


def _gnubg_cube(texts: list[str], plies: int, settings: Settings) -> list[tuple[Chances, list[list[float]]]]:
    """gnubg's cubeless chances and cube analysis at ``plies`` of each position, for each setting (in a child)."""
    pytest.importorskip("gnubg")
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", GNUBG_CUBE, str(root / "benchmarks"), json.dumps([texts, plies, settings])],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(root / "pkg")},
    )
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout.strip().splitlines()[-1])
    return [(Chances(*chances, 0.0, 0.0), equities) for chances, equities in rows]


def test_money_equities_are_gnubgs_janowski_conversion_with_and_without_the_jacoby_rule() -> None:
    rows = _gnubg_cube(CROSS_CHECK, 0, [(None, False), (None, True)])
    x = GNUBG_LOW_PLY_CONTACT_EFFICIENCY
    verdicts = set()
    for text, (c, (money, jacoby)) in zip(CROSS_CHECK, rows, strict=True):
        assert in_contact(Position.from_text(text).mine, Position.from_text(text).theirs)
        for (nd, dt, dp), rule in ((money, False), (jacoby, True)):
            assert dp == 1.0
            assert _money_cubeful(c, None, x, jacoby=rule) == pytest.approx(nd, abs=2e-4), (text, rule)
            assert 2.0 * _money_cubeful(c, False, x) == pytest.approx(dt, abs=2e-4), (text, rule)
            verdicts.add((rule, nd > dp, min(dt, dp) > nd))
    # The positions reach every case: too good without Jacoby but a cash with it, a double, no double.
    assert {(False, True, False), (True, False, True), (False, False, False)} <= verdicts


# The cube benchmark's positions at 2-away, 4-away (seed 1), but for the near-certain wins: gnubg 2-ply finds a
# take there worth about the winning chances, as the taker redoubles at once.
AT_2_AWAY_4_AWAY = [
    "white 2:4 4:2 5:2 6:2 8:1 13:2 18:2 / 2:2 4:2 5:3 6:3 8:1 13:2 24:2",
    "black 2:2 3:2 4:2 5:3 6:3 13:2 24:1 / 2:4 4:2 5:2 6:2 8:2 13:2 bar:1",
    "black 1:2 3:2 5:1 6:2 8:2 11:2 13:2 15:1 16:1 / 1:2 2:1 6:3 8:4 13:2 23:2 bar:1",
    "black 1:2 3:2 5:2 6:2 8:2 9:2 11:1 13:1 bar:1 / 1:2 2:3 3:2 8:3 13:2 23:3",
    "black 1:5 3:3 5:2 6:2 7:2 bar:1 / 1:3 2:3 3:2 5:2 15:1 16:1 23:3",
    "white 1:4 2:3 3:2 5:2 8:1 10:1 16:1 21:1 / 1:5 3:3 5:2 6:3 19:1 bar:1",
]


def test_match_cube_at_2_away_4_away_agrees_with_gnubg_2_ply_given_its_chances() -> None:
    rows = _gnubg_cube(AT_2_AWAY_4_AWAY, 2, [((2, 4), False)])
    cube = CubeState(match_length=7, away=(2, 4))
    for text, (chances, [(nd, dt, dp)]) in zip(AT_2_AWAY_4_AWAY, rows, strict=True):
        position = Position.from_text(text)
        no_double, double_take, _ = cubeful_equities(chances, cube, None, cube_efficiency(position))
        assert no_double == pytest.approx(nd, abs=0.04), text
        assert double_take == pytest.approx(dt, abs=0.04), text
        assert (min(double_take, 1.0) > no_double, double_take <= 1.0) == (min(dt, dp) > nd, dt <= dp), text
