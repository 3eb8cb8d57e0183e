r"""Game and match records: a seed-free text format, and JSON-able data for saves.

Both keep every roll (the opening rolls and their ties, the drawing dice of a 225 start),
so replaying a record reproduces the game exactly without any random generator; loading
replays it through :class:`~toutes_tables.Game`, so a record that breaks a rule is refused.

The text format
===============

UTF-8 text, one item per line. ``#`` starts a comment running to the end of the line;
blank lines and comments are ignored (the writer uses comments for the announcements and
what the replay computes, e.g. the cube after an automatic double). Keywords are
case-sensitive and written as below; ``<color>`` is ``black`` or ``white``. ::

    Toutes Tables record 1                     first line: the format and its version
    Rules: backgammon-225                      one of the four rule-set names
    Options: cube=on jacoby=off auto-doubles=0 auto-double-mode=double point-game=off winner-opens=off
    Match: 5 crawford=on                       match records only: the length and the Crawford rule

    Game 1                                     games numbered from 1 (a game record has one)
    Score: black 0 white 0                     optional, checked: the match score before the game;
                                               on game 1, the score the match is taken up at
    Start: 64 drawn 1-6 1-5 rerolled 3-3       the start number; for a drawn start its two drawing
                                               rolls (and the doubles set aside), checked against it
    Crawford: yes                              optional (default no); checked in a match; on a
                                               game 1 taken up with a side at length - 1, "no"
                                               says the Crawford game has been played
    Opener: white                              optional: no opening roll, this player rolls first
    Position: white 6:5 8:3 / 6:5 8:3 13:5     optional, instead of Opener: a game set up from this
                                               position (Position.text's literal), its player on
                                               roll rolling first; in a match, game 1 only
    Cube: 4 white                              optional (default: 1, centred): the cube the game
                                               begins with, its value and owner (game 1 only in
                                               a match; "Cube: 1" is centred)
    Opening: black 4 white 4                   one die each; a tie is rolled again
    Opening: black 3 white 5
    white 5-3: 8/3 6/3                         a turn: the dice as rolled, then the play in standard
                                               notation; after the opening the dice are the opening
                                               dice, higher first
    black doubles to 2                         the cube value if taken
    white takes                                or: white drops
    black 6-6: (no play)                       a turn with no legal play, passed
    white 3-1:                                 rolled, not yet played (an unfinished game)
    black resigns a gammon                     or: a single game / a double game / a backgammon
    Result: white wins a gammon, 4 points      optional, checked against the replay

Loading raises :class:`~toutes_tables.InvalidRecordError` naming the line number and what
is wrong with it (an unknown keyword, a malformed value, or an action the game refuses).

JSON
====

:func:`game_to_json` / :func:`match_to_json` give a ``dict`` of plain data::

    {"format": "toutes-tables/game", "version": 1, "rules": ..., "options": {...},
     "start": {"number": 64, "drawn": [[1, 6], [1, 5]] or null, "rerolled": [[3, 3]]},
     "crawford": false, "opener": null or "white", "position": null or a Position.text literal,
     "cube": {"value": 4, "owner": "white"}     (only for a game begun with the cube turned),
     "actions": [{"type": "opening", "black": 3, "white": 5},
                 {"type": "roll", "player": "white", "dice": [5, 3]},
                 {"type": "play", "player": "white", "moves": [[8, 3], [6, 3]], "notation": "8/3 6/3"},
                 {"type": "double", "player": "black", "value": 2},
                 {"type": "take" | "drop", "player": "white"},
                 {"type": "resign", "player": "black", "outcome": "gammon"}],
     "result": null or {"winner": "white", "outcome": "gammon", "points": 4, "reason": "borne off"}}

    {"format": "toutes-tables/match", "version": 1, "rules": ..., "options": {...},
     "length": 5, "crawford": true, "games": [<game dicts as above>],
     "score": {"black": 2, "white": 3}, "post_crawford": false}   (only for a match taken up at a score)

``result`` (and a game's ``crawford`` and ``opener`` inside a match) are checked against
the replay. Data of another format or version, or that does not replay, raises
:class:`~toutes_tables.InvalidRecordError`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, NoReturn

from .errors import InvalidRecordError, shown
from .checks import AN_ACTION, A_GAME, A_MATCH, check_instance
from .game import Action, Double, Drop, Game, GameOptions, OpeningRoll, Played, Resign, Roll, Take
from .match import Match
from .messages import Words, colour_word, reason, worded
from .position import BLACK, WHITE, Color, Position
from .rules import RULE_SETS, Outcome
from .starts import DrawnStart, start_number

FORMAT_LINE = "Toutes Tables record 1"
JSON_VERSION = 1

# Bounds (docs/rules/decisions.md, "Bounds on what the game accepts"): far beyond any real game
# or match (a long match's record is some 100 kB), and refused before reading.
MAX_RECORD_CHARS = 2_000_000
"""The longest text record read, in characters."""
MAX_RECORD_LINES = 100_000
"""The most lines a text record may have."""
MAX_GAME_ACTIONS = 10_000
"""The most actions one game of a record may have (text or JSON)."""
GAME_FORMAT = "toutes-tables/game"
MATCH_FORMAT = "toutes-tables/match"

_OUTCOME_WORDS = {
    "single game": Outcome.SINGLE,
    "double game": Outcome.DOUBLE,
    "gammon": Outcome.GAMMON,
    "backgammon": Outcome.BACKGAMMON,
}

# -- writing text ---------------------------------------------------------------------------


def _onoff(flag: bool) -> str:
    return "on" if flag else "off"


def _options_line(options: GameOptions) -> str:
    return (
        f"Options: cube={_onoff(options.cube)} jacoby={_onoff(options.jacoby)} "
        f"auto-doubles={options.auto_doubles} auto-double-mode={options.auto_double_mode} "
        f"point-game={_onoff(options.point_game)} winner-opens={_onoff(options.winner_opens)}"
    )


def _dice(dice: tuple[int, int] | list[int]) -> str:
    return f"{dice[0]}-{dice[1]}"


def _start_line(game: Game) -> str:
    line = f"Start: {game.start_number}"
    drawn = game.drawn_start
    if drawn is not None:
        line += f" drawn {_dice(drawn.first_roll)} {_dice(drawn.second_roll)}"
        if drawn.rerolled:
            line += " rerolled " + " ".join(_dice(r) for r in drawn.rerolled)
    return line


def _game_lines(game: Game, number: int, score: dict[Color, int] | None, post_crawford: bool = False) -> Iterator[str]:
    yield f"Game {number}"
    if score is not None:
        yield f"Score: black {score[BLACK]} white {score[WHITE]}"
    yield _start_line(game)
    if game.is_crawford:
        yield "Crawford: yes"
    elif post_crawford:
        yield "Crawford: no  # played before the score was taken up"
    if game.initial_position is not None:
        yield f"Position: {game.initial_position.text()}"
    elif game.opener is not None:
        yield f"Opener: {game.opener.value}"
    if game.initial_cube != (1, None):
        value, owner = game.initial_cube
        yield f"Cube: {value} {owner.value}" if owner is not None else f"Cube: {value}"
    # Replay alongside the writing, to annotate lines with what the game computes.
    shadow = game.replayed()
    pending: str | None = None  # "white 5-3:" waiting for its play
    for action in game.history:
        cube_before = shadow.cube_value
        shadow.apply(action)
        if isinstance(action, OpeningRoll):
            line = f"Opening: black {action.black} white {action.white}"
            if action.is_tie:
                note = f"cube {shadow.cube_value}" if shadow.cube_value != cube_before else "rolled again"
                yield f"{line}  # tie: {note}"
            else:
                assert shadow.dice is not None and shadow.turn is not None
                yield f"{line}  # {shadow.turn.value} opens"
                pending = f"{shadow.turn.value} {_dice(shadow.dice)}:"
            continue
        if isinstance(action, Roll):
            pending = f"{action.player.value} {_dice(action.dice)}:"
            continue
        if isinstance(action, Played):
            assert pending is not None
            yield f"{pending} {action.notation}"
            pending = None
            continue
        if pending is not None:  # rolled, then something other than a play (a resignation)
            yield pending
            pending = None
        if isinstance(action, Double):
            yield f"{action.player.value} doubles to {action.value}"
        elif isinstance(action, Take):
            yield f"{action.player.value} takes"
        elif isinstance(action, Drop):
            yield f"{action.player.value} drops"
        elif isinstance(action, Resign):
            yield f"{action.player.value} resigns a {action.outcome.label}"
    if pending is not None:
        yield pending
    if game.result is not None:
        yield f"Result: {game.result}"


def game_to_text(game: Game) -> str:
    """The record of ``game`` in the text format above."""
    check_instance(game, Game, "game", A_GAME)
    lines = [FORMAT_LINE, f"Rules: {game.rules.name}", _options_line(game.options), ""]
    lines += _game_lines(game, 1, None)
    return "\n".join(lines) + "\n"


def match_to_text(match: Match) -> str:
    """The record of ``match`` (every game so far) in the text format above."""
    check_instance(match, Match, "match", A_MATCH)
    return match_header_text(match) + "".join(match_game_text(match, i) for i in range(len(match.games)))


def match_header_text(match: Match) -> str:
    """The lines of ``match``'s record before its games (:func:`match_to_text` is this, then each game's)."""
    lines = [
        FORMAT_LINE,
        f"Rules: {match.rules.name}",
        _options_line(match.options),
        f"Match: {match.length} crawford={_onoff(match.crawford)}",
    ]
    return "\n".join(lines) + "\n"


def match_game_text(match: Match, index: int) -> str:
    """The lines of game ``index`` (from 0) in ``match``'s record; a finished game's never change (they can be kept)."""
    score = match._score_after(match.games[:index])
    lines = ["", *_game_lines(match.games[index], index + 1, score, index == 0 and match.post_crawford)]
    return "\n".join(lines) + "\n"


# -- reading text ---------------------------------------------------------------------------


class _Lines:
    """The meaningful lines of a record with their numbers, comments stripped."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise worded(InvalidRecordError, "record.not_text", kind=type(text).__name__)
        if len(text) > MAX_RECORD_CHARS:
            raise worded(InvalidRecordError, "record.too_long", count=len(text), most=MAX_RECORD_CHARS)
        raw_lines = text.splitlines()
        if len(raw_lines) > MAX_RECORD_LINES:
            raise worded(InvalidRecordError, "record.too_many_lines", count=len(raw_lines), most=MAX_RECORD_LINES)
        self.items: list[tuple[int, str]] = []
        for n, raw in enumerate(raw_lines, 1):
            line = raw.split("#", 1)[0].strip()
            if line:
                self.items.append((n, line))
        self.i = 0

    def peek(self) -> tuple[int, str] | None:
        return self.items[self.i] if self.i < len(self.items) else None

    def next(self, what: Words | None = None) -> tuple[int, str]:
        """The next line; at the record's end, the error says ``what`` was expected (there must be one then)."""
        item = self.peek()
        if item is None:
            assert what is not None
            last = self.items[-1][0] if self.items else 0
            _fail(last + 1, "record.ends", what=what)
        self.i += 1
        return item

    def keyword(self, key: str) -> tuple[int, str] | None:
        """The value of the next line if it is ``key: value``, consuming it."""
        item = self.peek()
        if item is not None and item[1].startswith(key + ":"):
            self.i += 1
            return item[0], item[1][len(key) + 1 :].strip()
        return None

    def require(self, key: str) -> tuple[int, str]:
        item = self.keyword(key)
        if item is None:
            n, line = self.next(Words("record.what.keyword", {"key": key}))
            _fail(n, "record.expected_keyword", line, key=key)
        return item


