"""Chouette (docs/rules/chouette.md): each test is named after the rule it checks."""

from __future__ import annotations

import copy
import doctest
import json
import random
from pathlib import Path

import pytest

from toutes_tables import BLACK, WHITE, ComputerPlayer, GameOptions, IllegalMoveError, InvalidRecordError, Outcome
from toutes_tables.chouette import Chouette, order_from_rolls, roll_for_order
from toutes_tables.player import estimate

FOUR = ["Ann", "Bob", "Cy", "Dan"]
FOUR_ROLLS = [{"Ann": 6, "Bob": 5, "Cy": 4, "Dan": 3}]  # Ann box, Bob captain, then Cy, Dan


def four(**kwargs: object) -> Chouette:
    return Chouette(FOUR, order_rolls=FOUR_ROLLS, rng=random.Random(5), **kwargs)  # type: ignore[arg-type]


def first_play(ch: Chouette) -> None:
    ch.play(ch.game.legal_plays()[0])


def box_on_roll(ch: Chouette) -> None:
    """Play the opening (the box opens) and one team turn: the box is on roll, cube centred."""
    ch.roll_opening((1, 2))  # team (Black) 1, box (White) 2
    first_play(ch)
    ch.roll((3, 1))
    first_play(ch)
    assert ch.phase == "roll" and ch.to_act == ch.box


def captain_on_roll(ch: Chouette) -> None:
    ch.roll_opening((2, 1))  # the team opens
    first_play(ch)
    ch.roll((3, 1))
    first_play(ch)
    assert ch.phase == "roll" and ch.to_act == ch.captain


def snapshot(ch: Chouette) -> object:
    return (json.dumps(ch.to_json(), sort_keys=True), ch.scoreboard(), ch.awaiting, ch.phase, ch.game.cube_value)


def total_is_zero(ch: Chouette) -> bool:
    return sum(ch.totals.values()) == 0


# -- the order ------------------------------------------------------------------------------


def test_order_highest_die_is_box_next_is_captain_rest_by_their_rolls() -> None:
    ch = Chouette(["Ann", "Bob", "Cy", "Dan"], order_rolls=[{"Ann": 2, "Bob": 6, "Cy": 1, "Dan": 4}])
    assert ch.order == ("Bob", "Dan", "Ann", "Cy")
    assert (ch.box, ch.captain, ch.team) == ("Bob", "Dan", ("Dan", "Ann", "Cy"))


def test_order_tie_only_tied_members_roll_again() -> None:
    rounds = [{"A": 5, "B": 5, "C": 3, "D": 3, "E": 6}, {"A": 2, "B": 4, "C": 6, "D": 1}]
    assert order_from_rolls(list("ABCDE"), rounds) == ("E", "B", "A", "C", "D")  # C's 6 stays below A and B
    with pytest.raises(ValueError, match="exactly"):  # E is not tied: he may not roll again
        order_from_rolls(list("ABCDE"), [rounds[0], {**rounds[1], "E": 1}])
    with pytest.raises(ValueError, match="tied"):
        order_from_rolls(list("ABCDE"), rounds[:1])
    with pytest.raises(ValueError, match="already decided"):
        order_from_rolls(list("ABCDE"), [*rounds, {"A": 1}])


def test_order_rolled_with_rng_rerolls_only_among_tied_members() -> None:
    class Scripted:
        def __init__(self, dice: list[int]) -> None:
            self.dice = dice

        def randint(self, low: int, high: int) -> int:
            return self.dice.pop(0)

    rounds = roll_for_order(["A", "B", "C"], Scripted([4, 4, 2, 3, 3, 1, 6]))
    assert rounds == [{"A": 4, "B": 4, "C": 2}, {"A": 3, "B": 3}, {"A": 1, "B": 6}]
    assert order_from_rolls(["A", "B", "C"], rounds) == ("B", "A", "C")


def test_three_to_eight_players_with_distinct_names() -> None:
    for names in (["A", "B"], [str(i) for i in range(9)], ["A", "B", "A"], ["A", "B", " C"], ["A", "B", ""]):
        with pytest.raises(ValueError):
            Chouette(names, rng=random.Random(1))
    assert len(Chouette([str(i) for i in range(8)], rng=random.Random(1)).order) == 8


