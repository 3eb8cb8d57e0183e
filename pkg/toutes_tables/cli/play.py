"""``toutes-tables play`` (the default subcommand): the terminal game.

Play a game or a match against the computer, or hot-seat with two people at one keyboard::

    toutes-tables                                   # Toutes Tables 225, you (White) against the computer
    toutes-tables --rules backgammon --match 5      # a 5-point backgammon match
    toutes-tables --rules toutes-tables-225 --start 17 --seed 3 --hotseat
    toutes-tables --rules backgammon --level simple # against the simple hand-written player (default: expert)

At your turn type a play in standard notation, in **your own numbering** (``24/18 13/11``,
``bar/22*``, ``6/off``, ``8/5(2)``), or a command: ``?`` lists the legal plays (numbered:
typing a number plays that one), ``hint`` asks the computer, ``board`` draws the board
again, ``id`` prints gnubg's ID of the position, ``resign``, ``help``, ``quit`` (``resign``
``quit`` and a ``drop`` ask first, so a slip of the keyboard loses no game). In the
backgammon sets you are asked before each roll whether to ``roll`` or ``double`` (when you
may), and to ``take`` or ``drop`` a double.

The board is drawn in absolute numbering (1-24, White moving 24 -> 1, Black 1 -> 24); when
Black is to play, Black's own numbers are printed around it too.
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Iterator, Sequence
from typing import TextIO

from ..errors import IllegalMoveError, InvalidNotationError
from ..game import Game, GameOptions
from ..match import Match
from ..matchid import MATCH_ID_MAX_LENGTH, gnubg_id, match_state
from ..matfile import MatExportError, match_to_mat
from ..notation import parse_play
from ..play import Play
from ..player import ComputerPlayer, MatchScore, match_score
from ..position import Position
from ..position import BLACK, WHITE, Color
from ..rules import DEFAULT_RULES, RULE_SETS, Outcome, get_rules
from ..starts import DiceSource
from ..messages import DEFAULT_LANGUAGE, decimal, locale_language, say
from ..textboard import SYMBOLS, board_text
from ..words import colour_word, result_description

# toutes_tables.ai.LEVELS, without importing it
LEVEL_NAMES = ("beginner", "intermediate", "advanced", "expert", "world-class")

RESIGNED = "\x00resigned"  # what a prompt returns once the game ended by resignation; nobody can type it


class QuitGame(Exception):
    """The player typed ``quit`` (or the input ended)."""

    def __init__(self, reason: str, code: int) -> None:
        super().__init__(reason)
        self.code = code


class Terminal:
    """Prompts and messages; echoes what it reads when the input is not a terminal, so transcripts read well."""

    def __init__(self, stdin: TextIO, stdout: TextIO, lang: str = DEFAULT_LANGUAGE) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.lang = lang
        self.echo = not (hasattr(stdin, "isatty") and stdin.isatty())

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        self.stdout.write(prompt + "> ")
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            raise QuitGame(say(self.lang, "cli.input_ended"), 1)
        answer = line.strip()
        if self.echo:
            self.say(answer)
        return answer


def _dice_text(dice: Sequence[int]) -> str:
    """Dice as announced: the higher first."""
    return f"{max(dice)}-{min(dice)}"


class LevelPlayer:
    """The trained computer at one of :data:`toutes_tables.ai.LEVELS`, with the interface the session asks of a player.

    The AI is imported when a level is asked for, so the simple player's games start no faster
    or slower than before.
    """

    def __init__(self, rules: str, level: str, rng: random.Random, match: Match | None) -> None:
        from ..ai import get_level

        self.rules = get_rules(rules)
        self.level = get_level(level)
        self.rng = rng
        self.match = match

    def choose_play(self, position: Position, dice: Sequence[int]) -> Play:
        from ..ai import choose_play

        return choose_play(position, dice, self.rules, self.level, self.rng) or Play(position, ())

    def cube_decision(self, game: Game, _view: MatchScore | None = None) -> str:
        """``"double"`` or ``"roll"`` before rolling; ``"take"`` or ``"drop"`` facing a double."""
        from ..ai import CubeState, should_double, should_take

        cube = CubeState.from_game(game, self.match)
        if game.phase == "double-offered":
            return "take" if should_take(game.position, self.rules, cube, self.level.name) else "drop"
        level = self.level.name
        if game.phase == "roll" and game.can_double() and should_double(game.position, self.rules, cube, level):
            return "double"
        return "roll"


class Session:
    """One game or match in the terminal, between humans and/or the computer."""

    def __init__(self, args: argparse.Namespace, terminal: Terminal) -> None:
        self.args = args
        self.out = terminal
        self.rules = get_rules(args.rules)
        dice: DiceSource = random.Random(args.seed) if args.seed is not None else random.SystemRandom()
        self.dice = dice
        human_colour = BLACK if args.play_as == "black" else WHITE
        self.humans = {BLACK, WHITE} if args.opponent == "human" else {human_colour}
        options = GameOptions(
            rules=self.rules.name, cube=not args.no_cube, jacoby=args.jacoby, winner_opens=args.winner_opens
        )
        self.match: Match | None = None
        self.single: Game | None = None
        if args.match:
            self.match = Match(self.rules, args.match, options, rng=dice, start=args.start)
        else:
            self.single = Game(self.rules, args.start, options, rng=dice)
        self.computer: ComputerPlayer | LevelPlayer
        self.advisor: ComputerPlayer | LevelPlayer
        if args.level == "simple":
            self.computer = ComputerPlayer(self.rules, seed=args.seed)
            self.advisor = ComputerPlayer(self.rules, seed=0)  # hints must not disturb the computer's own RNG
        else:
            self.computer = LevelPlayer(self.rules.name, args.level, random.Random(args.seed), self.match)
            self.advisor = LevelPlayer(self.rules.name, "expert", random.Random(0), self.match)
        self.plays_listed: list[Play] = []
        self.lang = terminal.lang

    def words(self, key: str, **values: object) -> str:
        """The message ``key`` in the session's language (:mod:`toutes_tables.messages`)."""
        return say(self.lang, key, **values)

    def _colour(self, color: Color) -> str:
        return colour_word(color, self.lang)

    def _name(self, color: Color) -> str:
        return self.words("cli.player", name=colour_word(color, self.lang), symbol=SYMBOLS[color])

    # -- the whole session ----------------------------------------------------------------

    def run(self) -> int:
        human = next(iter(self.humans))
        who = self.words("cli.hotseat") if len(self.humans) == 2 else self.words("cli.you_play", name=self._name(human))
        length = self.words("cli.a_match", length=self.args.match) if self.match else self.words("cli.one_game")
        self.out.say(self.words("cli.welcome", rules=self.rules.title, length=length, who=who))
        try:
            if self.single is not None:
                self.play_game(self.single, 1)
            else:
                self.play_match()
        except QuitGame as stop:
            self.out.say(str(stop))
            return stop.code
        return 0

    def play_match(self) -> None:
        match = self.match
        assert match is not None
        number = 1
        while True:
            self.play_game(match.game, number)
            score = match.score
            self.out.say(self.words("cli.score", black=score[BLACK], white=score[WHITE], length=match.length))
            if match.is_over:
                winner = match.winner
                assert winner is not None
                who = self._colour(winner)
                self.out.say(self.words("cli.match_won", who=who, won=score[winner], lost=score[winner.other]))
                break
            match.next_game()
            number += 1
        if self.args.mat:
            try:
                with open(self.args.mat, "w", encoding="utf-8") as f:
                    f.write(match_to_mat(match))
                self.out.say(self.words("cli.mat_written", file=self.args.mat))
            except MatExportError as exc:
                self.out.say(self.words("cli.mat_not_written", reason=exc))

    # -- one game -------------------------------------------------------------------------

    def _match_view(self, color: Color) -> MatchScore | None:
        return match_score(self.match, color) if self.match is not None else None

    def play_game(self, game: Game, number: int) -> None:
        crawford = self.words("cli.crawford_game") if game.is_crawford else ""
        self.out.say()
        self.out.say(self.words("cli.game", number=number, crawford=crawford, start=self._start_text(game, number)))
        while game.phase == "opening":
            black, white = game.roll_opening()
            if black == white:
                self.out.say(self.words("cli.opening_tie", black=black, white=white))
            else:
                who, call = self._name(game.position.turn), game.announce(lang=self.lang)
                dice = _dice_text((black, white))
                self.out.say(self.words("cli.opening", black=black, white=white, who=who, call=call, dice=dice))
        if game.opener is not None:
            self.out.say(self.words("cli.opener", who=self._name(game.opener)))
        while not game.is_over:
            actor = game.to_act
            assert actor is not None
            if game.phase == "roll":
                self.roll_phase(game, actor)
            elif game.phase == "double-offered":
                self.answer_double(game, actor)
            else:
                self.move_phase(game, actor)
        result = game.result
        assert result is not None
        self.out.say(board_text(game.position, self._notes(game), lang=self.lang))
        who = self._colour(result.winner)
        self.out.say(self.words("cli.game_won", who=who, description=result_description(result, self.lang)))

    def _start_text(self, game: Game, number: int) -> str:
        if not self.rules.drawn_starts:
            return self.words("cli.classic_start", number=game.start_number)
        if self.match is not None and number % 2 == 0:
            return self.words("cli.start_again", number=game.start_number)
        drawn = game.drawn_start
        if drawn is None:
            return self.words("cli.start", number=game.start_number)
        (a1, b1), (a2, b2) = drawn.first_roll, drawn.second_roll
        rolls = ", ".join(f"{a}-{b}" for a, b in drawn.rerolled)
        rerolled = self.words("cli.doubles_set_aside", rolls=rolls) if drawn.rerolled else ""
        first, second = f"{b1}-{a1}", f"{b2}-{a2}"
        return self.words("cli.start_drawn", number=drawn.number, first=first, second=second, rerolled=rerolled)

    def _notes(self, game: Game) -> list[str]:
        pos = game.position
        notes = [
            self.words("cli.note.start", number=game.start_number),
            self.words("cli.note.pips", black=pos.pips(BLACK), white=pos.pips(WHITE)),
        ]
        if self.match is not None:
            score = self.match.score
            notes.append(self.words("cli.note.score", black=score[BLACK], white=score[WHITE], length=self.match.length))
        if game.cube_enabled:
            cube = (
                self.words("cli.note.cube_centred", value=game.cube_value)
                if game.cube_owner is None
                else self.words("cli.note.cube_owned", value=game.cube_value, owner=self._colour(game.cube_owner))
            )
            notes.append(cube + (self.words("cli.note.crawford") if game.is_crawford else ""))
        if game.phase == "move" and game.dice is not None:
            dice, call = _dice_text(game.dice), game.announce(lang=self.lang)
            notes.append(self.words("cli.note.to_play", who=self._colour(pos.turn), dice=dice, call=call))
        elif not game.is_over and game.to_act is not None:
            notes.append(self.words("cli.note.to_act", who=self._colour(game.to_act)))
        return notes

    def show_board(self, game: Game) -> None:
        black_to_act = game.to_act is BLACK
        self.out.say(board_text(game.position, self._notes(game), black_numbering=black_to_act, lang=self.lang))

    # -- the phases -----------------------------------------------------------------------

    def roll_phase(self, game: Game, actor: Color) -> None:
        if actor not in self.humans:
            if self.computer.cube_decision(game, self._match_view(actor)) == "double":
                self.double(game, actor)
                return
            self.roll(game, actor)
            return
        if not game.can_double():
            self.roll(game, actor)
            return
        self.show_board(game)
        for answer in self.answers(game, actor, self.words("cli.prompt.roll_or_double", who=self._colour(actor))):
            if answer in ("", "r", "roll"):
                self.roll(game, actor)
                return
            if answer in ("d", "double"):
                self.double(game, actor)
                return
            if answer == "hint":
                self.out.say(self._cube_hint(game, actor))
                continue
            self.out.say(self.words("cli.cannot_now_roll", answer=repr(answer)))

    def _cube_hint(self, game: Game, actor: Color) -> str:
        action = self.advisor.cube_decision(game, self._match_view(actor))
        would = self.words("cli.computer_would", action=self.words(f"cli.action.{action}"))
        if not isinstance(self.advisor, LevelPlayer):
            return would
        from ..ai import CubeState, cube_advice

        # The advice is the (would-be) doubler's: its reason speaks to the player on roll, take_reason to the taker.
        cube = CubeState.from_game(game, self.match)
        advice = cube_advice(game.position, self.rules, cube, self.advisor.level.name, self.lang)
        if game.phase != "double-offered":
            return self.words("cli.cube_hint", would=would, verdict=advice.verdict, reason=advice.reason)
        return f"{would} {advice.take_reason}"

    def _play_hint(self, game: Game) -> str:
        assert game.dice is not None
        if not isinstance(self.advisor, LevelPlayer):
            return self.words("cli.computer_would_play", play=self.advisor.choose_play(game.position, game.dice))
        from ..ai import hint

        best = hint(game.position, game.dice, self.rules, level=self.advisor.level.name, count=3, lang=self.lang).plays
        lines = [f"  {a.notation:<24} {decimal(self.lang, a.equity, 3, signed=True)}  {a.reason}" for a in best]
        return self.words("cli.computer_best_plays", play=best[0].notation) + "\n" + "\n".join(lines)

    def double(self, game: Game, actor: Color) -> None:
        value = game.offer_double()
        self.out.say(self.words("cli.doubles", who=self._name(actor), value=value))

    def roll(self, game: Game, actor: Color) -> None:
        dice = _dice_text(game.roll())
        self.out.say(self.words("cli.rolls", who=self._name(actor), dice=dice, call=game.announce(lang=self.lang)))

    def answer_double(self, game: Game, actor: Color) -> None:
        value = game.cube_value * 2
        if actor not in self.humans:
            if self.computer.cube_decision(game, self._match_view(actor)) == "take":
                game.take()
                self.out.say(self.words("cli.takes", who=self._name(actor), value=value))
            else:
                game.drop()
                self.out.say(self.words("cli.drops", who=self._name(actor)))
            return
        self.show_board(game)
        prompt = self.words("cli.prompt.take_or_drop", who=self._colour(actor), value=value)
        for answer in self.answers(game, actor, prompt):
            if answer in ("t", "take"):
                game.take()
                self.out.say(self.words("cli.takes", who=self._name(actor), value=value))
                return
            if answer in ("d", "drop", "pass") and self.confirm(self.words("cli.confirm_drop", value=game.cube_value)):
                game.drop()
                self.out.say(self.words("cli.drops", who=self._name(actor)))
                return
            if answer == "hint":
                self.out.say(self._cube_hint(game, actor))
                continue
            if answer not in ("d", "drop", "pass"):
                self.out.say(self.words("cli.cannot_now_take", answer=repr(answer)))

    def move_phase(self, game: Game, actor: Color) -> None:
        plays = game.legal_plays()
        if not plays:
            self.out.say(self.words("cli.cannot_move", who=self._name(actor)))
            game.pass_turn()
            return
        if actor not in self.humans:
            assert game.dice is not None
            play = self.computer.choose_play(game.position, game.dice)
            game.play(play)
            self.out.say(self.words("cli.plays", who=self._name(actor), play=play))
            return
        if len(plays) == 1:
            game.play(plays[0])
            self.out.say(self.words("cli.plays_only", who=self._name(actor), play=plays[0]))
            return
        self.show_board(game)
        if actor is BLACK:
            self.out.say(self.words("cli.black_numbering"))
        self.plays_listed = []
        assert game.dice is not None
        prompt = self.words("cli.prompt.to_play", who=self._colour(actor), dice=_dice_text(game.dice))
        for answer in self.answers(game, actor, prompt):
            if answer == "?":
                self.plays_listed = sorted(plays, key=str)
                self.out.say(self._numbered(self.plays_listed))
                continue
            if answer == "hint":
                self.out.say(self._play_hint(game))
                continue
            if answer in ("roll", "double", "take", "drop"):
                self.out.say(self.words("cli.cannot_cube_now", answer=answer, dice=_dice_text(game.dice)))
                continue
            if answer.isdigit():
                listed = self.plays_listed or sorted(plays, key=str)
                index = int(answer)
                if not 1 <= index <= len(listed):
                    self.out.say(self.words("cli.no_play_number", answer=repr(answer), count=len(listed)))
                    continue
                chosen = listed[index - 1]
            else:
                try:  # read here, not by game.play, which says a notation error as an illegal play
                    chosen = parse_play(game.position, answer, plays, game.dice)
                except (InvalidNotationError, IllegalMoveError) as exc:
                    reason = self._reason(exc)
                    why = (self.words("cli.play_unreadable", reason=reason) if isinstance(exc, InvalidNotationError)
                           else self.words("cli.play_illegal", reason=reason))
                    self.out.say(self.words("cli.cannot_play", answer=repr(answer), reason=why))
                    self.out.say(self.words("cli.list_hint"))
                    continue
            game.play(chosen)
            self.out.say(self.words("cli.plays", who=self._name(actor), play=chosen))
            return

    @staticmethod
    def _numbered(plays: Sequence[Play]) -> str:
        items = [f"{i:>3}) {play}" for i, play in enumerate(plays, 1)]
        width = max(len(item) for item in items) + 2
        per_line = max(1, 100 // width)
        rows = [items[i : i + per_line] for i in range(0, len(items), per_line)]
        return "\n".join("".join(item.ljust(width) for item in row).rstrip() for row in rows)

    @staticmethod
    def _reason(exc: Exception) -> str:
        """The engine's message without the position's repr, which is noise at a terminal."""
        text = str(exc)
        if " in Position.from_text(" in text:
            head, _, tail = text.partition(" in Position.from_text(")
            _, _, rest = tail.partition(")")
            text = head + rest
        return text

    def answers(self, game: Game, actor: Color, prompt: str) -> Iterator[str]:
        """The player's answers to ``prompt`` (:meth:`ask_common`), asked again as long as the caller reads
        them; they end when the player resigns, which ends the game."""
        while True:
            answer = self.ask_common(game, actor, prompt)
            if answer == RESIGNED:
                return
            yield answer

    def ask_common(self, game: Game, actor: Color, prompt: str) -> str:
        """Ask, handling the commands valid at every prompt; returns the other answers lower-cased."""
        while True:
            answer = self.out.ask(prompt)
            word = answer.lower()
            if word in ("quit", "q", "exit"):
                if self.confirm(self.words("cli.confirm_abandon")):
                    raise QuitGame(self.words("cli.abandoned"), 0)
                continue
            if word in ("help", "h"):
                self.out.say(self.words("cli.help"))
                continue
            if word in ("board", "b"):
                self.show_board(game)
                continue
            if word == "id":
                self.out.say(self._ids(game))
                continue
            if word.startswith("resign"):
                if self.resign(game, actor, word):
                    return RESIGNED
                continue
            return word if not any(c in word for c in "/") else answer

    def confirm(self, question: str) -> bool:
        """Ask ``question`` until the answer is yes or no: nothing that ends a game is done on one keystroke."""
        while True:
            answer = self.out.ask(self.words("cli.yes_no", question=question)).lower()
            if answer in self._answers("cli.answer.yes"):
                return True
            if answer in self._answers("cli.answer.no") or not answer:
                self.out.say(self.words("cli.carry_on"))
                return False
            self.out.say(self.words("cli.type_yes_no"))

    def _answers(self, key: str) -> set[str]:
        """The words that answer yes (or no) in the game's language, from the catalogue, English's too."""
        words = self.words(key) + "," + say(DEFAULT_LANGUAGE, key)
        return {word.strip().lower() for word in words.split(",") if word.strip()}

    def _ids(self, game: Game) -> str:
        position_id = game.position.gnubg_id()
        if not self.rules.cube:
            return self.words("cli.position_id", id=position_id)
        return self.words("cli.gnubg_id", id=gnubg_id(game.position, match_state(game, self.match)))

    def resign(self, game: Game, actor: Color, word: str) -> bool:
        concede = word.removeprefix("resign").strip() or "single"
        outcomes = {"single": Outcome.SINGLE, "double": Outcome.DOUBLE, "gammon": Outcome.GAMMON,
                    "backgammon": Outcome.BACKGAMMON}
        if concede not in outcomes:
            self.out.say(self.words("cli.cannot_resign_that", what=repr(concede)))
            return False
        if outcomes[concede] not in game.resign_outcomes:
            allowed = ", ".join(f"'resign {o.value}'" for o in game.resign_outcomes)
            self.out.say(self.words("cli.no_such_outcome", rules=self.rules.title, what=concede, allowed=allowed))
            return False
        # what is conceded in the player's words ("a gammon", "une partie simple"), not the command's English word
        if not self.confirm(self.words("cli.confirm_resign", what=self.words(f"result.outcome.{concede}"))):
            return False
        try:
            result = game.resign(outcomes[concede], actor)
        except IllegalMoveError as exc:
            self.out.say(self.words("cli.cannot_resign", reason=self._reason(exc)))
            return False
        self.out.say(self.words("cli.resigns", who=self._name(actor)))
        return result is not None


def add_arguments(parser: argparse.ArgumentParser, lang: str = DEFAULT_LANGUAGE) -> None:
    """The game's options, on the ``play`` subcommand's parser, their help in ``lang``."""
    def helps(option: str, **values: object) -> str:
        return say(lang, f"cli.help.play.{option}", **values)

    number = say(lang, "cli.metavar.number")
    parser.add_argument("--rules", choices=RULE_SETS, default=DEFAULT_RULES, help=helps("rules"))
    parser.add_argument("--start", type=int, metavar=number, help=helps("start"))
    parser.add_argument("--match", type=int, metavar=number, help=helps("match", most=MATCH_ID_MAX_LENGTH))
    parser.add_argument("--seed", type=int, metavar=say(lang, "cli.metavar.seed"), help=helps("seed"))
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--opponent", choices=("computer", "human"), default="computer", help=helps("opponent"))
    who.add_argument("--hotseat", dest="opponent", action="store_const", const="human", help=helps("hotseat"))
    parser.add_argument("--play-as", choices=("white", "black"), default="white", help=helps("play_as"))
    parser.add_argument("--level", choices=("simple", *LEVEL_NAMES), default="expert", help=helps("level"))
    parser.add_argument("--no-cube", action="store_true", help=helps("no_cube"))
    parser.add_argument("--jacoby", action="store_true", help=helps("jacoby"))
    parser.add_argument("--winner-opens", action="store_true", help=helps("winner_opens"))
    parser.add_argument("--mat", metavar=say(lang, "cli.metavar.file"), help=helps("mat"))


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse options out of range or that do not go together: a usage error (exit status 2), one line."""

    def refuse(key: str, **values: object) -> None:
        parser.error(say(args.lang, key, **values))

    # Not the engine's 99 (rules.MAX_MATCH_LENGTH): the terminal game shows gnubg Match IDs ('id'), which stop at 64.
    if args.match is not None and not 1 <= args.match <= MATCH_ID_MAX_LENGTH:
        refuse("cli.usage.match", most=MATCH_ID_MAX_LENGTH, got=args.match)
    if args.seed is not None and not 0 <= args.seed < 2**64:
        refuse("cli.usage.seed", got=args.seed)
    if args.start is not None and not 1 <= args.start <= 225:
        refuse("cli.usage.start", got=args.start)
    if args.start is not None and not get_rules(args.rules).drawn_starts and args.start != 64:
        refuse("cli.usage.classic_start", rules=args.rules, got=args.start)
    if args.mat and (not args.match or not get_rules(args.rules).cube):
        refuse("cli.usage.mat")
    rules = get_rules(args.rules)
    if args.jacoby and (args.match or not rules.cube):
        refuse("cli.usage.jacoby")
    if args.winner_opens and rules.cube:
        refuse("cli.usage.winner_opens")
    if args.no_cube and not rules.cube:
        refuse("cli.usage.no_cube", rules=args.rules)


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Play; returns the exit status (0 the game is over or quit, 1 the input ended first)."""
    terminal = Terminal(stdin, stdout, args.lang or locale_language(os.environ))
    try:
        return Session(args, terminal).run()
    except KeyboardInterrupt:
        terminal.say("\n" + say(terminal.lang, "cli.interrupted"))
        return 130