def _fail(n: int, message: str | ValueError, line: str | None = None, /, **values: object) -> NoReturn:
    """:class:`InvalidRecordError` for line ``n``, quoting ``line`` if given: ``message`` is a message
    key (``record.*``) with ``values``, or the error the rules or the game gave (said in its own words)."""
    said = reason(message) if isinstance(message, ValueError) else Words(message, values)
    if line is None:
        raise worded(InvalidRecordError, "record.line", n=n, reason=said)
    raise worded(InvalidRecordError, "record.line_quoted", n=n, reason=said, line=shown(line))



_DICE_RE = r"([1-6])-([1-6])"
_ON_OFF = {"on": True, "off": False}


def _parse_options(n: int, text: str, rules: str) -> GameOptions:
    values: dict[str, Any] = {"rules": rules}
    names = {"cube": "cube", "jacoby": "jacoby", "point-game": "point_game", "winner-opens": "winner_opens"}
    for item in text.split():
        key, sep, value = item.partition("=")
        if not sep:
            _fail(n, "record.option_form", text, item=repr(item))
        if key in names:
            if value not in _ON_OFF:
                _fail(n, "record.option_on_off", text, key=key, value=repr(value))
            values[names[key]] = _ON_OFF[value]
        elif key == "auto-doubles":
            if not re.fullmatch("[0-9]{1,9}", value):
                _fail(n, "record.option_auto_doubles", text, value=repr(value))
            values["auto_doubles"] = int(value)
        elif key == "auto-double-mode":
            values["auto_double_mode"] = value
        else:
            _fail(n, "record.option_unknown", text, key=repr(key))
    try:
        options = GameOptions(**values)
        options.validate()
    except ValueError as exc:
        _fail(n, exc, text)
    return options


