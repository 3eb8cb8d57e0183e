"""``toutes-tables ids``: a gnubg Position ID, Match ID (or both, ``PositionID:MatchID``) or an XGID, decoded.

The code's kind is told by its shape: an XGID has ten ``:``-separated fields (``XGID=``
optional), gnubg's ID two, a Position ID alone is 14 characters and a Match ID alone 12.
The answer gives the same state in the other codes (a Position ID with a Match ID is an
XGID and back, :mod:`toutes_tables.xgid`), what it says in words (in ``--lang``'s language), and
the board; ``--json`` writes it as data (language-neutral).
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from ..matchid import GameState, MatchState, Resignation
from ..messages import DEFAULT_LANGUAGE, say
from ..position import BLACK, WHITE, Color, Position
from ..textboard import board_text
from ..words import colour_word
from ..xgid import XGID, InvalidXGIDError

MAX_CODE_CHARS = 200

def add_arguments(parser: argparse.ArgumentParser, lang: str = DEFAULT_LANGUAGE) -> None:
    parser.add_argument("code", metavar=say(lang, "cli.metavar.code"), help=say(lang, "cli.help.ids.code"))
    parser.add_argument("--turn", choices=("white", "black"), default="white", help=say(lang, "cli.help.ids.turn"))
    parser.add_argument("--json", action="store_true", help=say(lang, "cli.help.json"))


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if len(args.code) > MAX_CODE_CHARS:
        parser.error(say(args.lang, "cli.ids.too_long", most=MAX_CODE_CHARS, got=len(args.code)))


def _colour(index: int | None) -> Color | None:
    """gnubg's player number as a colour (player 0 is Black, player 1 White)."""
    return None if index is None else (BLACK if index == 0 else WHITE)


def _xgid_of(position: Position, state: MatchState) -> XGID | None:
    """The XGID of a game in play that gnubg's IDs describe; None when an XGID cannot say it (a game over)."""
    if state.game_state is not GameState.PLAYING or state.resigned is not Resignation.NONE:
        return None
    try:
        return XGID(
            position=position,
            cube=state.cube,
            cube_owner=_colour(state.cube_owner),
            dice=None if state.dice == (0, 0) else state.dice,
            doubled=state.doubled,
            score=state.score,
            match_length=state.match_length,
            crawford=state.crawford,
            jacoby=state.jacoby,
        )
    except InvalidXGIDError:
        return None


def decode(code: str, turn: Color = WHITE, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """What ``code`` holds, with the same state in the other codes; a ValueError naming it (in ``lang``) if it is
    none of them."""
    text = code.strip()
    position: Position | None = None
    state: MatchState | None = None
    xgid: XGID | None = None
    if text.upper().startswith("XGID=") or text.count(":") == 9:
        kind = "xgid"
        xgid = XGID.parse(text)
        position, state = xgid.position, xgid.match_state()
    elif text.count(":") == 1:
        kind = "gnubg"
        position_id, match_id = text.split(":")
        state = MatchState.from_match_id(match_id)
        position = Position.from_gnubg_id(position_id, _colour(state.player_on_roll) or WHITE)
        xgid = _xgid_of(position, state)
    elif len(text) == 14:
        kind = "position"
        position = Position.from_gnubg_id(text, turn)
        xgid = XGID(position)
    elif len(text) == 12:
        kind = "match"
        state = MatchState.from_match_id(text)
    else:
        raise ValueError(say(lang, "cli.ids.not_a_code", code=f"{code!r:.60}"))
    answer: dict[str, Any] = {
        "kind": kind,
        "position_id": position.gnubg_id() if position is not None else None,
        "match_id": state.match_id() if state is not None else None,
        "gnubg_id": f"{position.gnubg_id()}:{state.match_id()}" if position is not None and state is not None else None,
        "xgid": xgid.text() if xgid is not None else None,
        "turn": position.turn.value if position is not None else _colour(state.player_on_roll).value,  # type: ignore[union-attr]
    }
    if position is not None:
        answer["position"] = position.absolute()
        answer["pips"] = {c.value: position.pips(c) for c in (BLACK, WHITE)}
    if state is not None:
        owner = _colour(state.cube_owner)
        answer.update(
            dice=list(state.dice) if state.dice != (0, 0) else None,
            cube={"value": state.cube, "owner": owner.value if owner else None, "doubled": state.doubled},
            match_length=state.match_length,
            score={"black": state.score[0], "white": state.score[1]},
            crawford=state.crawford,
            jacoby=state.jacoby,
            game_state=state.game_state.name.lower(),
        )
    return answer


def _words(answer: dict[str, Any], lang: str) -> list[str]:
    """What the answer says, in ``lang``: who is on roll (and the dice), the cube, the match or money game."""

    def colour(value: str) -> str:
        return colour_word(Color(value), lang)

    line = say(lang, "board.on_roll", who=colour(answer["turn"]))
    if answer.get("dice"):
        line = say(lang, "cli.ids.dice", on_roll=line, dice=f"{answer['dice'][0]}-{answer['dice'][1]}")
    lines = [line]
    if "cube" in answer:
        cube = answer["cube"]
        doubled = say(lang, "cli.ids.doubled") if cube["doubled"] else ""
        if cube["owner"]:
            owner = colour(cube["owner"])
            lines.append(say(lang, "cli.ids.cube_owned", value=cube["value"], owner=owner, doubled=doubled))
        else:
            lines.append(say(lang, "cli.ids.cube_centred", value=cube["value"], doubled=doubled))
        if answer["match_length"]:
            score = answer["score"]
            crawford = say(lang, "cli.ids.crawford") if answer["crawford"] else ""
            lines.append(say(lang, "cli.ids.match", length=answer["match_length"], black=score["black"],
                             white=score["white"], crawford=crawford))
        else:
            lines.append(say(lang, "cli.ids.money", jacoby=say(lang, "cli.ids.jacoby") if answer["jacoby"] else ""))
    return lines


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    answer = decode(args.code, Color(args.turn), args.lang)
    if args.json:
        stdout.write(json.dumps(answer, indent=2) + "\n")
        return 0
    keys = ("position_id", "match_id", "gnubg_id", "xgid")
    labels = {key: say(args.lang, f"cli.ids.label.{key}") for key in keys}
    width = max(map(len, labels.values())) + 1  # the codes in one column
    for key in keys:
        if answer[key] is not None:
            stdout.write(f"{labels[key]:<{width}}{answer[key]}\n")
    words = _words(answer, args.lang)
    if answer["position_id"] is not None:
        position = Position.from_gnubg_id(answer["position_id"], Color(answer["turn"]))
        stdout.write(board_text(position, words, lang=args.lang) + "\n")
    else:
        stdout.write("\n".join(words) + "\n")
    return 0