def test_chouette_is_for_the_backgammon_sets() -> None:
    with pytest.raises(ValueError, match="backgammon sets"):
        Chouette(FOUR, "toutes-tables", order_rolls=FOUR_ROLLS)
    assert Chouette(FOUR, "backgammon-225", order_rolls=FOUR_ROLLS, rng=random.Random(2)).rules.name == "backgammon-225"


# -- box against captain, separate scores ---------------------------------------------------


def test_box_plays_alone_against_the_captain_for_the_team() -> None:
    ch = four()
    ch.roll_opening((1, 2))
    assert ch.to_act == "Ann"  # the box plays White and opened
    first_play(ch)
    assert ch.to_act == "Bob" and ch.game.position.turn is BLACK
    assert [row["role"] for row in ch.scoreboard()] == ["box", "captain", "member", "member"]


def test_box_scores_separately_against_every_team_member() -> None:
    ch = four()
    box_on_roll(ch)
    ch.resign(Outcome.SINGLE, "Ann")
    assert ch.totals == {"Ann": -3, "Bob": 1, "Cy": 1, "Dan": 1}
    assert ch.settlements[-1].payments == {"Ann": -3, "Bob": 1, "Cy": 1, "Dan": 1}


def test_each_member_wins_or_loses_his_cube_times_the_outcome() -> None:
    ch = four()
    captain_on_roll(ch)
    ch.offer_double()
    ch.take("Cy"), ch.take("Dan"), ch.take("Ann")
    assert ch.cubes == {"Bob": 2, "Cy": 2, "Dan": 2}
    ch.roll((6, 5))
    first_play(ch)
    ch.resign(Outcome.GAMMON, "Bob")  # the captain concedes a gammon for the team
    assert ch.totals == {"Ann": 12, "Bob": -4, "Cy": -4, "Dan": -4}


# -- the cube -------------------------------------------------------------------------------


def test_member_who_drops_pays_the_stake_before_the_double_and_is_out() -> None:
    ch = four()
    captain_on_roll(ch)
    ch.offer_double()
    ch.take("Cy"), ch.take("Dan"), ch.take("Ann")  # cube 2, the box owns it
    ch.roll((6, 5))  # the doubler rolls on
    first_play(ch)
    assert ch.to_act == "Ann"
    assert ch.offer_double() == 4
    assert set(ch.awaiting) == {"Bob", "Cy", "Dan"}
    ch.drop("Dan")
    assert ch.totals == {"Ann": 2, "Bob": 0, "Cy": 0, "Dan": -2}  # paid at once, the stake before the double
    assert ch.role("Dan") == "out" and "Dan" not in ch.team
    ch.take("Bob"), ch.take("Cy")
    assert ch.cubes == {"Bob": 4, "Cy": 4} and ch.game.cube_value == 4 and ch.game.cube_owner is BLACK
    ch.resign(Outcome.SINGLE, "Ann")
    assert ch.totals == {"Ann": -6, "Bob": 4, "Cy": 4, "Dan": -2}
    assert ch.order == ("Bob", "Cy", "Dan", "Ann")  # Dan's drop did not change his rank


def test_captain_who_drops_loses_his_place_and_highest_accepting_member_becomes_captain() -> None:
    ch = Chouette(["Ann", "Bob", "Cy", "Dan", "Eve"], order_rolls=[{"Ann": 6, "Bob": 5, "Cy": 4, "Dan": 3, "Eve": 2}])
    box_on_roll(ch)
    ch.offer_double()
    ch.drop("Bob"), ch.take("Eve")
    assert ch.captain == "Bob"  # nothing changes until every member has answered
    ch.drop("Cy"), ch.take("Dan")
    assert ch.captain == "Dan"  # the highest-ranked member who took, for the rest of the game
    assert ch.order == ("Ann", "Cy", "Dan", "Eve", "Bob")  # Bob to the bottom; Cy keeps his rank
    assert ch.totals == {"Ann": 2, "Bob": -1, "Cy": -1, "Dan": 0, "Eve": 0}
    assert ch.team == ("Dan", "Eve") and ch.phase == "roll" and ch.to_act == "Ann"
    ch.roll((6, 5))
    first_play(ch)
    assert ch.to_act == "Dan"
    ch.resign(Outcome.SINGLE, "Dan")
    assert ch.totals == {"Ann": 6, "Bob": -1, "Cy": -1, "Dan": -2, "Eve": -2}
    # the acting captain lost: he goes to the bottom, the highest-ranked other player is captain
    assert ch.order == ("Ann", "Cy", "Eve", "Bob", "Dan")
    ch.next_game()
    assert (ch.box, ch.captain) == ("Ann", "Cy")


