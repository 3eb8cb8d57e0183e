"""Board diagrams as standalone SVG, like python-chess's ``chess.svg``: pure Python, no dependencies.

The picture matches the game's canvas board: points 1-24 in absolute numbering, White's home
quarter (1-6) bottom right when White sits at the bottom, the bar in the middle, each side's tray of
borne-off checkers on the right. Checkers differ in lightness and in their marking (dark navy with a
ring, ivory with a dot), so the colours can be told apart without colour vision.

>>> from toutes_tables import start_position
>>> svg = board_svg(start_position(64), dice=(6, 1), start_number=64)
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> "<title>Start No. 64. White to play 6-1." in svg
True

Every word of a picture (its ``<title>``, the line under the board, the trays' counts) is the engine's
message catalogue's (:mod:`toutes_tables.messages`, the ``svg.*`` keys), in the language ``lang`` names:

>>> svg = board_svg(start_position(64), dice=(3, 2), start_number=64, lang="fr")
>>> "<title>Départ n° 64. Blanc joue 3-2." in svg, "Blanc joue · 3-2 · départ n° 64" in svg
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from html import escape

from .dice_words import double_name
from .messages import DEFAULT_LANGUAGE, check_language, say
from .position import BAR, BLACK, OFF, WHITE, Color, Position, to_absolute
from .rules import MAX_CUBE

# Geometry in "units" (one point's width); SCALE turns units into the viewBox's pixels.
SCALE = 24
LABELS = 0.7  # strips above and below the board holding the point numbers
FRAME = 0.35
POINT_HEIGHT = 5.0
MIDDLE = 1.2  # gap between the two rows, where the dice lie
BAR_WIDTH = 1.0
TRAY = 1.3
STATUS = 0.8  # line under the board: who is on roll, dice, start number
CHECKER_RADIUS = 0.45
VISIBLE_STACK = 5  # a taller stack shows its count on the last drawn checker
VISIBLE_BAR = 3
CUBE_SIZE = 0.9  # the doubling cube lies on the bar, between the checkers waiting there

POINTS_LEFT = FRAME
BAR_LEFT = POINTS_LEFT + 6
TRAY_LEFT = POINTS_LEFT + 12 + BAR_WIDTH + FRAME
WIDTH = TRAY_LEFT + TRAY + FRAME
TOP_ROW = LABELS + FRAME
BOTTOM_ROW_END = TOP_ROW + POINT_HEIGHT + MIDDLE + POINT_HEIGHT
MIDDLE_Y = TOP_ROW + POINT_HEIGHT + MIDDLE / 2
BOARD_BOTTOM = BOTTOM_ROW_END + FRAME
HEIGHT = BOARD_BOTTOM + LABELS + STATUS

# The game's palette (site/board/draw.js), so a diagram looks like the board the reader plays on.
PALETTE = {
    "paper": "#f7f1e3",
    "frame": "#6b4a2b",
    "felt": "#2e5e4e",
    "point_dark": "#a3482f",
    "point_light": "#d9c08f",
    "bar": "#5a3d22",
    "tray": "#3b2a18",
    "label": "#3b2a18",
    "highlight": "#ffd23f",
    "arrow": "#ffd23f",
    "arrow_edge": "#1a1a1a",
}
CHECKER = {
    BLACK: {"fill": "#1b2a4a", "rim": "#9db4e0", "mark": "#5d77ad", "text": "#ffffff"},
    WHITE: {"fill": "#f4ecd6", "rim": "#5a4a2c", "mark": "#b49d6a", "text": "#1b2a4a"},
}


def _n(value: float) -> str:
    """A coordinate in viewBox pixels, short and without float noise."""
    text = f"{value * SCALE:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _orientation(orientation: Color | str) -> Color:
    if isinstance(orientation, Color):
        return orientation
    if orientation in ("white", "black"):
        return Color(orientation)
    raise ValueError(f"orientation must be 'white' or 'black' (the colour at the bottom), got {orientation!r}")


def point_slot(point: int, bottom: Color) -> tuple[int, bool]:
    """Column (0-11 left to right, the bar not counted) and whether absolute ``point`` is in the top row.

    With White at the bottom, points 1-6 are bottom right and 19-24 top right; with Black at the
    bottom the picture is mirrored top to bottom, so Black's home quarter is bottom right.
    """
    low = point <= 12
    top = not low if bottom is WHITE else low
    col = 12 - point if low else point - 13
    return col, top


def _column_left(col: int) -> float:
    return POINTS_LEFT + col + (BAR_WIDTH if col >= 6 else 0)


def _checker_centre(point: int, k: int, bottom: Color) -> tuple[float, float]:
    col, top = point_slot(point, bottom)
    x = _column_left(col) + 0.5
    slot = min(k, VISIBLE_STACK - 1)
    y = TOP_ROW + 0.5 + slot if top else BOTTOM_ROW_END - 0.5 - slot
    return x, y


def _bar_centre(color: Color, k: int, bottom: Color) -> tuple[float, float]:
    """A colour's bar checkers wait in the half where they will enter (the opponent's home side)."""
    enters_at_top = color is bottom
    offset = MIDDLE / 2 + 0.5 + min(k, VISIBLE_BAR - 1)
    return BAR_LEFT + BAR_WIDTH / 2, MIDDLE_Y - offset if enters_at_top else MIDDLE_Y + offset


def _tray_rect(color: Color, bottom: Color) -> tuple[float, float, float, float]:
    y = BOTTOM_ROW_END - POINT_HEIGHT if color is bottom else TOP_ROW
    return TRAY_LEFT, y, TRAY, POINT_HEIGHT


def _rect(x: float, y: float, w: float, h: float, fill: str, extra: str = "") -> str:
    return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" fill="{fill}"{extra}/>'


def _text(x: float, y: float, body: str, size: float, fill: str, extra: str = "") -> str:
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}" text-anchor="middle" '
        f'dominant-baseline="central"{extra}>{escape(body)}</text>'
    )


def _checkers(centres: Sequence[tuple[float, float]], color: Color) -> str:
    """All checkers of one colour, as two groups sharing their paint (bodies, then marks), to keep files small."""
    if not centres:
        return ""
    c = CHECKER[color]
    bodies = "".join(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(CHECKER_RADIUS)}"/>' for x, y in centres)
    if color is BLACK:  # a ring
        paint = f'fill="none" stroke="{c["mark"]}" stroke-width="{_n(0.05)}"'
        radius = CHECKER_RADIUS * 0.55
    else:  # a dot
        paint = f'fill="{c["mark"]}"'
        radius = CHECKER_RADIUS * 0.18
    marks = "".join(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(radius)}"/>' for x, y in centres)
    return (
        f'<g class="tt-checkers-{color.value}" fill="{c["fill"]}" stroke="{c["rim"]}" '
        f'stroke-width="{_n(0.07)}">{bodies}</g><g {paint}>{marks}</g>'
    )


def _count(x: float, y: float, n: int, color: Color) -> str:
    # The dot of an ivory checker would sit under the digits: cover it with the checker's fill.
    cover = f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(0.3)}" fill="{CHECKER[color]["fill"]}"/>'
    return cover + _text(x, y, str(n), 0.5, CHECKER[color]["text"], ' font-weight="700"')


def _point_triangle(point: int, bottom: Color, fill: str) -> str:
    col, top = point_slot(point, bottom)
    x = _column_left(col)
    base = TOP_ROW if top else BOTTOM_ROW_END
    tip = TOP_ROW + POINT_HEIGHT * 0.92 if top else BOTTOM_ROW_END - POINT_HEIGHT * 0.92
    return (
        f'<polygon points="{_n(x + 0.03)},{_n(base)} {_n(x + 0.97)},{_n(base)} {_n(x + 0.5)},{_n(tip)}" '
        f'fill="{fill}"/>'
    )


def _die(x: float, y: float, size: float, value: int, color: Color) -> str:
    c = CHECKER[color]
    pip_colour = "#ffffff" if color is BLACK else "#1b2a4a"
    spots = {
        1: [(0.5, 0.5)],
        2: [(0.25, 0.25), (0.75, 0.75)],
        3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
        5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
        6: [(0.25, 0.22), (0.25, 0.5), (0.25, 0.78), (0.75, 0.22), (0.75, 0.5), (0.75, 0.78)],
    }[value]
    parts = [
        f'<rect class="tt-die" data-value="{value}" x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" height="{_n(size)}" '
        f'rx="{_n(0.15)}" '
        f'fill="{c["fill"]}" stroke="{c["rim"]}" stroke-width="{_n(0.05)}"/>'
    ]
    parts += [
        f'<circle cx="{_n(x + sx * size)}" cy="{_n(y + sy * size)}" r="{_n(size * 0.09)}" fill="{pip_colour}"/>'
        for sx, sy in spots
    ]
    return "".join(parts)


def _arrow_ends(
    position: Position, moves: Sequence[tuple[int, int]], bottom: Color
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Start and end of each move's arrow, following the checkers as the moves are made in turn.

    An arrow starts at the top checker of its source and ends where the checker will stand: on top of
    the mover's stack there, or on the point itself when it hits or lands on an empty point.
    """
    mover = position.turn
    mine = list(position.mine)
    theirs = list(position.theirs)

    def centre(point: int, k: int) -> tuple[float, float]:
        if point == BAR:
            return _bar_centre(mover, 0, bottom)
        if point == OFF:
            x, y, w, h = _tray_rect(mover, bottom)
            return x + w / 2, y + h / 2
        return _checker_centre(to_absolute(point, mover), k, bottom)

    ends = []
    for src, dst in moves:
        start = centre(src, max(mine[src] - 1, 0))
        if dst != OFF and theirs[25 - dst] == 1:
            theirs[25 - dst] = 0  # the hit checker leaves for the bar
        end = centre(dst, mine[dst] if dst != OFF else 0)
        mine[src] = max(mine[src] - 1, 0)
        mine[dst] += 1
        ends.append((start, end))
    return ends