def _parse_header(lines: _Lines) -> tuple[str, GameOptions]:
    n, first = lines.next(Words("record.what.format_line"))
    if first != FORMAT_LINE:
        _fail(n, "record.format_line", first, format=repr(FORMAT_LINE))
    n, rules = lines.require("Rules")
    if rules not in RULE_SETS:
        _fail(n, "record.rule_set", rules=repr(rules), names=", ".join(RULE_SETS))
    item = lines.keyword("Options")
    options = _parse_options(item[0], item[1], rules) if item else GameOptions(rules=rules)
    return rules, options


def _parse_start(n: int, text: str) -> int | DrawnStart:
    m = re.fullmatch(rf"([0-9]{{1,3}})(?: drawn {_DICE_RE} {_DICE_RE}((?: rerolled(?: {_DICE_RE})+)?))?", text)
    if not m:
        _fail(n, "record.start_form", text)
    number = int(m.group(1))
    if not 1 <= number <= 225:
        _fail(n, "record.start_range", text, number=number)
    if m.group(2) is None:
        return number
    first = tuple(sorted((int(m.group(2)), int(m.group(3)))))
    second = tuple(sorted((int(m.group(4)), int(m.group(5)))))
    rerolled = tuple((int(a), int(b)) for a, b in re.findall(_DICE_RE, m.group(6) or ""))
    try:
        drawn_number = start_number(first, second)  # type: ignore[arg-type]
    except ValueError as exc:
        _fail(n, exc, text)
    if drawn_number != number:
        _fail(n, "record.start_drawn", text, drawn=drawn_number, number=number)
    if any(a != b for a, b in rerolled):
        _fail(n, "record.start_rerolled", text)
    return DrawnStart(number, first, second, rerolled)  # type: ignore[arg-type]


