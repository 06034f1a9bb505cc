"""Arkaios on Discord: challenge, then build pillars with selects, Undo and Confirm."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AgoraBot
from bot.i18n import text, word
from bot.opponent import DEFAULT_LEVEL, Level
from bot.service import ACTIVE, GameRecord
from cogs.common import COLOUR, Board, GameButton, GameCog, GameSelect, LessonClick, echo, seat_list, tell
from cogs.table.challenges import OPPONENT_HELP, challenge_command
from render import arkaios as drawing
from rules.arkaios import ArkaiosState, Pillar, pillars_in_words


class Arkaios(GameCog):
    """``/arkaios challenge`` and the controls of Arkaios boards."""

    game_id = "arkaios"
    actions = r"build[1-3]|undo|confirm"
    group = app_commands.Group(name="arkaios", description="Arkaios: build pillars, shut your rival out.")

    @challenge_command(group, "Challenge someone to a game of Arkaios.", opponent=OPPONENT_HELP)
    async def challenge(
        self,
        interaction: discord.Interaction[Any],
        opponent: discord.Member | discord.User,
        deadline: str | None = None,
        level: Level = DEFAULT_LEVEL,
    ) -> None:
        await self.start_challenge(interaction, [opponent], {}, deadline=deadline, level=level)

    # -- the board -------------------------------------------------------------

    async def board(self, record: GameRecord) -> Board:
        state = record.draft_state()
        assert isinstance(state, ArkaiosState)
        lang = await self.language(record)
        names = await self.service.shown_names(record)
        picture = await self.draw(drawing.render, record, state.view(None))
        embed = discord.Embed(title=text(lang, "arkaios.title", id=record.id), colour=COLOUR)
        embed.description = self.situation(record, state, names, lang)
        if record.row.status != ACTIVE:
            return Board(text(lang, "arkaios.game_over", players=seat_list(record, names)), embed, picture)
        mover = record.state.actors[0] if record.state and record.state.actors else 0
        content = self.bot_thinking(record, lang) or text(lang, "arkaios.your_turn", user=record.user_at(mover))
        return Board(content, embed, picture, self.controls(record, state, mover, lang))

    def situation(self, record: GameRecord, state: ArkaiosState, names: list[str], lang: str = "en") -> str:
        outcome = record.outcome
        if outcome is not None:
            return self.result_text(outcome.winners, outcome.reason, names, lang)
        info = state.turn_info()
        mover = record.state.actors[0] if record.state and record.state.actors else 0
        if info.seat != mover:
            built = word(lang, pillars_in_words(state.last_turn)) or "-"
            return text(lang, "arkaios.turn_complete", name=names[mover], built=built)
        if info.phase == "opening":
            return self.opening_text(state, names[mover], mover, lang)
        chain = word(lang, pillars_in_words(info.chain)) or text(lang, "arkaios.none_yet")
        return text(
            lang, "arkaios.turn", name=names[mover], budget=info.budget, final=info.final_level,
            spent=info.spent, chain=chain,
        )

    def opening_text(self, state: ArkaiosState, name: str, seat: int, lang: str = "en") -> str:
        if seat == 0:
            return text(lang, "arkaios.opening_first", name=name, warning=text(lang, "arkaios.opening_warning"))
        taken = state.last_levels[0]
        return text(lang, "arkaios.opening_second", name=name, taken=taken)

    def result_text(self, winners: tuple[int, ...], reason: str, names: list[str], lang: str = "en") -> str:
        if not winners:
            return text(lang, "arkaios.draw")
        winner = names[winners[0]]
        loser = names[1 - winners[0]]
        if reason in ("temple", "blocked", "resignation", "timeout"):
            return text(lang, f"arkaios.win_{reason}", winner=winner, loser=loser)
        return text(lang, "arkaios.win_other", winner=winner, reason=word(lang, reason))

    def controls(
        self, record: GameRecord, state: ArkaiosState, mover: int, lang: str = "en"
    ) -> list[discord.ui.Item[Any]]:
        items: list[discord.ui.Item[Any]] = []
        moves = state.legal_moves(mover)
        losing = {move.level for move in moves if state.opening_loses(move)}
        # The openings that lose at once come last, marked, so no one picks one by habit.
        by_level = sorted(self.pillars_by_level(moves).items(), key=lambda entry: entry[0] in losing)
        for row, (level, squares) in enumerate(by_level):
            option = "arkaios.square_option_losing" if level in losing else "arkaios.square_option"
            options = [
                discord.SelectOption(label=text(lang, option, square=sq, level=level), value=f"{sq}={level}")
                for sq in squares
            ]
            placeholder = "arkaios.build_placeholder_losing" if level in losing else "arkaios.build_placeholder"
            hint = text(lang, placeholder, level=level)
            action = f"build{level}"  # custom_ids must differ within a message
            items.append(GameSelect(record.id, record.version, action, options=options, placeholder=hint, row=row))
        turn_complete = mover not in state.actors
        items.append(
            GameButton(
                record.id, record.version, "undo", label=text(lang, "arkaios.undo"), emoji="↩️",
                disabled=not record.row.draft, row=3,
            )
        )
        items.append(
            GameButton(
                record.id, record.version, "confirm", label=text(lang, "arkaios.confirm"),
                style=discord.ButtonStyle.success, disabled=not turn_complete, row=3,
            )
        )
        return items

    @staticmethod
    def pillars_by_level(moves: list[Pillar]) -> dict[int, list[str]]:
        """Legal squares per level: one select each, 25 squares at most, which fits Discord's limit."""
        grouped: dict[int, list[str]] = {}
        for move in sorted(moves, key=lambda m: (m.level, m.square.rank, m.square.file)):
            grouped.setdefault(move.level, []).append(str(move.square))
        return grouped

    def lesson_controls(
        self, record: GameRecord, seat: int, picked: str | None, lang: str
    ) -> list[discord.ui.Item[Any]]:
        """The board's build selects (a lesson plays each pillar at once: it has no turn to confirm)."""
        state = record.draft_state()
        assert isinstance(state, ArkaiosState)
        return [item for item in self.controls(record, state, seat, lang) if isinstance(item, GameSelect)]

    def lesson_click(self, record: GameRecord, seat: int, action: str, values: list[str]) -> LessonClick:
        if action.startswith("build") and values:
            return LessonClick(move=values[0])
        return super().lesson_click(record, seat, action, values)

    # -- controls --------------------------------------------------------------

    async def on_game_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        user = interaction.user.id
        if action.startswith("build") and values:
            record = await self.service.add_to_draft(record.id, user, values[0], version)
            await self.refresh_board(interaction, record)
        elif action == "undo":
            record = await self.service.undo_draft(record.id, user, version)
            await self.refresh_board(interaction, record)
        elif action == "confirm":
            await self.commit(record, user, [], version=version, interaction=interaction)

    async def play_typed(self, interaction: discord.Interaction[Any], record: GameRecord, words: list[str]) -> None:
        """Typed pillars join the unfinished turn; a turn they complete is played at once."""
        if self.completes_turn(record, interaction.user.id, words):
            await super().play_typed(interaction, record, words)
            return
        after = record
        for move in words:
            after = await self.service.add_to_draft(record.id, interaction.user.id, move, None)
        added = text(await self.bot.reply_language(interaction), "move_added", notation=echo(" ".join(words)))
        await tell(interaction, added)
        await self.update_board_message(after)

    def completes_turn(self, record: GameRecord, user: int, words: list[str]) -> bool:
        """Whether ``words`` end ``user``'s turn; words the rules refuse are left to the service to explain."""
        seat = self.service.check_actor(record, user, None)
        state = record.draft_state()
        assert state is not None
        try:
            for move in words:
                state = state.play(seat, move)
        except ValueError:  # a notation error or an illegal move (rules.IllegalMove and kin)
            return True
        return seat not in state.actors


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Arkaios(bot))
