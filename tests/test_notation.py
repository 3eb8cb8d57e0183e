"""Standard notation both ways: formatting, parsing, round trips and errors that quote the input."""

from __future__ import annotations

import pytest

from toutes_tables import (
    RULE_SETS,
    IllegalMoveError,
    InvalidNotationError,
    Play,
    legal_plays,
    parse_play,
    start_position,
)
from toutes_tables import notation

BACKGAMMON = "backgammon"


def test_format_examples(pos) -> None:
    classic = start_position(64)
    assert str(parse_play(classic, "24/18 13/11", (6, 2), BACKGAMMON)) == "24/18 13/11"
    assert str(parse_play(classic, "8/5(2) 6/3(2)", (3, 3), BACKGAMMON)) == "8/5(2) 6/3(2)"
    assert str(Play(pos("white 13:14 bar:1 / 3:1 13:14"), [(25, 22)])) == "bar/22*"
    assert str(Play(pos("white 13:1 6:14 / 18:1 24:14"), [(13, 7), (7, 5)])) == "13/7*/5"
    assert str(Play(pos("white 6:1 / 13:15"), [(6, 0)])) == "6/off"
    assert str(Play(classic, [])) == "(no play)"


def test_one_checker_using_both_dice_is_one_path_without_the_intermediate_point(pos) -> None:
    assert str(Play(start_position(64), [(24, 18), (18, 13)])) == "24/13"


def test_parts_are_written_highest_point_first() -> None:
    assert str(Play(start_position(64), [(6, 4), (13, 8)])) == "13/8 6/4"


def test_parse_accepts_any_order_and_either_way_of_writing_a_play() -> None:
    classic = start_position(64)
    writings = ("8/5(2) 6/3(2)", "6/3(2) 8/5(2)", "8/5 6/3 8/5 6/3")
    assert len({parse_play(classic, text, (3, 3), BACKGAMMON) for text in writings}) == 1
    assert parse_play(classic, "24/18/13", (6, 5), BACKGAMMON) == parse_play(classic, "24/13", (6, 5), BACKGAMMON)
    loose = parse_play(classic, "  13-11,  24-18 ", (6, 2), BACKGAMMON)
    assert loose == parse_play(classic, "24/18 13/11", (6, 2), BACKGAMMON)


def test_parse_tells_hitting_in_passing_from_passing_by(pos) -> None:
    position = pos("white 13:1 6:14 / 18:1 24:14")
    assert parse_play(position, "13/7*/5", (6, 2), BACKGAMMON).hits == (7,)
    assert parse_play(position, "13/11/5", (6, 2), BACKGAMMON).hits == ()


def test_no_play_is_written_and_read_as_no_play(pos) -> None:
    closed_out = pos("white 13:14 bar:1 / 1:2 2:2 3:2 4:2 5:2 6:2 13:3")
    play = parse_play(closed_out, "(no play)", (6, 5), BACKGAMMON)
    assert play.moves == () and str(play) == "(no play)"


def test_format_then_parse_gives_the_same_play_for_every_legal_play(selfplay) -> None:
    """Every legal play of many random positions in all four sets survives format -> parse."""
    checked = 0
    for rules in RULE_SETS:
        for position, dice in selfplay(21, 250, rules):
            plays = legal_plays(position, dice, rules)
            for play in plays:
                text = str(play)
                parsed = notation.parse_play(position, text, plays, dice)
                assert parsed.result == play.result and parsed.hits == play.hits, (position, dice, text)
                assert str(parsed) == text
                checked += 1
    assert checked > 10_000


def test_gnubgs_compact_notation_reads_back_as_the_same_play_for_every_legal_play(selfplay) -> None:
    """The review's notation (play.compact_play: chains joined whatever stood on the way) is read as the play."""
    from toutes_tables.play import compact_play

    checked = joined = 0
    for rules in RULE_SETS:
        for position, dice in selfplay(21, 120, rules):
            plays = legal_plays(position, dice, rules)
            for play in plays:
                # the moves in movegen's order and reversed where that is still a walk (a double's steps)
                for moves in {play.moves, tuple(sorted(play.moves, key=lambda m: (m[1], m[0])))[::-1]}:
                    text = compact_play(position, moves)
                    parsed = notation.parse_play(position, text, plays, dice)
                    assert parsed.result == play.result and parsed.hits == play.hits, (position, dice, moves, text)
                    joined += len(text) < len(str(play))
                    checked += 1
    assert checked > 5_000 and joined, (checked, joined)


@pytest.mark.parametrize(
    "text, complaint",
    [
        ("24/18 13/", "cannot read '13/'"),
        ("24/18 hello", "cannot read 'hello'"),
        ("13", "cannot read '13'"),
        ("6/8", "moves backwards"),
        ("13/13", "moves backwards"),
        ("off/3", "cannot read 'off/3'"),
        ("30/24", "point 30 out of range"),
        ("13/7(5)", "a count must be 1-4"),
        ("bar*/22", "nothing can be hit on the bar"),
    ],
)
def test_malformed_notation_is_invalid_notation_quoting_the_input(text: str, complaint: str) -> None:
    with pytest.raises(InvalidNotationError, match=complaint) as caught:
        parse_play(start_position(64), text, (6, 1), BACKGAMMON)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize(
    "text, complaint",
    [
        ("24/17", "illegal play '24/17'"),  # a 7 with 6-1
        ("13/7", "illegal play '13/7'"),  # only half the roll
        ("5/4 5/off", "moves more checkers than stand on 5"),
        ("(no play)", r"'\(no play\)': a play is possible"),
    ],
)
def test_illegal_plays_are_illegal_moves_quoting_the_input(text: str, complaint: str) -> None:
    with pytest.raises(IllegalMoveError, match=complaint) as caught:
        parse_play(start_position(64), text, (6, 1), BACKGAMMON)
    assert "Position.from_text(" in str(caught.value)  # names the position


