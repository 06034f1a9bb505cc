"""Arcanor on Discord: pick a stack, then where it goes; hidden contents stay private.

Where the move controls live depends on what they would give away:

- Standard game: a player's move labels say what their stacks hold ("release the 1,
  uncovering your 2"), and which stacks may release tells whether they hold anything.
  A select on a public message can be opened by anyone, so the public board only
  offers the stacks (top pieces, which everyone sees); the moves from the picked stack
  open in the mover's private panel, drawn with the contents.
- Strict memory: the engine's labels and move lists never betray contents, so the
  whole turn is played on the public board, redrawn in place (``from:b1``), and
  lifting a stack (``peek:b1``) is announced in the channel.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AgoraBot
from bot.i18n import text, word
from bot.opponent import DEFAULT_LEVEL, Level
from bot.service import GameRecord, ServiceError
from cogs.common import COLOUR, Board, GameCog, LessonClick, is_active, seat_list, update_clicked
from cogs.table.challenges import OPPONENT_HELP, challenge_command
from cogs.table.controls import GameButton, GameSelect, controls_view
from render import arcanor as drawing
from rules.arcanor import (
    TARGET_POINTS,
    ArcanorState,
    MoveGroup,
    PeekView,
    PieceView,
    group_label,
    move_menu,
    turn_words,
)
from rules.base import Square

PEEK = "peek:"
TYPED_MOVE = re.compile(r"peek:?[a-z]\d+|[a-z]\d+[-^x][a-z]\d+|pass")
SEAT_MARKS = ("🟠", "🟦")  # the renderer's shapes: seat 0 round, seat 1 square
NO_PING = discord.AllowedMentions.none()
END_REASONS = {  # the engine's reasons, and the catalogue key that explains each
    "12 points on the winning row": "arcanor.end.target",
    "both players passed in a row": "arcanor.end.passes",
    "the same position came up a third time": "arcanor.end.repeat",
}


class Arcanor(GameCog):
    """``/arcanor challenge`` and the controls of Arcanor boards and private panels."""

    game_id = "arcanor"
    actions = r"from:[a-z0-9]{1,4}|pass|lift|stack|pick|back|stacks"
    panel_actions = r"from:[a-z0-9]{1,4}|pick|stacks"
    group = app_commands.Group(name="arcanor", description="Arcanor: nest your pieces and race them to the far row.")

    @challenge_command(
        group,
        "Challenge someone to a game of Arcanor.",
        opponent=OPPONENT_HELP,
        strict_memory="Nobody sees inside stacks, not even their owner; lifting one shows it to everyone",
    )
    async def challenge(
        self,
        interaction: discord.Interaction[Any],
        opponent: discord.Member | discord.User,
        strict_memory: bool = False,
        deadline: str | None = None,
        level: Level = DEFAULT_LEVEL,
    ) -> None:
        options = {"strict_memory": strict_memory}
        await self.start_challenge(interaction, [opponent], options, deadline=deadline, level=level)

    def describe_option_values(self, options: dict[str, Any], lang: str) -> str:
        return text(lang, "arcanor.opt_strict" if options.get("strict_memory") else "arcanor.opt_standard")

    # -- the public board ------------------------------------------------------

    async def board(self, record: GameRecord, picked: str | None = None) -> Board:
        """The public board; ``picked`` is the stack whose moves are open (strict memory only)."""
        state = arcanor_state(record)
        names = await self.service.shown_names(record)
        lang = await self.language(record)
        picture = await self.draw(drawing.render, record, state.view(None))
        embed = discord.Embed(title=text(lang, "arcanor.title", id=record.id), colour=COLOUR)
        if not is_active(record):
            embed.description = result_text(record, state, names, lang)
            add_scores(embed, state, names, lang)
            return Board(text(lang, "arcanor.game_over", players=seat_list(record, names)), embed, picture)
        mover = state.to_move
        embed.description = await self.situation(record, state, names, lang)
        add_scores(embed, state, names, lang)
        embed.set_footer(text=footer_text(state, lang))
        content = self.bot_thinking(record, lang) or text(lang, "arcanor.your_turn", user=record.user_at(mover))
        return Board(content, embed, picture, self.public_controls(record, state, mover, picked, lang))

    async def situation(self, record: GameRecord, state: ArcanorState, names: list[str], lang: str = "en") -> str:
        """Why it is this player's turn, what they may do, and what was lifted this turn."""
        mover = state.to_move
        lines = [await self.previous_turn(record, state, names, lang)]
        if "pass" in [str(move) for move in state.legal_moves(mover)]:
            lines.append(text(lang, "arcanor.must_pass", name=names[mover]))
        elif state.strict_memory:
            lines.append(text(lang, "arcanor.pick_strict", name=names[mover]))
        else:
            lines.append(text(lang, "arcanor.pick_standard", name=names[mover]))
        if state.passes:
            lines.append(text(lang, "arcanor.pass_ends", name=names[mover]))
        lifted = [entry for entry in state.peeks if entry["turn"] == state.move_number + 1]
        lines.extend(text(lang, "arcanor.lifted_this_turn", lift=describe_lift(entry, names, lang)) for entry in lifted)
        return "\n".join(line for line in lines if line)

    async def previous_turn(self, record: GameRecord, state: ArcanorState, names: list[str], lang: str = "en") -> str:
        """The opponent's last turn, read from the stored move log."""
        if state.move_number == 0:
            return text(lang, "arcanor.drawn", name=names[state.first])
        rows = await self.service.move_log(record.id)
        turn: list[str] = []
        for row in reversed(rows):
            if row.seat == state.to_move and not turn:
                continue  # lifts of the turn in progress
            if row.seat == state.to_move or (turn and not row.notation.startswith(PEEK)):
                break
            turn.insert(0, row.notation)
        if not turn:
            return ""
        return word(lang, turn_words(f"**{names[1 - state.to_move]}**", turn)) + "."

    def public_controls(
        self, record: GameRecord, state: ArcanorState, mover: int, picked: str | None, lang: str = "en"
    ) -> list[discord.ui.Item[Any]]:
        """Stack select (or, in strict memory, the moves of the picked stack), lifts, Pass, Back, My pieces."""
        groups = board_groups(move_menu(state, mover))
        items: list[discord.ui.Item[Any]] = []
        if picked is not None:
            items.append(moves_select(record, find_group(groups, picked), lang))
        elif groups:
            options = [public_option(state, group, lang) for group in groups]
            placeholder = text(lang, "arcanor.choose_stack")
            items.append(GameSelect(record.id, record.version, "stack", options=options, placeholder=placeholder))
        if state.strict_memory:
            items.extend(lift_select(record, state, mover, lang))
        if picked is not None:
            items.append(GameButton(record.id, record.version, "back", label=text(lang, "arcanor.back"), emoji="↩️"))
        if "pass" in [str(move) for move in state.legal_moves(mover)]:
            label = text(lang, "arcanor.pass")
            items.append(GameButton(record.id, record.version, "pass", label=label, style=discord.ButtonStyle.danger))
        items.append(self.private_button(record, text(lang, "arcanor.my_pieces")))
        return items

    # -- the private panel -----------------------------------------------------

    async def private_board(
        self, record: GameRecord, seat: int, lang: str, picked: str | None = None
    ) -> Board | None:
        """The board as ``seat`` sees it, in ``lang``; in the standard game the mover also plays from here."""
        state = arcanor_state(record)
        picture = await self.draw(drawing.render, record, state.view(seat), lang)
        embed = discord.Embed(title=text(lang, "arcanor.private_title", id=record.id), colour=COLOUR)
        embed.description = private_text(state, seat, lang)
        controls: list[discord.ui.Item[Any]] = []
        if is_active(record) and not state.strict_memory and seat in state.actors:
            groups = board_groups(move_menu(state, seat))
            controls = private_controls(record, groups, picked, lang)
        if controls:
            embed.set_footer(text=text(lang, "arcanor.private_footer"))
        return Board("", embed, picture, controls)

    async def open_panel(
        self, interaction: discord.Interaction[Any], record: GameRecord, seat: int, picked: str
    ) -> None:
        """From the public stack select: the moves of ``picked`` in a fresh private panel.

        The public controls are sent again first, which clears the pick on the player's
        screen, so the same stack can be picked again once the panel is dismissed.
        """
        state = arcanor_state(record)
        lang = await self.language(record)
        public = controls_view(self.public_controls(record, state, seat, None, lang))
        await update_clicked(interaction, view=public)
        board = await self.private_board(record, seat, await self.bot.reply_language(interaction), picked)
        assert board is not None
        board.attach(f"private-{record.id}-{record.version}.png")
        sent = await interaction.followup.send(
            embed=board.embed,
            file=board.file(record.id, record.version, private=True),
            view=controls_view(board.controls),
            ephemeral=True,
            wait=True,
        )
        await self.panel_drawn(interaction, record, sent.id, partial(interaction.followup.edit_message, sent.id))

    async def redraw_panel(
        self, interaction: discord.Interaction[Any], record: GameRecord, seat: int, picked: str | None
    ) -> None:
        """The clicked private panel, redrawn in place with another step of the turn."""
        board = await self.private_board(record, seat, await self.bot.reply_language(interaction), picked)
        assert board is not None
        board.attach(f"private-{record.id}-{record.version}.png")
        await update_clicked(
            interaction,
            embed=board.embed,
            attachments=[board.file(record.id, record.version, private=True)],
            view=controls_view(board.controls),
        )
        await self.panel_redrawn(interaction, record)

    async def redraw_board(self, interaction: discord.Interaction[Any], record: GameRecord, picked: str | None) -> None:
        """The clicked public board, redrawn in place within the same turn."""
        board = await self.board(record, picked)
        board.attach(f"game-{record.id}-{record.version}.png")
        await self.show_in_place(interaction, record, board)

    # -- controls --------------------------------------------------------------

    async def on_game_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        if action.startswith("from:") and values:
            await self.commit(record, interaction.user.id, [values[0]], version=version, interaction=interaction)
        elif action == "pass":
            await self.commit(record, interaction.user.id, ["pass"], version=version, interaction=interaction)
        elif action == "lift" and values:
            await self.lift(interaction, record, version, values[0])
        elif action in ("stack", "pick") and values:
            await self.show_moves(interaction, record, version, action, values[0])
        elif action in ("back", "stacks"):
            seat = self.service.check_actor(record, interaction.user.id, version)
            if action == "back":
                await self.redraw_board(interaction, record, None)
            else:
                await self.redraw_panel(interaction, record, seat, None)
        else:
            raise ServiceError(
                "This control is no longer in use: please use the latest board message.", "arcanor.unused_control"
            )

    def lesson_controls(
        self, record: GameRecord, seat: int, picked: str | None, lang: str
    ) -> list[discord.ui.Item[Any]]:
        """The private panel's steps (a stack, then where it goes), and Pass when the rules allow it."""
        state = arcanor_state(record)
        items = private_controls(record, board_groups(move_menu(state, seat)), picked, lang)
        if "pass" in [str(move) for move in state.legal_moves(seat)]:
            label = text(lang, "arcanor.pass")
            items.append(GameButton(record.id, record.version, "pass", label=label, style=discord.ButtonStyle.danger))
        return items

    def lesson_click(self, record: GameRecord, seat: int, action: str, values: list[str]) -> LessonClick:
        if action.startswith("from:") and values:
            return LessonClick(move=values[0])
        if action == "pass":
            return LessonClick(move="pass")
        if action == "pick" and values:
            # A stack that cannot move is refused, with the rules' words.
            find_group(board_groups(move_menu(arcanor_state(record), seat)), values[0])
            return LessonClick(picked=values[0])
        if action == "stacks":
            return LessonClick()
        return super().lesson_click(record, seat, action, values)

    async def show_moves(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, square: str
    ) -> None:
        """The moves of the picked stack: in place on the public board (strict) or in the private panel."""
        seat = self.service.check_actor(record, interaction.user.id, version)
        state = arcanor_state(record)
        find_group(board_groups(move_menu(state, seat)), square)
        if state.strict_memory:
            await self.redraw_board(interaction, record, square)
        elif action == "pick":
            await self.redraw_panel(interaction, record, seat, square)
        else:
            await self.open_panel(interaction, record, seat, square)

    async def lift(self, interaction: discord.Interaction[Any], record: GameRecord, version: int, square: str) -> None:
        """Strict memory: show everyone what a stack holds; the turn goes on on the same board."""
        user = interaction.user.id
        after = await self.commit(record, user, [f"{PEEK}{square}"], version=version, interaction=interaction)
        names = await self.service.shown_names(after)
        lang = await self.language(after)
        entry = arcanor_state(after).peeks[-1]
        announce = text(lang, "arcanor.lift_announce", user=user, id=after.id, lift=describe_lift(entry, names, lang))
        await interaction.followup.send(announce, allowed_mentions=NO_PING)

    def typed_moves(self, words: list[str]) -> list[str]:
        """``/move`` splits its text at spaces, but Arcanor's notation allows them: ``b1 x c2``, ``peek b1``."""
        return split_moves(words)