def test_every_member_drops_the_box_wins_the_game() -> None:
    ch = four()
    box_on_roll(ch)
    ch.offer_double()
    ch.drop("Cy"), ch.drop("Bob"), ch.drop("Dan")
    assert ch.game.is_over and ch.game.result is not None and ch.game.result.reason == "dropped"
    assert ch.totals == {"Ann": 3, "Bob": -1, "Cy": -1, "Dan": -1}
    assert ch.order == ("Ann", "Cy", "Dan", "Bob") and ch.captain is None
    ch.next_game()
    assert (ch.box, ch.captain, ch.cubes) == ("Ann", "Cy", {"Cy": 1, "Dan": 1, "Bob": 1})


def test_captains_double_member_who_refuses_pays_and_the_box_answers_last() -> None:
    ch = four()
    captain_on_roll(ch)
    ch.offer_double()
    assert set(ch.awaiting) == {"Cy", "Dan"}
    with pytest.raises(IllegalMoveError):
        ch.take("Ann")  # the box answers once the team has
    with pytest.raises(IllegalMoveError):
        ch.take("Bob")  # the captain made the double
    ch.drop("Dan")
    assert ch.totals["Dan"] == -1 and ch.awaiting == ("Cy",)
    ch.take("Cy")
    assert ch.awaiting == ("Ann",) and ch.to_act == "Ann"
    ch.take("Ann")
    assert ch.cubes == {"Bob": 2, "Cy": 2} and ch.game.cube_owner is WHITE
    assert ch.order == ("Ann", "Bob", "Cy", "Dan")  # Dan's refusal changed nobody's rank


def test_box_drops_captains_double_and_pays_the_captain_and_every_joining_member() -> None:
    ch = four()
    captain_on_roll(ch)
    ch.offer_double()
    ch.take("Cy"), ch.drop("Dan"), ch.drop("Ann")
    assert ch.game.is_over and ch.game.result is not None and ch.game.result.winner is BLACK
    assert ch.totals == {"Ann": -1, "Bob": 1, "Cy": 1, "Dan": -1}
    assert ch.order == ("Bob", "Cy", "Dan", "Ann")  # the box lost


# -- rotation -------------------------------------------------------------------------------


def test_rotation_box_loses_goes_to_bottom_and_captain_becomes_box() -> None:
    ch = four()
    box_on_roll(ch)
    ch.resign(Outcome.SINGLE, "Ann")
    assert ch.order == ("Bob", "Cy", "Dan", "Ann")
    ch.next_game()
    assert (ch.box, ch.captain, ch.team) == ("Bob", "Cy", ("Cy", "Dan", "Ann"))


def test_rotation_captain_loses_goes_to_bottom_and_highest_member_becomes_captain() -> None:
    ch = four()
    captain_on_roll(ch)
    ch.resign(Outcome.SINGLE, "Bob")
    assert ch.order == ("Ann", "Cy", "Dan", "Bob")
    ch.next_game()
    assert (ch.box, ch.captain) == ("Ann", "Cy")


def test_next_game_only_once_this_one_is_over() -> None:
    ch = four()
    with pytest.raises(IllegalMoveError, match="not over"):
        ch.next_game()


# -- newcomers ------------------------------------------------------------------------------


def test_newcomer_joins_at_the_bottom_between_games() -> None:
    ch = four()
    box_on_roll(ch)
    with pytest.raises(IllegalMoveError, match="between games"):
        ch.join("Eve")
    ch.resign(Outcome.SINGLE, "Bob")
    ch.join("Eve")
    assert ch.order == ("Ann", "Cy", "Dan", "Bob", "Eve") and ch.totals["Eve"] == 0
    ch.next_game()
    assert ch.team == ("Cy", "Dan", "Bob", "Eve")


def test_newcomer_before_a_games_first_action_plays_in_it() -> None:
    ch = four()
    ch.join("Eve")
    assert ch.team == ("Bob", "Cy", "Dan", "Eve") and ch.cubes["Eve"] == 1
    box_on_roll(ch)
    ch.resign(Outcome.SINGLE, "Ann")
    assert ch.totals["Eve"] == 1 and total_is_zero(ch)


