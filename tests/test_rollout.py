"""Rollouts (toutes_tables.rollout): reproducible, exact where the game is decided, narrowing with games."""

from __future__ import annotations

from typing import Any

import pytest

from toutes_tables import RULE_SETS, Position, get_rules, legal_plays, start_position
from toutes_tables import rollout as rollout_module
from toutes_tables.ai import cube as cube_module
from toutes_tables.ai.cube import CubeState
from toutes_tables.ai.met import default_table
from toutes_tables.rollout import (
    MAX_CANDIDATES,
    MAX_GAMES,
    MAX_RUN_GAMES,
    MAX_RUN_WORK,
    CubeRollout,
    Rollout,
    RolloutBoundError,
    RolloutError,
    rollout,
)

# White bears off his last two checkers with any roll; Black has borne off none and stands outside his home.
FORCED_WIN = Position.from_text("white 1:2 / 13:15")
# A short bear-off race with contact gone: the result is uncertain, the games are short.
RACE = Position.from_text("white 6:2 5:2 4:1 2:2 / 6:1 5:1 3:2 1:1")
# White (on roll) bears off his three checkers with a double now, else surely next turn; Black needs a double too.
START = start_position(64)
PASS = Position.from_text("white 1:2 2:1 / 1:3")


def played(done: Rollout | CubeRollout, games: int) -> Rollout | CubeRollout:
    """``done`` after as many bounded runs as it takes to play ``games`` games of every candidate."""
    while done.games < games:
        done.run(games - done.games)
    return done


def test_the_same_seed_gives_the_same_rollout_however_it_is_chunked() -> None:
    for reduction in (False, True):
        whole = played(Rollout(RACE, (6, 1), "backgammon", seed=7, variance_reduction=reduction), 6)
        chunked = Rollout(RACE, (6, 1), "backgammon", seed=7, variance_reduction=reduction)
        while chunked.games < 6:  # small budgets: runs stop in the middle of games
            chunked.run(6 - chunked.games, budget=25)
        assert [c.to_json() for c in whole.candidates] == [c.to_json() for c in chunked.candidates]
    other = Rollout(RACE, (6, 1), "backgammon", seed=8, variance_reduction=False).run(6)
    assert [c.total for c in other.candidates] != [c.total for c in whole.candidates]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_forced_win_has_the_equity_of_its_result(rules: str) -> None:
    # A double game (Toutes tables) or a gammon (backgammon): two points, every time.
    for reduction in (False, True):
        results = rollout(FORCED_WIN, (2, 1), rules, games=3, seed=1, variance_reduction=reduction)
        assert [(c.mean, c.win_rate, c.standard_error) for c in results] == [(2.0, 1.0, 0.0)] * len(results)
    # Black all home: a single game in Toutes tables (no double game), still a gammon in backgammon.
    home = Position.from_text("white 1:2 / 6:15")
    expected = 2.0 if get_rules(rules).backgammon_scoring else 1.0
    assert rollout(home, (2, 1), rules, games=2, variance_reduction=False)[0].mean == expected


def test_the_interval_shrinks_with_more_games() -> None:
    play = legal_plays(RACE, (6, 1), "backgammon")[0]
    done = Rollout(RACE, (6, 1), "backgammon", [play], seed=3, variance_reduction=False)
    widths = []
    for games in (8, 24, 64):
        played(done, games)
        low, high = done.candidates[0].interval
        widths.append(high - low)
    assert widths[0] > widths[1] > widths[2] > 0


def test_variance_reduction_narrows_the_interval_without_moving_the_mean_far() -> None:
    play = legal_plays(RACE, (6, 1), "backgammon")[0]
    plain = played(Rollout(RACE, (6, 1), "backgammon", [play], seed=5, variance_reduction=False), 36).candidates[0]
    reduced = played(Rollout(RACE, (6, 1), "backgammon", [play], seed=5), 36).candidates[0]
    assert reduced.standard_error < plain.standard_error / 2
    assert abs(reduced.mean - plain.mean) < 3 * plain.standard_error


