"""The analysis board's service (toutes_tables.study_service): positions from every source, and the advice."""

from __future__ import annotations

import dataclasses

import pytest

from toutes_tables import start_position
from toutes_tables.ai.levels import LEVELS
from toutes_tables.analysis import mark
from toutes_tables.service_calls import ServiceError
from toutes_tables.services import dispatch
from toutes_tables.study_service import STUDY_LEVEL
from toutes_tables.xgid import XGID

CLASSIC_XGID_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"


def study(**params: object) -> dict:
    return dispatch("study_position", params)


def test_every_source_of_the_same_position_gives_the_same_view() -> None:
    by_start = study(rules="backgammon", start=64, dice=[3, 1])
    by_xgid = study(rules="backgammon", xgid=CLASSIC_XGID_31)
    by_gnubg = study(rules="backgammon", gnubg_id=by_start["gnubg_id"])
    absolute = start_position(64).absolute()
    board = {"points": absolute["points"], "bar": absolute["bar"]}
    by_board = study(rules="backgammon", board=board, turn="white", dice=[3, 1])
    by_id = study(rules="backgammon", position_id="4HPwATDgc/ABMA", dice=[3, 1])
    assert by_start == by_xgid == by_gnubg == by_board == by_id
    assert by_start["xgid"] == CLASSIC_XGID_31
    assert "8/5 6/5" in by_start["plays"] and len(by_start["plays"]) == 16


def test_the_board_as_set_up_by_clicks_keeps_the_checkers_not_shown_borne_off() -> None:
    points = [0] * 24
    points[23] = -2  # two white checkers on 24
    points[0] = 3  # three black checkers on 1
    view = study(rules="toutes-tables", board={"points": points, "bar": {"black": 1, "white": 0}}, turn="black")
    assert view["position"]["off"] == {"black": 11, "white": 13}
    assert view["position"]["bar"] == {"black": 1, "white": 0}
    assert view["turn"] == "black" and view["pips"] == {"black": 3 * 24 + 25, "white": 2 * 24}


def test_an_xgid_keeps_its_cube_score_and_match() -> None:
    text = "XGID=-a----E-C---eE---c-e----B-:1:1:-1:00:2:1:0:5:10"
    view = study(rules="backgammon", xgid=text)
    assert view["xgid"] == text
    assert view["cube"] == {"value": 2, "owner": "white"}
    assert view["match"] == {"length": 5, "score": {"black": 1, "white": 2}, "crawford": False, "jacoby": False}
    assert view["gnubg_id"] == XGID.parse(text).gnubg_id()


def test_a_finished_game_is_shown_with_its_problem_and_no_plays() -> None:
    view = study(rules="backgammon", board={"points": [0] * 23 + [-1]}, turn="white", dice=[6, 5])
    assert view["problem"] == "the game is over: black has borne off all 15 checkers"
    assert view["plays"] == []
    assert dispatch("study_advice", {"rules": "backgammon", "xgid": view["xgid"]})["plays"] == []


@pytest.mark.usefixtures("french")
def test_a_finished_game_s_problem_is_said_in_the_page_s_language() -> None:
    # a French page once read "Cette position ne peut pas être jouée : the game is over: white has borne off ..."
    view = study(rules="backgammon", board={"points": [0] * 23 + [-1]}, turn="white", dice=[6, 5])
    assert view["problem"] == "la partie est finie\u00a0: Noir a sorti ses 15 dames"


def test_the_advice_ranks_the_plays_best_first_with_their_moves_on_the_board() -> None:
    advice = dispatch("study_advice", {"rules": "backgammon", "xgid": CLASSIC_XGID_31, "count": 3})
    plays = advice["plays"]
    assert [p["notation"] for p in plays][0] == "8/5 6/5"
    assert plays[0]["moves"] == [[8, 5], [6, 5]]
    assert [p["equity"] for p in plays] == sorted((p["equity"] for p in plays), reverse=True)
    assert all(p["reason"] for p in plays)


def test_the_advice_gives_the_games_figures_three_decimals_and_marks_the_cost_shown() -> None:
    """The analysis board's equities are the game hint's figures (site/engine/PROTOCOL.md): what the page shows."""
    plays = dispatch("study_advice", {"rules": "backgammon", "xgid": CLASSIC_XGID_31, "count": 8})["plays"]
    figures = [figure for p in plays for figure in (p["equity"], p["cost"])]
    assert len(plays) == 8 and all(round(figure, 3) == figure for figure in figures), figures
    assert [p["mark"] for p in plays] == [mark(p["cost"]) for p in plays]
    before_roll = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10"
    equities = dispatch("study_advice", {"rules": "backgammon", "xgid": before_roll})["cube"]["equities"]
    assert all(round(value, 3) == value for value in equities.values()), equities


def test_the_advice_without_dice_is_the_cube_decision_in_the_backgammon_sets_only() -> None:
    before_roll = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10"
    cube = dispatch("study_advice", {"rules": "backgammon", "xgid": before_roll})["cube"]
    assert cube["verdict"] == "No double, take" and cube["may_double"]
    assert cube["equities"]["double, pass"] == 1.0
    assert dispatch("study_advice", {"rules": "toutes-tables", "xgid": before_roll})["cube"] is None