def test_newcomer_refused_when_full_or_name_taken() -> None:
    ch = Chouette([str(i) for i in range(8)], rng=random.Random(3))
    with pytest.raises(IllegalMoveError, match="at most 8"):
        ch.join("Zed")
    ch = four()
    for bad in ("Cy", "", " Eve"):
        with pytest.raises(IllegalMoveError):
            ch.join(bad)


# -- the referee ----------------------------------------------------------------------------


def test_refused_actions_leave_the_session_unchanged() -> None:
    ch = four()
    box_on_roll(ch)
    before = snapshot(ch)
    refused = [
        lambda: ch.play("24/18"),  # no dice rolled
        lambda: ch.take("Bob"),  # no double offered
        lambda: ch.resign(Outcome.SINGLE, "Cy"),  # only the box or the captain
        lambda: ch.join("Eve"),  # during a game
        lambda: ch.next_game(),
        lambda: ch.roll((7, 1)),
        lambda: ch.roll_opening((1, 2)),
    ]
    for action in refused:
        with pytest.raises(IllegalMoveError):
            action()
        assert snapshot(ch) == before
    ch.offer_double()
    ch.take("Cy")
    pending = snapshot(ch)
    for action in [
        lambda: ch.take("Cy"),  # answered already
        lambda: ch.take("Ann"),  # the box doubled
        lambda: ch.take("Zed"),
        lambda: ch.answer("Bob", "yes"),  # type: ignore[arg-type]
        lambda: ch.roll(),
        lambda: ch.resign(Outcome.SINGLE, "Bob"),
        lambda: ch.offer_double(),
    ]:
        with pytest.raises(IllegalMoveError):
            action()
        assert snapshot(ch) == pending


# -- records --------------------------------------------------------------------------------


def test_json_round_trip_mid_double_and_after_games() -> None:
    ch = four()
    box_on_roll(ch)
    ch.offer_double()
    ch.drop("Bob")
    data = ch.to_json()
    assert json.loads(json.dumps(data)) == data
    restored = Chouette.from_json(data)
    assert snapshot(restored) == snapshot(ch)
    restored.take("Cy"), restored.take("Dan")
    assert restored.captain == "Cy"
    restored.resign(Outcome.SINGLE, "Ann")
    restored.join("Eve")
    restored.next_game()
    again = Chouette.from_json(json.loads(json.dumps(restored.to_json())))
    assert snapshot(again) == snapshot(restored)
    assert again.scoreboard() == restored.scoreboard()


def four_games_of_backgammon_225() -> Chouette:
    ch = Chouette(FOUR, "backgammon-225", order_rolls=FOUR_ROLLS, rng=random.Random(11))
    for _ in range(3):
        box_on_roll(ch)
        ch.resign(Outcome.SINGLE, ch.box)
        ch.next_game()
    return ch


def test_backgammon_225_chouette_draws_a_new_start_every_two_games() -> None:
    ch = four_games_of_backgammon_225()
    # a start is drawn for games 1 and 3, and played again in games 2 and 4 (docs/rules/chouette.md, "A game")
    assert ch.games[0].drawn_start is not None and ch.games[1].drawn_start == ch.games[0].drawn_start
    assert ch.games[3].drawn_start == ch.games[2].drawn_start


def test_json_round_trip_backgammon_225_with_drawn_starts() -> None:
    ch = four_games_of_backgammon_225()
    restored = Chouette.from_json(ch.to_json())
    assert [g.start_number for g in restored.games] == [g.start_number for g in ch.games]
    assert snapshot(restored) == snapshot(ch)


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda d: "not a dict",
        lambda d: d.update(format="toutes-tables/game"),
        lambda d: d.update(version=99),
        lambda d: d.update(rules="toutes-tables"),
        lambda d: d.update(players=["Ann", "Bob"]),
        lambda d: d.update(order_rolls=[[["Ann", 6], ["Bob", 6], ["Cy", 4], ["Dan", 3]]]),
        lambda d: d["actions"].append({"type": "answer", "name": "Cy", "take": True}),
        lambda d: d["actions"].insert(0, {"type": "roll", "player": "white", "dice": [3, 3]}),
        lambda d: d["actions"].append({"type": "teleport"}),
        lambda d: d["actions"][1].update(moves=[[24, 1]]),
        lambda d: d.update(totals={"Ann": 5, "Bob": -5, "Cy": 0, "Dan": 0}),
        lambda d: d.update(options={"cube": "yes"}),
        lambda d: d.update(start={"number": "one"}),
    ],
)
def test_corrupt_save_raises_invalid_record_error(corrupt: object) -> None:
    ch = four()
    box_on_roll(ch)
    ch.resign(Outcome.SINGLE, "Ann")
    data = copy.deepcopy(ch.to_json())
    replaced = corrupt(data)  # type: ignore[operator]
    with pytest.raises(InvalidRecordError):
        Chouette.from_json(replaced if replaced is not None else data)