def test_a_position_is_rolled_out_before_its_roll() -> None:
    done = Rollout(FORCED_WIN, None, "backgammon", seed=2, variance_reduction=False).run(2)
    assert [c.notation for c in done.candidates] == ["(before the roll)"] and done.candidates[0].mean == 2.0


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_rule_set_rolls_out(rules: str) -> None:
    start = start_position(17 if "225" in rules else 64)
    done = Rollout(start, (6, 5), rules, seed=1, truncate=3).run(2)
    assert done.games == 2 and len(done.candidates) >= 1
    assert all(-3.0 <= c.mean <= 3.0 for c in done.candidates)
    assert done.candidates[0].to_json()["games"] == 2


def test_bad_rollouts_are_refused() -> None:
    with pytest.raises(RolloutError, match="games is a whole number"):
        Rollout(RACE, (6, 1), "backgammon").run(0)
    with pytest.raises(RolloutError, match="truncate"):
        Rollout(RACE, (6, 1), "backgammon", truncate=0)
    other = legal_plays(RACE, (5, 2), "backgammon")[0]
    with pytest.raises(RolloutError, match="not a legal play"):
        Rollout(RACE, (6, 1), "backgammon", [other])
    with pytest.raises(RolloutError, match="game is over"):
        Rollout(Position.from_text("white - / 6:1"), (6, 1), "backgammon")
    with pytest.raises(RolloutError, match="need the dice"):
        Rollout(RACE, None, "backgammon", [other])


def test_one_run_does_at_most_its_budget_of_work(rollout_rankings: Any) -> None:
    done = Rollout(START, (6, 5), "backgammon", seed=1)  # every play of 6-5, whole games, variance reduction
    rollout_rankings.count = 0  # the candidates' ranking at the start is not a run's
    done.run(MAX_RUN_GAMES)
    assert 0 < rollout_rankings.count <= MAX_RUN_WORK
    assert done.games < MAX_RUN_GAMES and done.in_progress  # stopped at the budget, in the middle of a game
    rollout_rankings.count = 0
    done.run(1, budget=50)
    assert 0 < rollout_rankings.count <= 50
    # A run always plays at least one ply, whatever its budget.
    rollout_rankings.count = 0
    done.run(1, budget=1)
    assert rollout_rankings.count > 0


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: Rollout(RACE, (6, 1), "backgammon").run(MAX_RUN_GAMES + 1), "games: one run plays at most"),
        (lambda: Rollout(RACE, (6, 1), "backgammon").run(1, budget=MAX_RUN_WORK + 1), "budget is a whole number"),
        (lambda: Rollout(RACE, (6, 1), "backgammon").run(1, budget=0), "budget is a whole number"),
        (lambda: Rollout(RACE, (6, 1), "backgammon", truncate=10**9), "truncate is a number of plies"),
        (lambda: Rollout(START, (2, 1), "backgammon", legal_plays(START, (2, 1), "backgammon")), "candidates: at most"),
        (lambda: CubeRollout(PASS, "backgammon").run(1, budget=10**100), "budget"),
    ],
)
def test_a_request_over_a_rollout_bound_is_refused_naming_the_input(call: object, named: str) -> None:
    assert len(legal_plays(START, (2, 1), "backgammon")) > MAX_CANDIDATES
    with pytest.raises(RolloutBoundError, match=named):
        call()  # type: ignore[operator]


def test_a_rollout_stops_at_max_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rollout_module, "MAX_GAMES", 3)
    done = played(Rollout(FORCED_WIN, (2, 1), "backgammon", variance_reduction=False), 3)
    with pytest.raises(RolloutBoundError, match="at most 3 games"):
        done.run(1)
    assert MAX_GAMES == 100_000


# -- cube actions --------------------------------------------------------------------------------------