def _parse_color(n: int, word: str, line: str) -> Color:
    if word not in ("black", "white"):
        _fail(n, "record.colour", line, word=repr(word))
    return BLACK if word == "black" else WHITE


_TURN_RE = re.compile(rf"^(black|white) {_DICE_RE}:\s*(.*)$")
_OPENING_RE = re.compile(r"^black ([1-6]) white ([1-6])$")


def _apply_line(game: Game, n: int, line: str) -> None:
    """Apply one action line to ``game``; the line is the message of any refusal."""
    try:
        if line.startswith("Opening:"):
            m = _OPENING_RE.match(line[len("Opening:") :].strip())
            if not m:
                _fail(n, "record.opening_form", line)
            game.apply(OpeningRoll(int(m.group(1)), int(m.group(2))))
            return
        m = _TURN_RE.match(line)
        if m:
            color = _parse_color(n, m.group(1), line)
            dice = (int(m.group(2)), int(m.group(3)))
            if game.phase == "move" and game.history and isinstance(game.history[-1], OpeningRoll):
                if dice != game.dice or color is not game.turn:
                    assert game.dice is not None and game.turn is not None
                    _fail(n, "record.opening_gave", line, colour=colour_word(game.turn), dice=_dice(game.dice))
            else:
                game.apply(Roll(color, dice))
            play = m.group(4).strip()
            if play:
                if color is not game.turn:
                    _fail(n, "record.not_turn", line, colour=colour_word(color))
                game.play(play)
            return
        words = line.split(" ", 1)
        if len(words) == 2 and words[0] in ("black", "white"):
            color = _parse_color(n, words[0], line)
            rest = words[1]
            dm = re.fullmatch(r"doubles to ([0-9]{1,9})", rest)
            if dm:
                game.apply(Double(color, int(dm.group(1))))
                return
            if rest == "takes":
                game.apply(Take(color))
                return
            if rest == "drops":
                game.apply(Drop(color))
                return
            rm = re.fullmatch(r"resigns an? (single game|double game|gammon|backgammon)", rest)
            if rm:
                game.apply(Resign(color, _OUTCOME_WORDS[rm.group(1)]))
                return
        _fail(n, "record.not_action", line)
    except InvalidRecordError:
        raise
    except ValueError as exc:  # IllegalMoveError and friends: the game refused the action
        _fail(n, exc, line)