def _arrow(start: tuple[float, float], end: tuple[float, float]) -> str:
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1)
    if length < 1e-6:
        return ""
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = 0.45
    bx, by = x2 - ux * head, y2 - uy * head  # base of the arrowhead
    px, py = -uy * 0.28, ux * 0.28
    head_points = f"{_n(x2)},{_n(y2)} {_n(bx + px)},{_n(by + py)} {_n(bx - px)},{_n(by - py)}"
    line = f'x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(bx)}" y2="{_n(by)}" stroke-linecap="round"'
    return (
        f'<g class="tt-arrow"><line {line} stroke="{PALETTE["arrow_edge"]}" stroke-width="{_n(0.26)}"/>'
        f'<line {line} stroke="{PALETTE["arrow"]}" stroke-width="{_n(0.14)}"/>'
        f'<polygon points="{head_points}" fill="{PALETTE["arrow"]}" stroke="{PALETTE["arrow_edge"]}" '
        f'stroke-width="{_n(0.05)}"/></g>'
    )


def cube_label(value: int) -> str:
    """The figure on the cube's face: 64 while it is in the middle at 1 (as on a real cube), else its value."""
    return "64" if value == 1 else str(value)


def _cube(value: int, owner: Color | None, bottom: Color) -> str:
    """The cube on the bar: in the middle while nobody owns it, else at its owner's end of the bar."""
    if owner is None:
        y = MIDDLE_Y
    elif owner is bottom:
        y = BOTTOM_ROW_END - 0.1 - CUBE_SIZE / 2
    else:
        y = TOP_ROW + 0.1 + CUBE_SIZE / 2
    x = BAR_LEFT + BAR_WIDTH / 2
    label = cube_label(value)
    return (
        f'<g class="tt-cube" data-value="{value}" data-owner="{owner.value if owner else "none"}">'
        f'<rect x="{_n(x - CUBE_SIZE / 2)}" y="{_n(y - CUBE_SIZE / 2)}" width="{_n(CUBE_SIZE)}" '
        f'height="{_n(CUBE_SIZE)}" rx="{_n(0.12)}" fill="#ffffff" stroke="{PALETTE["arrow_edge"]}" '
        f'stroke-width="{_n(0.05)}"/>'
        + _text(x, y, label, 0.42 if len(label) < 4 else 0.3, PALETTE["arrow_edge"], ' font-weight="700"')
        + "</g>"
    )