def test_a_cube_rollout_where_pass_is_obviously_right_says_double_pass() -> None:
    done = played(CubeRollout(PASS, "backgammon", seed=1), 36)
    nd, dt, dp = done.candidates
    assert [c.notation for c in done.candidates] == ["No double", "Double, take", "Double, pass"]
    # White wins at once with a double (1/6), else Black misses his double (5/6) and White is off next turn.
    exact = 1 / 6 + 5 / 6 * (5 / 6 - 1 / 6)
    assert nd.interval[0] - 1e-9 <= exact <= nd.interval[1] + 1e-9 and abs(nd.mean - exact) < 0.05
    assert dt.mean > 1.0 == dp.mean > nd.mean and dp.standard_error == 0.0
    assert done.verdict == "Double, pass" and done.advice.verdict == "Double, pass"


def test_the_owner_of_the_cube_rolls_out_a_redouble() -> None:
    done = played(CubeRollout(PASS, "backgammon", CubeState(value=2, owner=PASS.turn), seed=1), 4)
    nd, dt, dp = (c.mean for c in done.candidates)
    assert dt > dp == 1.0 > nd and done.verdict == "Redouble, pass"


def test_a_cube_rollouts_verdicts_are_in_its_language() -> None:
    done = played(CubeRollout(PASS, "backgammon", seed=1, variance_reduction=False, lang="fr"), 2)
    assert done.verdict == "Double, refuse" and done.advice.verdict == "Double, refuse"
    assert played(CubeRollout(FORCED_WIN, "backgammon", lang="fr"), 1).verdict == "Trop bon pour doubler, refuse"
    with pytest.raises(ValueError, match="lang"):
        CubeRollout(PASS, "backgammon", lang="xx")


def test_a_cube_rollout_of_a_sure_gammon_is_too_good_to_double() -> None:
    done = played(CubeRollout(FORCED_WIN, "backgammon", seed=1), 4)
    assert [c.mean for c in done.candidates] == [2.0, 4.0, 1.0]  # a gammon at 1, at 2 taken, the cube cashed
    assert done.verdict == "Too good to double, pass"


def test_under_the_jacoby_rule_a_centred_cube_counts_no_gammon() -> None:
    done = played(CubeRollout(FORCED_WIN, "backgammon", CubeState(jacoby=True), seed=1), 2)
    assert [c.mean for c in done.candidates] == [1.0, 4.0, 1.0]
    assert done.verdict == "Double, pass"  # cash: playing on wins nothing more


def test_a_cube_rollout_in_a_match_scores_the_match_equity_table() -> None:
    # 5-point match, White 3 away, Black 5 away: a sure gammon on a 1-cube leaves White 1 away (Crawford next).
    cube = CubeState(match_length=5, away=(3, 5))
    done = played(CubeRollout(FORCED_WIN, "backgammon", cube, seed=1), 2)
    table = default_table()
    lose, cash = table.mwc(3, 4), table.mwc(2, 5)
    normalised = [2 * (m - lose) / (cash - lose) - 1 for m in (table.mwc(1, 5), table.mwc(-1, 5), cash)]
    assert [c.mean for c in done.candidates] == pytest.approx(normalised)
    assert done.candidates[2].mean == pytest.approx(1.0)


def test_a_cube_rollout_is_the_same_however_it_is_chunked_and_narrowed_by_variance_reduction() -> None:
    whole = played(CubeRollout(RACE, "backgammon", seed=3), 8)
    chunked = CubeRollout(RACE, "backgammon", seed=3)
    while chunked.games < 8:
        chunked.run(8 - chunked.games, budget=30)
    assert [c.to_json() for c in whole.candidates] == [c.to_json() for c in chunked.candidates]
    plain = played(CubeRollout(RACE, "backgammon", seed=3, variance_reduction=False), 8)
    assert whole.candidates[0].standard_error < plain.candidates[0].standard_error / 2
    assert abs(whole.candidates[0].mean - plain.candidates[0].mean) < 3 * plain.candidates[0].standard_error


