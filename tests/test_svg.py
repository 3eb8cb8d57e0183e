"""The SVG board writer: valid standalone SVG that shows what the position holds, where the game shows it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from toutes_tables import BLACK, WHITE, Position, legal_plays, start_position
from toutes_tables.svg import CHECKER, board_svg, describe, dice_text, point_slot

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def checker_fills(root: ET.Element) -> dict[str, int]:
    """How many checkers of each colour are drawn (bodies in the colour's group, painted with its fill)."""
    counts = {}
    for color in (BLACK, WHITE):
        groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == f"tt-checkers-{color.value}"]
        assert all(g.get("fill") == CHECKER[color]["fill"] and g.get("stroke") == CHECKER[color]["rim"] for g in groups)
        counts[color.value] = sum(len(g.findall(f"{SVG}circle")) for g in groups)
    return counts


def texts(root: ET.Element, cls: str | None = None) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text") if cls is None or t.get("class") == cls]


def test_svg_is_a_standalone_document_with_an_accessible_title() -> None:
    svg = board_svg(start_position(64), dice=(3, 5), start_number=64)
    root = parse(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("viewBox")
    title = root.find(f"{SVG}title")
    assert title is not None and title.text is not None
    assert title.text.startswith("Start No. 64. White to play 5-3.")
    assert "White: 5 on 6, 3 on 8, 5 on 13, 2 on 24." in title.text
    assert "Black: 2 on 1, 5 on 12, 3 on 17, 5 on 19." in title.text


def test_every_point_is_numbered_once_in_absolute_numbering() -> None:
    root = parse(board_svg(start_position(1)))
    [group] = [g for g in root.iter(f"{SVG}g") if g.get("class") == "tt-point-numbers"]
    numbers = [t.text or "" for t in group.iter(f"{SVG}text")]
    assert sorted(int(n) for n in numbers) == list(range(1, 25))


def test_white_home_quarter_is_bottom_right_and_black_orientation_mirrors_it() -> None:
    assert point_slot(1, WHITE) == (11, False)
    assert point_slot(24, WHITE) == (11, True)
    assert point_slot(12, WHITE) == (0, False)
    assert point_slot(1, BLACK) == (11, True)
    assert point_slot(24, BLACK) == (11, False)


def test_stacks_up_to_five_are_drawn_in_full_and_taller_ones_show_their_count() -> None:
    pos = Position.from_points({19: 9, 20: 5, 1: 1}, {6: 15})  # the 15 white all on White's 6 point
    root = parse(board_svg(pos))
    # Black: 5 of the 9 + 5 + 1 drawn; White: 5 of the 15 drawn.
    assert checker_fills(root) == {"black": 11, "white": 5}
    counts = [t.text for t in root.iter(f"{SVG}text") if t.get("font-weight") == "700"]
    assert sorted(counts) == ["15", "9"]


def test_bar_and_trays_show_their_checkers() -> None:
    pos = Position.from_text("white 6:8 bar:2 / 1:7 3:2 bar:1")  # white has 5 off, black 5 off
    root = parse(board_svg(pos))
    assert checker_fills(root) == {"black": 5 + 2 + 1, "white": 5 + 2}  # stacks of 7 and 8 show 5
    assert sorted(texts(root, "tt-off-count")) == ["5 off", "5 off"]
    title = root.find(f"{SVG}title")
    assert title is not None and title.text is not None
    assert "2 on the bar, 5 borne off" in title.text


def test_checker_colours_differ_in_lightness_not_only_in_hue() -> None:
    def luminance(hex_colour: str) -> float:
        r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    assert luminance(CHECKER[WHITE]["fill"]) - luminance(CHECKER[BLACK]["fill"]) > 0.6


def test_dice_are_drawn_and_announced_higher_first_with_the_double_names() -> None:
    assert dice_text((2, 6)) == "6-2"
    assert dice_text((6, 6)) == "6-6 (Sonnés)"
    assert dice_text((1, 1)) == "1-1 (Bezas)"
    root = parse(board_svg(start_position(64), dice=(4, 4)))
    status = texts(root, "tt-status")
    assert status == ["White to play · 4-4 (Carmes)"]
    die_faces = [r for r in root.iter(f"{SVG}rect") if r.get("rx") and r.get("width") == r.get("height")]
    assert len(die_faces) == 2


def test_arrows_follow_the_moves_of_a_play() -> None:
    pos = Position.from_text("white 3:1 2:2 / 24:1")
    [play] = legal_plays(pos, (6, 1), "toutes-tables")
    plain = parse(board_svg(pos))
    with_arrows = parse(board_svg(pos, arrows=play.moves))
    lines = [ln for ln in with_arrows.iter(f"{SVG}line")]
    assert len(list(plain.iter(f"{SVG}line"))) == 0
    assert len(lines) == 2 * len(play.moves)  # a dark edge and a light stroke per arrow


def test_highlights_mark_points() -> None:
    root = parse(board_svg(start_position(64), highlights=[1, 24]))
    dashed = [r for r in root.iter(f"{SVG}rect") if r.get("stroke-dasharray")]
    assert len(dashed) == 2


def test_size_sets_width_and_height_in_proportion() -> None:
    root = parse(board_svg(start_position(64), size=600))
    assert root.get("width") == "600"
    height = root.get("height")
    assert height is not None and 500 < int(height) < 600
    free = parse(board_svg(start_position(64), size=None))
    assert free.get("width") is None


def test_title_text_is_escaped() -> None:
    root = parse(board_svg(start_position(64), title='<6 & "1">'))
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == '<6 & "1">'


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"orientation": "red"}, "orientation"),
        ({"arrows": [(26, 3)]}, "arrow"),
        ({"highlights": [0]}, "highlights"),
        ({"dice": (0, 3)}, "dice"),
        ({"start_number": 226}, "start numbers"),
    ],
)
def test_bad_arguments_raise_value_error_naming_them(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        board_svg(start_position(64), **kwargs)  # type: ignore[arg-type]


def test_describe_names_an_empty_board_side_and_the_winner() -> None:
    pos = Position.from_text("white - / 1:1")  # white has borne off all 15
    assert describe(pos).startswith("White has borne off all 15.")
    assert "White: 15 borne off." in describe(pos)
    assert texts(parse(board_svg(pos)), "tt-status") == ["White has borne off all 15"]


def test_no_ids_so_many_diagrams_can_share_one_page() -> None:
    assert not re.search(r'\bid="', board_svg(start_position(64), arrows=[(24, 18)], highlights=[3], dice=(6, 1)))


def test_a_start_can_be_drawn_without_saying_who_is_on_roll() -> None:
    root = parse(board_svg(start_position(64), start_number=64, show_turn=False))
    assert texts(root, "tt-status") == ["start No. 64"]
    title = root.find(f"{SVG}title")
    assert title is not None and title.text is not None
    assert title.text.startswith("Start No. 64. White: 5 on 6")