def _parse_game(lines: _Lines, number: int, options: GameOptions, match: Match | None) -> Game:
    n, line = lines.next(Words("record.what.game", {"number": number}))
    if line != f"Game {number}":
        _fail(n, "record.game_expected", line, number=number)
    score_item = lines.keyword("Score")
    if score_item is not None:
        recorded = _parse_score(*score_item)
        if match is not None:
            if recorded != match.score:
                _fail(score_item[0], "record.score", score_item[1], black=match.score[BLACK], white=match.score[WHITE])
    n_start, start_text = lines.require("Start")
    start = _parse_start(n_start, start_text)
    crawford_item = lines.keyword("Crawford")
    crawford = False
    if crawford_item is not None:
        if crawford_item[1] not in ("yes", "no"):
            _fail(crawford_item[0], "record.crawford_form", crawford_item[1])
        crawford = crawford_item[1] == "yes"
    opener_item = lines.keyword("Opener")
    opener = _parse_color(opener_item[0], opener_item[1], opener_item[1]) if opener_item else None
    position_item = lines.keyword("Position")
    position = None
    if position_item is not None:
        if match is not None and number > 1:
            _fail(position_item[0], "record.match_position", position_item[1])
        position = _parse_position(*position_item)
    cube_item = lines.keyword("Cube")
    cube_value, cube_owner = (1, None) if cube_item is None else _parse_cube(*cube_item)
    if cube_item is not None and match is not None and number > 1:
        _fail(cube_item[0], "record.match_cube", cube_item[1])
    try:
        if match is None:
            game = Game(None, start, options, is_crawford=crawford, opener=opener, position=position,
                        cube_value=cube_value, cube_owner=cube_owner)
        else:
            game = match._begin(start) if number > 1 else match.game  # game 1 is set up from its header
            if crawford_item is not None and crawford != game.is_crawford:
                key = "record.crawford_game" if game.is_crawford else "record.not_crawford_game"
                _fail(crawford_item[0], key, number=number)
            if position is None and opener != game.opener:
                at = opener_item[0] if opener_item else n
                if game.opener is None:
                    _fail(at, "record.opened_by_roll", number=number)
                _fail(at, "record.opened_by", number=number, colour=colour_word(game.opener))
    except InvalidRecordError:
        raise
    except ValueError as exc:
        _fail(n_start, exc, start_text)
    while True:
        item = lines.peek()
        if item is None or item[1].startswith("Game "):
            break
        lines.next()
        n, line = item
        if len(game.history) >= MAX_GAME_ACTIONS:
            _fail(n, "record.too_many_actions", number=number, most=MAX_GAME_ACTIONS)
        if line.startswith("Result:"):
            if game.result is None:
                _fail(n, "record.not_over", line)
            if line[len("Result:") :].strip() != str(game.result):
                _fail(n, "record.result", line, result=str(game.result))
            continue
        _apply_line(game, n, line)
    return game


def _parse_score(n: int, text: str) -> dict[Color, int]:
    sm = re.fullmatch(r"black ([0-9]{1,9}) white ([0-9]{1,9})", text)
    if not sm:
        _fail(n, "record.score_form", text)
    return {BLACK: int(sm.group(1)), WHITE: int(sm.group(2))}


def _parse_position(n: int, text: str) -> Position:
    try:
        return Position.from_text(text)
    except ValueError as exc:
        _fail(n, exc, text)


def _parse_cube(n: int, text: str) -> tuple[int, Color | None]:
    cm = re.fullmatch(r"([0-9]{1,5})(?: (black|white))?", text)
    if not cm:
        _fail(n, "record.cube_form", text)
    owner = cm.group(2)
    return int(cm.group(1)), None if owner is None else (BLACK if owner == "black" else WHITE)


_GAME_KEYWORDS = ("Score", "Start", "Crawford", "Opener", "Position", "Cube")


def _first_game_header(lines: _Lines) -> dict[str, tuple[int, str]]:
    """The keyword lines of the match's game 1 (read ahead: the match is built from them), by keyword."""
    header: dict[str, tuple[int, str]] = {}
    if lines.peek() is None or lines.items[lines.i][1] != "Game 1":
        return header  # not a game 1: reading the game says so
    for n, line in lines.items[lines.i + 1 :]:
        key, sep, value = line.partition(":")
        if not sep or key not in _GAME_KEYWORDS or key in header:
            break
        header[key] = (n, value.strip())
    return header


def game_from_text(text: str) -> Game:
    """Load a game record written by :func:`game_to_text` (or by hand)."""
    lines = _Lines(text)
    _, options = _parse_header(lines)
    game = _parse_game(lines, 1, options, None)
    if lines.peek() is not None:
        n, line = lines.next()
        _fail(n, "record.one_game", line)
    return game


def match_from_text(text: str) -> Match:
    """Load a match record written by :func:`match_to_text` (or by hand)."""
    lines = _Lines(text)
    _, options = _parse_header(lines)
    n, value = lines.require("Match")
    m = re.fullmatch(r"([0-9]{1,9})(?: crawford=(on|off))?", value)
    if not m:
        _fail(n, "record.match_form", value)
    if lines.peek() is None:
        _fail(n + 1, "record.match_game_1")
    # The first game's start, score, position and cube are needed to build the match; read ahead for them
    # (they are read again, and checked, with the game).
    header = _first_game_header(lines)
    start = _parse_start(*header["Start"]) if "Start" in header else None
    score = _parse_score(*header["Score"]) if "Score" in header else None
    position = _parse_position(*header["Position"]) if "Position" in header else None
    cube_value, cube_owner = _parse_cube(*header["Cube"]) if "Cube" in header else (1, None)
    length = int(m.group(1))
    # "Crawford: no" on a game 1 taken up with a side at length - 1: the Crawford game has been played
    post_crawford = header.get("Crawford", (0, ""))[1] == "no" and score is not None and length - 1 in score.values()
    try:
        match = Match(None, length, options, crawford=m.group(2) != "off", start=start, score=score,
                      post_crawford=post_crawford, position=position, cube_value=cube_value, cube_owner=cube_owner)
    except ValueError as exc:
        _fail(n, exc, value)
    number = 1
    while lines.peek() is not None:
        if number > 1 and not match.game.is_over:
            ln, line = lines.next()
            _fail(ln, "record.game_not_over", line, before=number - 1, number=number)
        if number > 1 and match.is_over:
            ln, line = lines.next()
            _fail(ln, "record.match_over", line)
        _parse_game(lines, number, options, match)
        number += 1
    return match