# -- pure helpers --------------------------------------------------------------


def arcanor_state(record: GameRecord) -> ArcanorState:
    state = record.state
    assert isinstance(state, ArcanorState)
    return state


def board_groups(groups: list[MoveGroup]) -> list[MoveGroup]:
    """The stacks that can move, release or eat (lifts have their own select; pass its button)."""
    kept = []
    for group in groups:
        choices = tuple(choice for choice in group.choices if not choice.notation.startswith(PEEK))
        if group.source != "pass" and choices:
            kept.append(MoveGroup(group.source, group.label, choices))
    return kept


def find_group(groups: list[MoveGroup], square: str) -> MoveGroup:
    for group in groups:
        if group.source == square:
            return group
    raise ServiceError(f"{square} has no move for you now.", "arcanor.no_move", square=square)


def targets(group: MoveGroup) -> list[str]:
    """The squares a stack can reach, in menu order (a move and a release share their target)."""
    reached = [choice.notation[len(group.source) + 1 :] for choice in group.choices]
    return list(dict.fromkeys(reached))


def public_option(state: ArcanorState, group: MoveGroup, lang: str = "en") -> discord.SelectOption:
    """A stack as everyone may see it: its top piece and where it can go, never what it holds."""
    top = state.stack_at(Square.parse(group.source))[0]
    return discord.SelectOption(
        label=text(lang, "arcanor.stack_option", square=group.source, size=top[1]),
        value=group.source,
        description=text(lang, "arcanor.to", targets=", ".join(targets(group))),
    )