def _colour(color: Color, lang: str) -> str:
    return say(lang, f"colour.{color.value}")


def _cube_sentence(value: int, owner: Color | None, lang: str) -> str:
    if owner is None:
        return say(lang, "svg.cube_middle", value=value)
    return say(lang, "svg.cube_owned", colour=_colour(owner, lang), value=value)


def _counted(lang: str, key: str, count: int) -> str:
    return say(lang, f"{key}.{'one' if count == 1 else 'many'}", count=count)


def dice_text(dice: Sequence[int], lang: str = "en") -> str:
    """The roll as players announce it: the higher die first; a double by its name too (in ``lang``).

    >>> dice_text((1, 6)), dice_text((5, 5)), dice_text((2, 2), "fr")
    ('6-1', '5-5 (Quines)', '2-2 (Double deux)')
    """
    high, low = max(dice), min(dice)
    return f"{high}-{low}" + (f" ({double_name(high, lang)})" if high == low else "")


def describe(
    position: Position,
    *,
    dice: Sequence[int] | None = None,
    start_number: int | None = None,
    show_turn: bool = True,
    cube: int | None = None,
    cube_owner: Color | None = None,
    notes: Sequence[str] = (),
    lang: str = DEFAULT_LANGUAGE,
) -> str:
    """A sentence describing the diagram, in absolute numbering, for the SVG's ``<title>``, in ``lang``.

    >>> from toutes_tables import start_position
    >>> describe(start_position(64), show_turn=False, lang="fr")[:44]
    'Blanc\xa0: 5 sur la flèche 6, 3 sur la flèche 8'
    """
    check_language(lang)
    sentences = []
    if start_number is not None:
        sentences.append(say(lang, "svg.start", number=start_number))
    winner = position.winner()
    if winner:
        sentences.append(say(lang, "svg.borne_off_all", colour=_colour(winner, lang)) + ".")
    elif show_turn:
        turn = _colour(position.turn, lang)
        if dice:
            sentences.append(say(lang, "svg.to_play_dice", colour=turn, dice=dice_text(dice, lang)) + ".")
        else:
            sentences.append(say(lang, "svg.to_play", colour=turn) + ".")
    for color in (WHITE, BLACK):
        stacks = []
        for point in range(1, 25):
            owner, n = position.at(point)
            if owner is color:
                stacks.append(say(lang, "svg.on_point", count=n, point=point))
        if position.bar(color):
            stacks.append(say(lang, "svg.on_bar", count=position.bar(color)))
        if position.borne_off(color):
            stacks.append(_counted(lang, "svg.borne_off", position.borne_off(color)))
        shown = ", ".join(stacks) or say(lang, "svg.none_on_board")
        sentences.append(say(lang, "svg.side", colour=_colour(color, lang), stacks=shown))
    if cube is not None:
        sentences.append(_cube_sentence(cube, cube_owner, lang))
    sentences += [f"{note}." for note in notes]
    return " ".join(sentences)