# -- JSON -----------------------------------------------------------------------------------


def action_to_json(action: Action) -> dict[str, Any]:
    """One action of a game as JSON data (game, match and chouette saves write their actions so)."""
    check_instance(action, (OpeningRoll, Roll, Played, Double, Take, Drop, Resign), "action", AN_ACTION)
    if isinstance(action, OpeningRoll):
        return {"type": "opening", "black": action.black, "white": action.white}
    data: dict[str, Any] = {"player": action.player.value}
    if isinstance(action, Roll):
        data.update(type="roll", dice=list(action.dice))
    elif isinstance(action, Played):
        data.update(type="play", moves=[list(m) for m in action.moves], notation=action.notation)
    elif isinstance(action, Double):
        data.update(type="double", value=action.value)
    elif isinstance(action, Take):
        data.update(type="take")
    elif isinstance(action, Drop):
        data.update(type="drop")
    else:
        data.update(type="resign", outcome=action.outcome.value)
    return data


def _result_json(game: Game) -> dict[str, Any] | None:
    r = game.result
    if r is None:
        return None
    return {"winner": r.winner.value, "outcome": r.outcome.value, "points": r.points, "reason": r.reason}


def game_to_json(game: Game) -> dict[str, Any]:
    check_instance(game, Game, "game", A_GAME)
    drawn = game.drawn_start
    return {
        "format": GAME_FORMAT,
        "version": JSON_VERSION,
        "rules": game.rules.name,
        "options": game.options.to_json(),
        "start": {
            "number": game.start_number,
            "drawn": [list(drawn.first_roll), list(drawn.second_roll)] if drawn else None,
            "rerolled": [list(r) for r in drawn.rerolled] if drawn else [],
        },
        "crawford": game.is_crawford,
        "opener": game.opener.value if game.opener else None,
        "position": game.initial_position.text() if game.initial_position else None,
        **_cube_json(game),
        "actions": [action_to_json(a) for a in game.history],
        "result": _result_json(game),
    }


def _cube_json(game: Game) -> dict[str, Any]:
    """``{"cube": ...}`` for a game begun with the cube turned; nothing for one begun centred on 1."""
    value, owner = game.initial_cube
    if (value, owner) == (1, None):
        return {}
    return {"cube": {"value": value, "owner": owner.value if owner is not None else None}}


def match_to_json(match: Match) -> dict[str, Any]:
    check_instance(match, Match, "match", A_MATCH)
    return {
        "format": MATCH_FORMAT,
        "version": JSON_VERSION,
        "rules": match.rules.name,
        "options": match.options.to_json(),
        "length": match.length,
        "crawford": match.crawford,
        "games": [game_to_json(g) for g in match.games],
        **_score_json(match),
    }


def _score_json(match: Match) -> dict[str, Any]:
    """The score a match was taken up at (and whether its Crawford game had been played); nothing from 0-0."""
    score = match.initial_score
    if not any(score.values()):
        return {}
    return {"score": {"black": score[BLACK], "white": score[WHITE]}, "post_crawford": match.post_crawford}


class _Bad(Exception):
    """A malformed piece of JSON data, with where it is: its one argument is the message (:class:`Words`)."""

    def __init__(self, key: str, /, **values: object) -> None:
        self.words = Words(key, values)
        super().__init__(self.words)


def _bad_at(where: str, exc: ValueError | TypeError) -> _Bad:
    """The error the rules, the game or the match gave, at ``where`` (said in its own words)."""
    return _Bad("record.json.at", where=where, reason=reason(exc))


def _get(data: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise _Bad("record.json.missing", where=where, key=shown(key))
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _Bad("record.json.wrong_type", where=where, key=shown(key), value=shown(value))
    return value


def _color(value: Any, where: str) -> Color:
    if value not in ("black", "white"):
        raise _Bad("record.json.colour", where=where, value=shown(value))
    return BLACK if value == "black" else WHITE


def _dice_json(value: Any, where: str) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(type(d) is int and 1 <= d <= 6 for d in value)):
        raise _Bad("record.json.dice", where=where, value=shown(value))
    return value[0], value[1]