def moves_select(record: GameRecord, group: MoveGroup, lang: str = "en") -> GameSelect:
    options = [
        discord.SelectOption(label=word(lang, choice.label)[:100], value=choice.notation) for choice in group.choices
    ]
    placeholder = text(lang, "arcanor.play_where", square=group.source)
    return GameSelect(record.id, record.version, f"from:{group.source}", options=options, placeholder=placeholder)


def private_controls(
    record: GameRecord, groups: list[MoveGroup], picked: str | None, lang: str = "en"
) -> list[discord.ui.Item[Any]]:
    """The mover's private steps: their stacks with contents, or the moves of one and Back."""
    if picked is not None:
        back = GameButton(record.id, record.version, "stacks", label=text(lang, "arcanor.back"), emoji="↩️")
        return [moves_select(record, find_group(groups, picked), lang), back]
    if not groups:
        return []
    options = [
        discord.SelectOption(
            label=word(lang, group.label)[:100],
            value=group.source,
            description=text(lang, "arcanor.to", targets=", ".join(targets(group))),
        )
        for group in groups
    ]
    placeholder = text(lang, "arcanor.choose_stack")
    return [GameSelect(record.id, record.version, "pick", options=options, placeholder=placeholder)]


def lift_select(record: GameRecord, state: ArcanorState, mover: int, lang: str = "en") -> list[discord.ui.Item[Any]]:
    """Strict memory: the stacks the mover may still lift this turn."""
    squares = [str(move)[len(PEEK) :] for move in state.legal_moves(mover) if str(move).startswith(PEEK)]
    if not squares:
        return []
    options = [
        discord.SelectOption(
            label=text(lang, "arcanor.lift_option", square=square, size=state.stack_at(Square.parse(square))[0][1]),
            value=square,
            description=text(lang, "arcanor.lift_description"),
        )
        for square in squares
    ]
    placeholder = text(lang, "arcanor.lift_placeholder")
    return [GameSelect(record.id, record.version, "lift", options=options, placeholder=placeholder)]