def test_scoreboard_is_plain_json_data() -> None:
    ch = four()
    box_on_roll(ch)
    board = ch.scoreboard()
    assert json.loads(json.dumps(board)) == board
    assert board[0] == {"rank": 1, "name": "Ann", "role": "box", "cube": None, "total": 0}
    assert board[1] == {"rank": 2, "name": "Bob", "role": "captain", "cube": 1, "total": 0}


def test_automatic_doubles_raise_every_members_stake() -> None:
    ch = four(options=GameOptions(rules="backgammon", auto_doubles=4))
    ch.roll_opening((3, 3))
    assert ch.cubes == {"Bob": 2, "Cy": 2, "Dan": 2}
    ch.roll_opening((1, 2))
    first_play(ch)
    ch.resign(Outcome.SINGLE, "Bob")
    assert ch.totals == {"Ann": 6, "Bob": -2, "Cy": -2, "Dan": -2}


# -- many whole chouettes played by the computer --------------------------------------------


def play_step(ch: Chouette, cp: ComputerPlayer, rng: random.Random) -> None:
    """One action chosen by the computer; a member now and then disagrees with its cube advice."""
    game = ch.game
    if ch.phase == "opening":
        ch.roll_opening()
    elif ch.phase == "move":
        assert game.dice is not None
        ch.play(cp.choose_play(game.position, game.dice))
    elif ch.phase == "roll":
        if cp.cube_decision(game) == "double" or (game.can_double() and rng.random() < 0.03):
            ch.offer_double()
        else:
            ch.roll()
    else:
        name = ch.awaiting[0] if rng.random() < 0.5 else ch.awaiting[-1]
        if game.position.turn is BLACK and name != ch.box:  # a member joins the captain's double or not
            take = estimate(game.position, ch.rules).win > 0.55
        else:
            take = cp.cube_decision(game) == "take"
        if rng.random() < 0.2:
            take = not take
        ch.answer(name, take)


@pytest.mark.parametrize("seed", range(6))
def test_whole_chouettes_keep_the_invariants(seed: int) -> None:
    rng = random.Random(seed)
    names = ["Ann", "Bob", "Cy", "Dan", "Eve", "Fay"][: 3 + seed % 4]
    ch = Chouette(names, rng=random.Random(seed * 7 + 1))
    cp = ComputerPlayer("backgammon", seed=seed)
    for game_number in range(1, 9):
        box, captain, order = ch.box, ch.captain, ch.order
        assert (box, captain) == order[:2] and ch.team == order[1:]
        while not ch.game.is_over:
            play_step(ch, cp, rng)
            assert total_is_zero(ch)
            assert sorted(ch.order) == sorted(ch.totals)
            if not ch.game.is_over and not ch.awaiting:
                assert ch.captain == ch.team[0] and ch.box == box
                assert set(ch.cubes.values()) <= {ch.game.cube_value}
        settled = ch.settlements[-1]
        assert settled.game == game_number and sum(settled.payments.values()) == 0
        assert settled.result == ch.game.result
        if settled.result.winner is BLACK:
            assert ch.order[0] == settled.captain and ch.order[-1] == box
        elif settled.captain is not None:
            assert ch.order[0] == box and ch.order[-1] == settled.captain
        restored = Chouette.from_json(json.loads(json.dumps(ch.to_json())))
        assert snapshot(restored) == snapshot(ch)
        if game_number == 4 and len(ch.order) < 8:
            ch.join("New")
            assert ch.order[-1] == "New"
        ch.next_game()
    assert total_is_zero(ch)
    kinds = {type(a).__name__ for a in ch.history}
    assert {"Roll", "Played", "NextGame"} <= kinds