def _action_from_json(data: Any, where: str) -> Action:
    kind = _get(data, "type", str, where)
    if kind == "opening":
        return OpeningRoll(_get(data, "black", int, where), _get(data, "white", int, where))
    player = _color(_get(data, "player", str, where), where)
    if kind == "roll":
        return Roll(player, _dice_json(_get(data, "dice", list, where), where))
    if kind == "play":
        moves = _get(data, "moves", list, where)
        if not all(isinstance(m, list) and len(m) == 2 and all(type(x) is int for x in m) for m in moves):
            raise _Bad("record.json.moves", where=where, moves=shown(moves))
        return Played(player, tuple((m[0], m[1]) for m in moves), _text_or_empty(data.get("notation")))
    if kind == "double":
        return Double(player, _get(data, "value", int, where))
    if kind == "take":
        return Take(player)
    if kind == "drop":
        return Drop(player)
    if kind == "resign":
        try:
            return Resign(player, Outcome(_get(data, "outcome", str, where)))
        except ValueError:
            raise _Bad("record.json.outcome", where=where, outcome=shown(data["outcome"])) from None
    raise _Bad("record.json.action_type", where=where, kind=shown(kind))


def _text_or_empty(value: object) -> str:
    """A play's recorded notation (informative only: the moves are what is replayed)."""
    return value if isinstance(value, str) else ""


def action_from_json(data: Any, where: str = "action") -> Action:
    """The action :func:`action_to_json` wrote; raises ``ValueError`` saying what is wrong and ``where``."""
    try:
        return _action_from_json(data, where)
    except _Bad as exc:
        raise worded(ValueError, exc.words.key, **exc.words.values) from None


def check_save_format(data: Any, fmt: str, version: int = JSON_VERSION) -> None:
    """Refuse (:class:`InvalidRecordError`) a JSON save that is not a ``fmt`` object of ``version``."""
    if not isinstance(data, dict):
        raise worded(InvalidRecordError, "record.json.not_object", kind=type(data).__name__)
    if data.get("format") != fmt:
        raise worded(InvalidRecordError, "record.json.format", fmt=fmt, format=shown(data.get("format")))
    if data.get("version") != version:
        raise worded(InvalidRecordError, "record.json.version", fmt=fmt, saved=shown(data.get("version")),
                     version=version)


def _options_from_json(data: Any, rules: str, where: str) -> GameOptions:
    raw = _get(data, "options", dict, where)
    fields = {"cube", "jacoby", "auto_doubles", "auto_double_mode", "point_game", "winner_opens"}
    unknown = set(raw) - fields - {"rules"}
    if unknown:
        raise _Bad("record.json.unknown_options", where=where, options=shown(sorted(unknown)))
    if raw.get("rules", rules) != rules:
        raise _Bad("record.json.options_rules", where=where, options=shown(raw.get("rules")), rules=shown(rules))
    try:
        options = GameOptions(rules=rules, **{k: raw[k] for k in fields if k in raw})
        options.validate()
    except (ValueError, TypeError) as exc:
        raise _bad_at(where, exc) from None
    return options


def _start_from_json(data: Any, where: str) -> int | DrawnStart:
    start = _get(data, "start", dict, where)
    number = _get(start, "number", int, where + ".start")
    drawn = start.get("drawn")
    if drawn is None:
        return int(number)
    if not (isinstance(drawn, list) and len(drawn) == 2):
        raise _Bad("record.json.drawn", where=where + ".start", drawn=shown(drawn))
    first = tuple(sorted(_dice_json(drawn[0], where + ".start")))
    second = tuple(sorted(_dice_json(drawn[1], where + ".start")))
    raw_rerolled = start.get("rerolled") or []
    if not isinstance(raw_rerolled, list):
        raise _Bad("record.json.rerolled", where=where + ".start", rerolled=shown(raw_rerolled))
    rerolled = tuple(_dice_json(r, where + ".start") for r in raw_rerolled)
    try:
        if start_number(first, second) != number:  # type: ignore[arg-type]
            raise _Bad("record.json.drawn_start", where=where + ".start", number=number)
    except ValueError as exc:
        raise _bad_at(where + ".start", exc) from None
    return DrawnStart(int(number), first, second, rerolled)  # type: ignore[arg-type]


def _replay_json(game: Game, data: Any, where: str) -> None:
    actions = _get(data, "actions", list, where)
    if len(actions) > MAX_GAME_ACTIONS:
        raise _Bad("record.json.too_many_actions", where=where, count=len(actions), most=MAX_GAME_ACTIONS)
    for i, raw in enumerate(actions):
        action = _action_from_json(raw, f"{where}.actions[{i}]")
        try:
            game.apply(action)
        except ValueError as exc:
            raise _bad_at(f"{where}.actions[{i}]", exc) from None
    if data.get("result") != _result_json(game):
        raise _Bad("record.json.result", where=where, recorded=shown(data.get("result")),
                   replayed=shown(_result_json(game)))