def split_moves(words: list[str]) -> list[str]:
    """The moves in typed words, spaces anywhere: ``b1 x c2`` is one move, ``peek b1 b1-b2`` two.

    Text that does not read as moves is passed on as typed, so the engine explains what is wrong.

    >>> split_moves(["peek", "B1", "b1", "x", "c2"])
    ['peekb1', 'b1xc2']
    >>> split_moves(["b1b2"])
    ['b1b2']
    """
    compact = "".join(words).lower()
    found: list[str] = TYPED_MOVE.findall(compact)
    return found if found and "".join(found) == compact else words


def piece_words(piece: PieceView, names: list[str], lang: str = "en") -> str:
    owner = piece["owner"]
    return text(lang, "arcanor.piece", mark=SEAT_MARKS[owner], name=names[owner], size=piece["size"])


def describe_lift(entry: PeekView, names: list[str], lang: str = "en") -> str:
    """'**b1**: Ada's 1 holding Bob's 2' from one entry of the public log of lifts."""
    pieces = [piece_words(piece, names, lang) for piece in entry["contents"]]
    inside = text(lang, "arcanor.and").join(pieces) or text(lang, "arcanor.nothing")
    top = piece_words(entry["top"], names, lang)
    return text(lang, "arcanor.lift", square=entry["square"], top=top, inside=inside)