def board_svg(
    position: Position,
    *,
    orientation: Color | str = WHITE,
    size: int | None = 480,
    arrows: Iterable[tuple[int, int]] = (),
    highlights: Iterable[int] = (),
    start_number: int | None = None,
    dice: Sequence[int] | None = None,
    title: str | None = None,
    show_turn: bool = True,
    cube: int | None = None,
    cube_owner: Color | None = None,
    notes: Sequence[str] = (),
    lang: str = DEFAULT_LANGUAGE,
) -> str:
    """The board of ``position`` as a standalone SVG document (a string).

    - ``orientation``: the colour sitting at the bottom of the picture (White by default).
    - ``size``: width in pixels (the height follows); ``None`` leaves the size to the page's CSS.
    - ``arrows``: moves of the player on roll as ``(from, to)`` in that player's numbering
      (25 = bar, 0 = off), exactly like :attr:`Play.moves <toutes_tables.Play.moves>`.
    - ``highlights``: absolute points 1-24 to mark.
    - ``start_number`` and ``dice`` are shown under the board; ``title`` replaces the generated
      description in the accessible ``<title>``.
    - ``show_turn=False`` leaves out who is on roll, for a start before the opening roll.
    - ``cube`` (its value, 1 to 4096) draws the doubling cube on the bar: in the middle, or at the end of
      ``cube_owner``'s side.
    - ``notes`` are short phrases added to the line under the board and to the title (a game's phase,
      a match's score).
    - ``lang``: the language of the picture's words (a language of :func:`toutes_tables.messages.languages`).

    >>> from toutes_tables import Position, legal_plays
    >>> pos = Position.from_text("white 3:1 2:2 / 24:1")
    >>> [play] = legal_plays(pos, (6, 1), "toutes-tables")
    >>> svg = board_svg(pos, dice=(6, 1), arrows=play.moves, highlights=[1])
    >>> svg.count("<polygon")  # 24 points, the highlighted point's outline, 2 arrowheads
    27
    """
    bottom = _orientation(orientation)
    arrows = list(arrows)
    for move in arrows:
        if len(move) != 2 or any(type(p) is not int or not 0 <= p <= 25 for p in move):
            raise ValueError(f"an arrow is (from, to) in the mover's numbering, 0-25 (25 = bar, 0 = off), got {move!r}")
    marked = sorted(set(highlights))
    for point in marked:
        if type(point) is not int or not 1 <= point <= 24:
            raise ValueError(f"highlights are absolute points 1-24, got {point!r}")
    if dice is not None and (len(dice) != 2 or any(type(d) is not int or not 1 <= d <= 6 for d in dice)):
        raise ValueError(f"dice must be two integers 1-6, got {dice!r}")
    if start_number is not None and (type(start_number) is not int or not 1 <= start_number <= 225):
        raise ValueError(f"start numbers are 1-225, got {start_number!r}")
    if cube is not None and (type(cube) is not int or not 1 <= cube <= MAX_CUBE):
        raise ValueError(f"the cube is a whole number 1-{MAX_CUBE}, got {cube!r}")
    if cube_owner is not None and (cube is None or not isinstance(cube_owner, Color)):
        raise ValueError(f"cube_owner is BLACK, WHITE or None, with a cube, got {cube_owner!r} (cube {cube!r})")
    notes = list(notes)
    if any(not isinstance(note, str) for note in notes):
        raise ValueError(f"notes are strings, got {notes!r}")
    check_language(lang)

    width, height = WIDTH * SCALE, HEIGHT * SCALE
    dims = "" if size is None else f' width="{size}" height="{round(size * HEIGHT / WIDTH)}"'
    label = title if title is not None else describe(
        position, dice=dice, start_number=start_number, show_turn=show_turn, cube=cube, cube_owner=cube_owner,
        notes=notes, lang=lang,
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {width:g} {height:g}"{dims} '
        f'role="img" class="tt-board" font-family="system-ui, sans-serif">',
        f"<title>{escape(label)}</title>",
        # Its own background, so the labels read the same on a light or a dark page.
        _rect(0, 0, WIDTH, HEIGHT, PALETTE["paper"], f' rx="{_n(0.3)}"'),
        _rect(0, LABELS, WIDTH, BOARD_BOTTOM - LABELS, PALETTE["frame"], f' rx="{_n(0.2)}"'),
        _rect(POINTS_LEFT, TOP_ROW, 6, BOTTOM_ROW_END - TOP_ROW, PALETTE["felt"]),
        _rect(BAR_LEFT + BAR_WIDTH, TOP_ROW, 6, BOTTOM_ROW_END - TOP_ROW, PALETTE["felt"]),
        _rect(BAR_LEFT, TOP_ROW, BAR_WIDTH, BOTTOM_ROW_END - TOP_ROW, PALETTE["bar"]),
    ]
    for color in (WHITE, BLACK):
        out.append(_rect(*_tray_rect(color, bottom), PALETTE["tray"]))

    numbers = []
    for point in range(1, 25):
        out.append(_point_triangle(point, bottom, PALETTE["point_dark"] if point % 2 == 0 else PALETTE["point_light"]))
        col, top = point_slot(point, bottom)
        x = _column_left(col) + 0.5
        y = LABELS / 2 if top else BOARD_BOTTOM + LABELS / 2
        numbers.append(f'<text x="{_n(x)}" y="{_n(y)}">{point}</text>')
    # One group carries the numbers' shared paint, to keep files small.
    out.append(
        f'<g class="tt-point-numbers" font-size="{_n(0.42)}" fill="{PALETTE["label"]}" text-anchor="middle" '
        f'dominant-baseline="central">{"".join(numbers)}</g>'
    )
    for point in marked:
        col, top = point_slot(point, bottom)
        y = TOP_ROW if top else BOTTOM_ROW_END - POINT_HEIGHT
        out.append(
            f'<rect x="{_n(_column_left(col) + 0.04)}" y="{_n(y + 0.04)}" width="{_n(0.92)}" '
            f'height="{_n(POINT_HEIGHT - 0.08)}" fill="none" stroke="{PALETTE["highlight"]}" '
            f'stroke-width="{_n(0.08)}" stroke-dasharray="{_n(0.25)} {_n(0.12)}"/>'
        )
        # A second shape (the triangle outline) so the mark does not rest on colour alone.
        out.append(_point_triangle(point, bottom, "none").replace(
            'fill="none"', f'fill="none" stroke="{PALETTE["highlight"]}" stroke-width="{_n(0.06)}"'
        ))

    centres: dict[Color, list[tuple[float, float]]] = {WHITE: [], BLACK: []}
    counts = []
    for point in range(1, 25):
        owner, n = position.at(point)
        if owner is None:
            continue
        centres[owner] += [_checker_centre(point, k, bottom) for k in range(min(n, VISIBLE_STACK))]
        if n > VISIBLE_STACK:
            counts.append(_count(*_checker_centre(point, VISIBLE_STACK - 1, bottom), n, owner))
    for color in (WHITE, BLACK):
        n = position.bar(color)
        centres[color] += [_bar_centre(color, k, bottom) for k in range(min(n, VISIBLE_BAR))]
        if n > VISIBLE_BAR:
            counts.append(_count(*_bar_centre(color, VISIBLE_BAR - 1, bottom), n, color))
    out += [_checkers(centres[WHITE], WHITE), _checkers(centres[BLACK], BLACK), *counts]
    for color in (WHITE, BLACK):
        off = position.borne_off(color)
        x, y, w, h = _tray_rect(color, bottom)
        slab = (h - 0.2) / 15
        for k in range(off):
            sy = y + h - 0.1 - (k + 1) * slab if color is bottom else y + 0.1 + k * slab
            c = CHECKER[color]
            out.append(
                _rect(x + 0.12, sy + 0.02, w - 0.24, slab - 0.04, c["fill"],
                      f' stroke="{c["rim"]}" stroke-width="{_n(0.03)}"')
            )
        if off:
            # In the label strip beside the tray, where no point number stands.
            ty = BOARD_BOTTOM + LABELS / 2 if color is bottom else LABELS / 2
            count = _counted(lang, "svg.off", off)
            # a longer word ("12 sorties") in smaller type, so it stays clear of point 1's number
            font = 0.42 if len(count) <= 6 else 0.34
            out.append(_text(x + w / 2, ty, count, font, PALETTE["label"], ' class="tt-off-count"'))

    if dice is not None:
        mover = position.turn
        die = 0.95
        gap = 0.25
        half_left = BAR_LEFT + BAR_WIDTH if mover is bottom else POINTS_LEFT
        x0 = half_left + (6 - (2 * die + gap)) / 2
        for i, value in enumerate(sorted(dice, reverse=True)):
            out.append(_die(x0 + i * (die + gap), MIDDLE_Y - die / 2, die, value, mover))
    if cube is not None:
        out.append(_cube(cube, cube_owner, bottom))

    for start, end in _arrow_ends(position, arrows, bottom):
        out.append(_arrow(start, end))

    winner = position.winner()
    status = []
    if winner:
        status.append(say(lang, "svg.borne_off_all", colour=_colour(winner, lang)))
    elif show_turn:
        status.append(say(lang, "svg.to_play", colour=_colour(position.turn, lang)))
    if dice is not None:
        status.append(dice_text(dice, lang))
    if start_number is not None:
        status.append(say(lang, "svg.status.start", number=start_number))
    status += notes
    out.append(_text(WIDTH / 2, HEIGHT - STATUS / 2, " · ".join(status), 0.5, PALETTE["label"], ' class="tt-status"'))
    out.append("</svg>")
    return "".join(out)