def game_from_json(data: Any) -> Game:
    """Restore a game from :func:`game_to_json` data; raises :class:`InvalidRecordError`."""
    check_save_format(data, GAME_FORMAT)
    try:
        rules = _get(data, "rules", str, "game")
        if rules not in RULE_SETS:
            raise _Bad("record.json.rule_set", where="game", rules=shown(rules))
        options = _options_from_json(data, rules, "game")
        opener = data.get("opener")
        position = data.get("position")
        try:
            game = Game(
                None,
                _start_from_json(data, "game"),
                options,
                is_crawford=bool(data.get("crawford", False)),
                opener=None if opener is None else _color(opener, "game.opener"),
                position=None if position is None else Position.from_text(str(position)),
                **_cube_from_json(data, "game"),
            )
        except ValueError as exc:
            raise _bad_at("game", exc) from None
        _replay_json(game, data, "game")
        return game
    except _Bad as exc:
        raise worded(InvalidRecordError, "record.json.invalid_game", reason=exc.words) from None


def _cube_from_json(data: Any, where: str) -> dict[str, Any]:
    """``cube_value`` and ``cube_owner`` for :class:`Game` from a game's ``cube`` (1 centred without one)."""
    cube = data.get("cube")
    if cube is None:
        return {"cube_value": 1, "cube_owner": None}
    if not isinstance(cube, dict) or set(cube) != {"value", "owner"} or type(cube["value"]) is not int:
        raise _Bad("record.json.cube", where=where, value=shown(cube))
    owner = cube["owner"]
    return {"cube_value": cube["value"], "cube_owner": None if owner is None else _color(owner, where + ".cube")}


def _score_from_json(data: Any, where: str) -> dict[str, Any]:
    """``score`` and ``post_crawford`` for :class:`Match` from a match's data (0-0 without a score)."""
    score = data.get("score")
    if score is None:
        return {}
    if not isinstance(score, dict) or set(score) != {"black", "white"} or not all(
        type(v) is int for v in score.values()
    ):
        raise _Bad("record.json.score", where=where, value=shown(score))
    return {"score": {BLACK: score["black"], WHITE: score["white"]},
            "post_crawford": bool(_get(data, "post_crawford", bool, where))}


def match_from_json(data: Any) -> Match:
    """Restore a match from :func:`match_to_json` data; raises :class:`InvalidRecordError`."""
    check_save_format(data, MATCH_FORMAT)
    try:
        rules = _get(data, "rules", str, "match")
        if rules not in RULE_SETS:
            raise _Bad("record.json.rule_set", where="match", rules=shown(rules))
        options = _options_from_json(data, rules, "match")
        games = _get(data, "games", list, "match")
        if not games:
            raise _Bad("record.json.no_games", where="match")
        first = games[0]
        position = first.get("position") if isinstance(first, dict) else None
        try:
            match = Match(
                None,
                _get(data, "length", int, "match"),
                options,
                crawford=bool(data.get("crawford", True)),
                start=_start_from_json(first, "match.games[0]"),
                position=None if position is None else Position.from_text(str(position)),
                **_cube_from_json(first, "match.games[0]"),
                **_score_from_json(data, "match"),
            )
        except ValueError as exc:
            raise _bad_at("match", exc) from None
        for i, raw in enumerate(games):
            where = f"match.games[{i}]"
            if i > 0:
                if not match.game.is_over or match.is_over:
                    raise _Bad("record.json.no_further_game", where=where)
                try:
                    match._begin(_start_from_json(raw, where))
                except ValueError as exc:
                    raise _bad_at(where, exc) from None
            game = match.game
            if bool(_get(raw, "crawford", bool, where)) != game.is_crawford:
                raise _Bad("record.json.crawford", where=where)
            if i > 0 and raw.get("position") is not None:
                raise _Bad("record.json.match_position", where=where)
            if i > 0 and raw.get("cube") is not None:
                raise _Bad("record.json.match_cube", where=where)
            if raw.get("opener") != (game.opener.value if game.opener else None):
                raise _Bad("record.json.opener", where=where)
            _replay_json(game, raw, where)
        return match
    except _Bad as exc:
        raise worded(InvalidRecordError, "record.json.invalid_match", reason=exc.words) from None


__all__ = [
    "FORMAT_LINE",
    "JSON_VERSION",
    "game_from_json",
    "game_from_text",
    "game_to_json",
    "game_to_text",
    "match_from_json",
    "match_from_text",
    "match_to_json",
    "match_to_text",
]