# -- the rules book's worked example --------------------------------------------------------

RULES_PAGE = Path(__file__).resolve().parent.parent / "docs" / "rules" / "chouette.md"


def test_rules_book_example_runs_and_its_scoreboard_is_the_engines() -> None:
    result = doctest.testfile(str(RULES_PAGE), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 15 and result.failed == 0, f"{result.failed} of {result.attempted} examples failed"
    text = RULES_PAGE.read_text()
    printed = [line for line in text.splitlines() if line.startswith("| ") and line.endswith(" |")]
    shown = [line for line in printed if not line.startswith("| game")]
    # the rendered table repeats, line for line, the rows the example printed
    assert len(shown) == 6 and shown[:3] == shown[3:]


def test_each_action_records_the_box_and_captain_it_was_made_under() -> None:
    ch = four()
    box_on_roll(ch)
    ch.offer_double()
    ch.drop("Bob")  # the captain drops: Cy, the highest-ranked taker, plays for the team
    ch.take("Cy")
    ch.take("Dan")
    ch.roll((6, 5))
    first_play(ch)
    ch.roll((4, 3))
    first_play(ch)
    assert len(ch.sides) == len(ch.history)
    assert ch.sides[0] == ("Ann", "Bob")  # the opening roll
    assert ch.sides[-1] == ("Ann", "Cy")  # the team's play after Bob dropped
    assert ch.settlements == [] and total_is_zero(ch)


def test_a_settlement_keeps_everyones_totals_once_settled() -> None:
    ch = four()
    box_on_roll(ch)
    ch.offer_double()
    ch.drop("Dan")
    ch.take("Bob")
    ch.take("Cy")
    ch.resign(Outcome.SINGLE, "Bob")
    (settled,) = ch.settlements
    assert settled.totals == ch.totals == {"Ann": 5, "Bob": -2, "Cy": -2, "Dan": -1}
    assert settled.payments == {"Ann": 4, "Bob": -2, "Cy": -2, "Dan": 0}  # Dan's drop was paid before


@pytest.mark.parametrize(
    ("lang", "names", "said"),
    [
        ("en", ["You", "Ann", "Bob"], [
            "'Ann' cannot answer this double now: it waits for Bob and you",
            "cannot resign: the double waits for Bob and you",
            "'Ann' cannot answer this double now: it waits for you",
            "cannot resign: the double waits for you",
            "you cannot answer: no double is offered (phase 'roll')",
            "only the box (Ann) or the captain (Bob) can resign, not you",
        ]),
        ("fr", ["Vous", "Anne", "Bruno"], [
            "'Anne' ne peut pas répondre à ce double maintenant\u00a0: on attend Bruno et vous",
            "impossible d'abandonner\u00a0: le double attend encore Bruno et vous",
            "'Anne' ne peut pas répondre à ce double maintenant\u00a0: on vous attend",
            "impossible d'abandonner\u00a0: le double vous attend encore",
            "vous ne pouvez pas répondre\u00a0: aucun double n'est proposé (c'est le moment de lancer les dés)",
            "seuls le box (Anne) ou le capitaine (Bruno) peuvent abandonner, pas vous",
        ]),
    ],
)
def test_a_refusal_about_the_person_at_the_screen_says_you_not_the_name_you(
    lang: str, names: list[str], said: list[str]
) -> None:
    # "on vous attend", never "on attend Vous": the setup's first player is "You" ("Vous" on a French page)
    from toutes_tables.messages import reworded

    you, box, captain = names
    ch = Chouette(names, order_rolls=[{you: 3, box: 6, captain: 5}])
    box_on_roll(ch)
    ch.offer_double()
    refused = []

    def refuse(action: object) -> None:
        with pytest.raises(IllegalMoveError) as error:
            action()  # type: ignore[operator]
        refused.append(str(reworded(error.value, lang)))

    refuse(lambda: ch.answer(box, True))
    refuse(lambda: ch.resign())
    ch.answer(captain, True)
    refuse(lambda: ch.answer(box, True))
    refuse(lambda: ch.resign())
    ch.answer(you, True)
    refuse(lambda: ch.answer(you, False))
    refuse(lambda: ch.resign(name=you))
    assert refused == said