def test_a_truncated_cube_rollout_scores_the_cubeful_equity_where_it_stops() -> None:
    done = played(CubeRollout(start_position(64), "backgammon", seed=2, truncate=2), 4)
    nd, dt, dp = done.candidates
    assert all(-3.0 < c.mean < 3.0 for c in (nd, dt)) and dp.mean == 1.0
    assert nd.games == dt.games == 4 and done.verdict == "No double, take"


def test_a_cube_rollouts_search_is_the_advice_named_and_rounded_as_its_candidates() -> None:
    done = played(CubeRollout(RACE, "backgammon", seed=3, variance_reduction=False), 2)
    advice, search = done.advice, done.search_to_json()
    assert search["verdict"] == advice.verdict
    equities = search["equities"]
    assert isinstance(equities, dict) and list(equities) == [c.notation for c in done.candidates]
    figures = (advice.no_double, advice.double_take, advice.double_drop)
    assert list(equities.values()) == [round(x, 4) for x in figures]
    assert [c.to_json()["equity"] for c in done.candidates] == [round(c.mean, 4) for c in done.candidates]


CUBE_EQUITIES = [  # no double, double/take around the take point, the cash margin and too good
    (nd, dt) for nd in (0.3, 0.8, 0.995, 1.005, 1.02, 1.5, 2.0) for dt in (0.5, 0.9, 0.99, 1.0, 1.2, 2.5)
]


@pytest.mark.parametrize("owned", [False, True], ids=["centred", "owned"])
def test_a_cube_rollout_reads_its_equities_as_the_cube_advice_reads_its_own(
    monkeypatch: pytest.MonkeyPatch, owned: bool
) -> None:
    cube = CubeState(value=2, owner=PASS.turn) if owned else CubeState()
    done = CubeRollout(PASS, "backgammon", cube)
    for nd, dt in CUBE_EQUITIES:
        for candidate, mean in zip(done.candidates, (nd, dt, 1.0), strict=True):
            candidate.games, candidate.total = 1, mean
        # the advice at a glance (0-ply) values the cube with cubeful_equities: hand it the same figures
        monkeypatch.setattr(cube_module, "cubeful_equities", lambda *_, nd=nd, dt=dt: (nd, dt, None))
        advice = cube_module.cube_advice(PASS, "backgammon", cube, "advanced")
        assert (advice.no_double, advice.double_take) == (nd, dt)
        assert done.verdict == advice.verdict, (nd, dt)


@pytest.mark.parametrize("away", [(3, 5), (2, 2), (2, 1), (4, 1), (7, 3)])
def test_a_cube_rollout_in_a_match_normalises_as_the_cube_advice(away: tuple[int, int]) -> None:
    cube = CubeState(match_length=7, away=away, crawford=False)
    done = CubeRollout(PASS, "backgammon", cube)
    advice = cube_module.cube_advice(PASS, "backgammon", cube, "advanced")
    assert advice.match_winning_chances is not None
    rolled = [done._normalised(mwc) for mwc in advice.match_winning_chances]
    assert rolled == pytest.approx([advice.no_double, advice.double_take, advice.double_drop], abs=1e-12)


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: CubeRollout(PASS, "toutes-tables"), "rules: .* without a doubling cube"),
        (lambda: CubeRollout(PASS, "backgammon", CubeState(value=2, owner=PASS.turn.other)), "cube: no cube action"),
        (lambda: CubeRollout(PASS, "backgammon", CubeState(match_length=5, away=(1, 3), crawford=True)), "Crawford"),
        (lambda: CubeRollout(PASS, "backgammon", CubeState(value=4, match_length=5, away=(3, 5))), "cube is dead"),
        (lambda: CubeRollout(PASS, "backgammon", "centred"), "cube must be a CubeState"),  # type: ignore[arg-type]
        (lambda: CubeRollout(None, "backgammon"), "position must be a Position"),  # type: ignore[arg-type]
        (lambda: CubeRollout(Position.from_text("white - / 6:1"), "backgammon"), "game is over"),
    ],
)
def test_a_cube_rollout_without_a_cube_action_is_refused_naming_why(call: object, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        call()  # type: ignore[operator]