@pytest.mark.parametrize(
    ("lang", "you", "opponent_answers"),
    [
        ("en", ("You win ", "At "), "If you double, your opponent should take: you win "),
        ("fr", ("Vous gagnez ", "À "), "Si vous doublez, votre adversaire doit accepter\u00a0: vous gagnez "),
    ],
)
def test_the_cube_decision_speaks_to_the_player_on_roll_in_every_sentence(
    lang: str, you: tuple[str, str], opponent_answers: str
) -> None:
    # the analysis board shows the reason and the answer's reason one under the other: one "you", the player's
    before_roll = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10"
    dispatch("set_language", {"lang": lang})
    try:
        cube = dispatch("study_advice", {"rules": "backgammon", "xgid": before_roll})["cube"]
    finally:
        dispatch("set_language", {"lang": "en"})
    assert cube["take"]
    assert cube["reason"].startswith(you), cube["reason"]
    assert cube["take_reason"].startswith(opponent_answers), cube["take_reason"]


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({}, "give exactly one of xgid, gnubg_id, position_id, start or board, got none"),
        ({"start": 64, "xgid": CLASSIC_XGID_31}, "exactly one of"),
        ({"xgid": CLASSIC_XGID_31, "dice": [1, 2]}, "carries its own dice"),
        ({"start": 226}, "start is an integer 1-225"),
        ({"start": 64, "turn": "red"}, "turn is one of"),
        ({"start": 64, "dice": [0, 7]}, "dice"),
        ({"start": 64, "dice": "31"}, "dice is two dice"),
        ({"start": 64, "cube": 3}, "power of two"),
        ({"start": 64, "cube": 1, "cube_owner": "black"}, "centred"),
        ({"start": 64, "match_length": 5, "score": {"black": 5}}, "score.black is an integer 0-4"),
        ({"start": 64, "crawford": "false"}, "crawford is true or false"),
        ({"board": {"points": [1] * 24}}, "a side has 15"),
        ({"board": {"points": [0] * 23}}, "24 signed counts"),
        ({"board": {"points": [0] * 24, "pieces": 1}}, "board has points, bar"),
        ({"xgid": "x" * 500}, "an XGID of at most"),
        ({"position_id": "!!!!"}, "Position ID"),
    ],
)
def test_a_bad_position_request_names_what_is_wrong(params: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        study(rules="backgammon", **params)


def test_a_bad_advice_request_is_a_service_error() -> None:
    with pytest.raises(ServiceError, match="count is an integer 1-20"):
        dispatch("study_advice", {"rules": "backgammon", "xgid": CLASSIC_XGID_31, "count": 1000})
    with pytest.raises(ValueError, match="XGID"):
        dispatch("study_advice", {"rules": "backgammon", "xgid": "XGID=nonsense"})


def _advice_with_budget(monkeypatch: pytest.MonkeyPatch, budget: float | None, evaluations: int | None = None,
                        xgid: str = CLASSIC_XGID_31) -> dict:
    level = LEVELS[STUDY_LEVEL]
    monkeypatch.setitem(LEVELS, STUDY_LEVEL,
                        dataclasses.replace(level, time_budget=budget, evaluation_budget=evaluations))
    return dispatch("study_advice", {"rules": "backgammon", "xgid": xgid, "count": 3})


def test_the_advice_says_when_its_search_ran_into_the_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # docs/analysis.md, "Same position, same figures?": a search cut by its budget is flagged
    cut = _advice_with_budget(monkeypatch, 0.0)
    assert cut["budget_reached"] is True and cut["time_budget"] == 0.0 and cut["cut_by"] == "time"
    assert cut["plays"], "a cut search still ranks the plays"
    assert any(p["ply"] < cut["plays"][0]["ply"] for p in cut["plays"]), "a cut search looks less deeply at some"


def test_the_advice_says_when_the_evaluation_budget_cut_its_search(monkeypatch: pytest.MonkeyPatch) -> None:
    cut = _advice_with_budget(monkeypatch, None, evaluations=0)
    assert cut["cut_by"] == "evaluations" and cut["evaluation_budget"] == 0
    assert cut["budget_reached"] is False  # the evaluations cut the same every run: the figures do not change
    assert cut == _advice_with_budget(monkeypatch, None, evaluations=0)


def test_a_position_with_one_legal_play_is_never_said_to_be_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    # White has two checkers on the bar against five closed points and rolls 2-1: bar/24 is the only play. The
    # analysis board once said this ran into its time limit (the whole call, network loading included, was timed)
    forced = "XGID=------M-----e------bbbbb-B:0:0:1:21:0:0:0:0:10"
    answer = _advice_with_budget(monkeypatch, 0.0, evaluations=0, xgid=forced)
    assert [p["notation"] for p in answer["plays"]] == ["bar/24"]
    assert answer["cut_by"] is None and answer["budget_reached"] is False


def test_advice_within_its_time_budget_is_the_unbudgeted_search_and_is_not_flagged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    unbudgeted = _advice_with_budget(monkeypatch, None)
    assert unbudgeted["budget_reached"] is False
    roomy = _advice_with_budget(monkeypatch, 10_000.0)
    assert roomy["budget_reached"] is False
    assert roomy["plays"] == unbudgeted["plays"]  # nothing cut: the figures depend on the position only


def test_the_advice_writes_each_play_as_the_review_does_chains_joined() -> None:
    # the "learn from your mistakes" verdict wrote "22/18 22/14 18/14" where the review writes 22/14(2)
    opening = {"rules": "backgammon", "position_id": "4HPwATDgc/ABMA", "turn": "white", "dice": [4, 4]}
    xgid = dispatch("study_position", opening)["xgid"]
    plays = dispatch("study_advice", {"rules": "backgammon", "xgid": xgid, "count": 20})["plays"]
    assert plays and all(isinstance(p["compact"], str) for p in plays)
    assert any(p["compact"] == "13/5(2)" for p in plays), [p["compact"] for p in plays]
