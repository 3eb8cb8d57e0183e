"""Boards in notebooks: positions, plays, games and matches show as SVG drawn by the engine's writer.

Jupyter calls ``_repr_svg_`` / ``_repr_html_`` (toutes_tables.display); the pictures are
toutes_tables.notebook's. Each picture must be a valid SVG document showing what the object holds.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import toutes_tables as tt
from toutes_tables import BLACK, WHITE, Game, Match, Position, parse_play, start_position
from toutes_tables.display import Pictured
from toutes_tables.svg import CHECKER, board_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str | None) -> ET.Element:
    assert svg is not None
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def drawn_checkers(root: ET.Element) -> dict[str, int]:
    return {
        color.value: sum(
            len(g.findall(f"{SVG}circle"))
            for g in root.iter(f"{SVG}g")
            if g.get("class") == f"tt-checkers-{color.value}" and g.get("fill") == CHECKER[color]["fill"]
        )
        for color in (BLACK, WHITE)
    }


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter() if g.get("class") == cls]


def status(root: ET.Element) -> str:
    [line] = [t.text or "" for t in root.iter(f"{SVG}text") if t.get("class") == "tt-status"]
    return line


def title(root: ET.Element) -> str:
    element = root.find(f"{SVG}title")
    assert element is not None and element.text is not None
    return element.text


def test_a_position_shows_its_board_and_its_text_repr_stays() -> None:
    pos = Position.from_text("white 6:8 bar:2 / 1:7 3:2 bar:1")
    root = parse(pos._repr_svg_())
    assert drawn_checkers(root) == {"black": 5 + 2 + 1, "white": 5 + 2}  # stacks over five show five
    assert "White: 8 on 6, 2 on the bar, 5 borne off." in title(root)
    assert pos._repr_svg_() == board_svg(pos)  # the engine's writer, nothing of its own
    assert repr(pos) == str(pos) == "Position.from_text('white 6:8 bar:2 / 1:7 3:2 bar:1')"


def test_the_html_figure_holds_the_svg_and_a_caption_with_the_position_id() -> None:
    pos = start_position(64)
    figure = ET.fromstring(pos._repr_html_() or "")
    assert figure.tag == "figure"
    [svg] = figure.findall(f"{SVG}svg")
    assert drawn_checkers(svg) == {"black": 15, "white": 15}
    caption = figure.find("figcaption")
    assert caption is not None and caption.text == f"{pos.text()} (gnubg Position ID {pos.gnubg_id()})"


def test_a_play_shows_an_arrow_for_each_move_from_the_board_before_it() -> None:
    pos = start_position(64)
    play = parse_play(pos, "13/11(2) 6/4(2)", (2, 2), "backgammon")
    root = parse(play._repr_svg_())
    assert len(groups(root, "tt-arrow")) == 4
    assert drawn_checkers(root) == {"black": 15, "white": 15}  # the position before the play
    assert status(root) == "White plays 13/11(2) 6/4(2)"
    figure = ET.fromstring(play._repr_html_() or "")
    caption = figure.find("figcaption")
    assert caption is not None and caption.text == f"White plays 13/11(2) 6/4(2) (8 pips), from {pos.text()}"


def test_a_play_without_moves_says_the_player_cannot_move() -> None:
    pos = Position.from_text("black 2:2 bar:1 / 1:2 2:2 3:2 4:2 5:2 6:2 24:3")  # Black on the bar, all closed
    assert tt.legal_plays(pos, (6, 5), "backgammon") == []
    no_play = tt.Play(pos, ())
    root = parse(no_play._repr_svg_())
    assert groups(root, "tt-arrow") == []
    assert status(root) == "Black cannot move"


def test_a_game_shows_its_dice_its_centred_cube_and_what_is_due() -> None:
    game = Game("backgammon", rng=random.Random(7))
    opening = parse(game._repr_svg_())
    assert status(opening) == "the opening roll is due"
    assert groups(opening, "tt-die") == []
    game.roll_opening((3, 5))
    root = parse(game._repr_svg_())
    assert sorted(d.get("data-value") or "" for d in groups(root, "tt-die")) == ["3", "5"]
    [cube] = groups(root, "tt-cube")
    assert (cube.get("data-value"), cube.get("data-owner")) == ("1", "none")
    assert [t.text for t in cube.iter(f"{SVG}text")] == ["64"]  # a centred cube shows 64, as a real one does
    assert status(root) == "White to play · 5-3"
    assert "The cube is in the middle, at 1." in title(root)


def test_a_game_shows_the_cube_at_its_owners_side_and_the_double_due() -> None:
    game = Game("backgammon", rng=random.Random(7))
    game.roll_opening((3, 5))
    game.play("8/3 6/3")
    game.offer_double()  # Black doubles
    offered = parse(game._repr_svg_())
    assert status(offered) == "White to take or drop a double to 2"
    game.take()
    root = parse(game._repr_svg_())
    [cube] = groups(root, "tt-cube")
    assert (cube.get("data-value"), cube.get("data-owner")) == ("2", "white")
    assert [t.text for t in cube.iter(f"{SVG}text")] == ["2"]
    assert status(root) == "Black to roll"  # White owns the cube: Black cannot redouble
    assert "The cube is White's, at 2." in title(root)


def test_a_finished_game_shows_its_result_and_a_toutes_tables_game_its_start_and_no_cube() -> None:
    game = Game("toutes-tables-225", 17, rng=random.Random(3))
    root = parse(game._repr_svg_())
    assert groups(root, "tt-cube") == []
    assert status(root) == "start No. 17 · the opening roll is due"
    game.roll_opening((2, 6))
    game.resign(player=BLACK)
    root = parse(game._repr_svg_())
    assert status(root).endswith("White wins a single game (resigned), 1 point")
    caption = ET.fromstring(game._repr_html_() or "").find("figcaption")
    assert caption is not None
    assert caption.text == "Toutes Tables 225, start No. 17, White wins a single game (resigned), 1 point"


def test_a_match_shows_its_current_game_and_the_score() -> None:
    match = Match("backgammon", 3, rng=random.Random(5))
    match.game.roll_opening((6, 1))
    match.game.resign(player=BLACK)  # White wins a single game: 1-0
    match.next_game()
    root = parse(match._repr_svg_())
    assert status(root) == "the opening roll is due · Match to 3: Black 0, White 1"
    caption = ET.fromstring(match._repr_html_() or "").find("figcaption")
    assert caption is not None
    assert caption.text == "Match to 3: Black 0, White 1; game 2: Backgammon, the opening roll is due"


def test_a_class_without_a_registered_picture_falls_back_to_its_repr() -> None:
    class Unregistered(Pictured):
        pass

    assert Unregistered()._repr_svg_() is None and Unregistered()._repr_html_() is None


def test_the_caption_of_a_game_names_the_rules_and_the_roll_to_play() -> None:
    game = Game("backgammon", rng=random.Random(7))
    game.roll_opening((3, 5))
    caption = ET.fromstring(game._repr_html_() or "").find("figcaption")
    assert caption is not None and caption.text == "Backgammon, White to play 5-3"


def test_ipython_finds_the_svg_and_the_html_as_jupyter_shows_them() -> None:
    formatters = pytest.importorskip("IPython.core.formatters")
    pos = start_position(64)
    data, _ = formatters.DisplayFormatter().format(pos)
    assert set(data) == {"text/plain", "image/svg+xml", "text/html"}
    assert data["image/svg+xml"] == pos._repr_svg_() and data["text/plain"] == repr(pos)