def test_an_illegal_play_error_lists_legal_plays() -> None:
    with pytest.raises(IllegalMoveError, match=r"legal plays: .*13/7 8/7"):
        parse_play(start_position(64), "24/17", (6, 1), BACKGAMMON)


def test_an_empty_play_reads_as_no_play_and_is_refused_when_a_play_exists() -> None:
    with pytest.raises(IllegalMoveError, match="a play is possible"):
        parse_play(start_position(64), "  ", (6, 1), BACKGAMMON)


def test_both_notation_errors_are_value_errors() -> None:
    assert issubclass(InvalidNotationError, ValueError) and issubclass(IllegalMoveError, ValueError)


@pytest.mark.parametrize(
    "text",
    [
        "24/23/22 22/21 21/20 20/19 19/18 18/17 17/16 16/15 15/13",  # the 50-second hop chain
        "24/23/22/21/20/19/18/17/16/15/14/13",
        "24/23(4) 13/12(4)",
        "24/23 " * 13,
        "24/23(999999999)",
        "24/23(" + "9" * 5000 + ")",
        "☃☃☃ 24/18",
        "２４/１８ １３/１１",  # full-width digits are not notation
        "٢٤/١٨",  # nor are Arabic-Indic ones
        "24/18 13/11" + " " * 10_000,
        "\x00" * 100,
    ],
)
def test_hostile_notation_is_refused_by_its_length_or_hops_before_any_search(text: str) -> None:
    """The work is bounded by the dice (four steps at most), never by what was typed."""
    with pytest.raises(InvalidNotationError):
        parse_play(start_position(64), text, (6, 5), BACKGAMMON)


def test_a_long_hostile_text_is_quoted_cut_short_in_the_error() -> None:
    with pytest.raises(InvalidNotationError, match="MAX_NOTATION_LENGTH") as caught:
        parse_play(start_position(64), "24/13 " * 10_000, (6, 5), BACKGAMMON)
    assert len(str(caught.value)) < 300


def test_four_hops_of_a_double_are_still_read() -> None:
    play = parse_play(start_position(64), "24/23/22/21/20", (1, 1), BACKGAMMON)
    assert play.moves and str(play) == "24/20"


def test_a_written_route_is_that_route_and_hits_the_blot_it_stops_on(pos) -> None:
    position = pos("white 11:1 6:14 / 17:1 24:14")  # a black blot on White's 8
    through_eight = parse_play(position, "11/8 8/3", (5, 3), BACKGAMMON)
    assert through_eight.hits == (8,) and str(through_eight) == "11/8*/3"
    assert parse_play(position, "11/8*/3", (5, 3), BACKGAMMON) == through_eight
    # Unwritten points are free: the route that hits nothing is the one meant.
    assert parse_play(position, "11/3", (5, 3), BACKGAMMON).hits == ()


def test_a_route_through_a_closed_written_point_is_refused(pos) -> None:
    position = pos("white 13:1 6:14 / 14:2 24:13")  # Black holds White's 11
    assert parse_play(position, "13/5", (6, 2), BACKGAMMON).hits == ()
    with pytest.raises(IllegalMoveError, match="cannot stop on the points written"):
        parse_play(position, "13/11/5", (6, 2), BACKGAMMON)


def test_a_star_without_a_hit_is_refused(pos) -> None:
    position = pos("white 11:1 6:14 / 17:1 24:14")
    with pytest.raises(IllegalMoveError, match="marks a hit on 6"):
        parse_play(position, "11/6*/3", (5, 3), BACKGAMMON)


def test_two_hitting_routes_through_unwritten_points_are_ambiguous(pos) -> None:
    position = pos("white 13:1 6:14 / 14:1 18:1 24:13")  # blots on White's 11 and 7
    with pytest.raises(IllegalMoveError, match=r"ambiguous.*13/11\*/5.*13/7\*/5|ambiguous.*13/7\*/5.*13/11\*/5"):
        parse_play(position, "13/5", (6, 2), BACKGAMMON)


@pytest.mark.parametrize("text", [None, b"24/18 13/11", 5, ["24/18"], 2.5])
def test_a_play_that_is_not_text_is_invalid_notation_naming_the_parameter(text: object) -> None:
    with pytest.raises(InvalidNotationError, match="text must be a str"):
        parse_play(start_position(64), text, (6, 5), BACKGAMMON)  # type: ignore[arg-type]


def test_the_steps_of_two_written_routes_may_interleave(pos) -> None:
    """``7/off 4/off 2/off`` with 4-4: 7/3 first (to bring the last checker home), then 4/off, 3/off, 2/off."""
    position = pos("white 1:8 2:5 4:1 7:1 / 1:5 2:4 9:1 12:1 16:1 20:3")
    play = parse_play(position, "7/off 4/off 2/off", (4, 4), BACKGAMMON)
    assert str(play) == "7/off 4/off 2/off" and play.result.theirs[0] == 3