def private_text(state: ArcanorState, seat: int, lang: str = "en") -> str:
    """What the panel's owner may know beyond the public board (stack labels are the engine's, worded)."""
    if state.strict_memory:
        return text(lang, "arcanor.strict_private")
    frozen = text(lang, "arcanor.frozen")
    mine = [
        word(lang, group_label(state, seat, name)) + (frozen if entry["frozen"] else "")
        for name, entry in state.view(seat)["board"].items()
        if entry["top"]["owner"] == seat
    ]
    listing = "\n".join(f"• {label}" for label in mine) or text(lang, "arcanor.no_stack")
    return text(lang, "arcanor.your_stacks", listing=listing)


def add_scores(embed: discord.Embed, state: ArcanorState, names: list[str], lang: str = "en") -> None:
    view = state.view(None)
    for seat in (0, 1):
        rank = view["home_rows"][1 - seat]
        embed.add_field(
            name=f"{SEAT_MARKS[seat]} {names[seat]}",
            value=text(lang, "arcanor.score", score=view["scores"][seat], target=TARGET_POINTS, rank=rank),
            inline=True,
        )


def footer_text(state: ArcanorState, lang: str = "en") -> str:
    memory = text(lang, "arcanor.footer_strict" if state.strict_memory else "arcanor.footer_standard")
    return text(lang, "arcanor.footer", target=TARGET_POINTS, memory=memory)


def result_text(record: GameRecord, state: ArcanorState, names: list[str], lang: str = "en") -> str:
    """How the game ended, in words; with the final points when the rules decided it."""
    outcome = record.outcome
    if outcome is None:
        return text(lang, "arcanor.stopped")
    if not outcome.winners and outcome.reason == "draw agreed":
        return text(lang, "arcanor.draw_agreed")
    if outcome.winners and outcome.reason in ("resignation", "timeout"):
        winner = outcome.winners[0]
        key = "arcanor.resigned" if outcome.reason == "resignation" else "arcanor.out_of_time"
        return text(lang, key, loser=names[1 - winner], winner=names[winner])
    points = state.scores()
    tally = f"{names[0]} {points[0]} – {points[1]} {names[1]}"
    if outcome.winners:
        verdict = text(lang, "arcanor.wins", winner=names[outcome.winners[0]], tally=tally)
    else:
        verdict = text(lang, "arcanor.equal", tally=tally)
    last = ""
    if state.outcome:
        last = word(lang, turn_words(f"**{names[1 - state.to_move]}**", state.last_move)) + ". "
    reason_key = END_REASONS.get(outcome.reason)
    if reason_key is None:
        reason = text(lang, "arcanor.end.other", reason=word(lang, outcome.reason))
    else:
        reason = text(lang, reason_key, target=TARGET_POINTS)
    return f"{last}{reason} {verdict}"


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Arcanor(bot))
