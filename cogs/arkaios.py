"""Arkaios on Discord: challenge, then build pillars with selects, Undo and Confirm."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AgoraBot
from bot.service import ACTIVE, GameRecord
from cogs.common import COLOUR, Board, GameButton, GameCog, GameSelect, mention_list
from render import arkaios as drawing
from rules.arkaios import OPENING_WARNING, ArkaiosState, Pillar


class Arkaios(GameCog):
    """``/arkaios challenge`` and the controls of Arkaios boards."""

    game_id = "arkaios"
    group = app_commands.Group(name="arkaios", description="Arkaios: build pillars, shut your rival out.")

    @group.command(name="challenge", description="Challenge someone to a game of Arkaios.")
    @app_commands.describe(
        opponent="Who you want to play against",
        deadline="Time per turn, e.g. 30m, 2h or 3d (5 minutes to 7 days)",
    )
    async def challenge(
        self,
        interaction: discord.Interaction[Any],
        opponent: discord.Member | discord.User,
        deadline: str | None = None,
    ) -> None:
        await self.start_challenge(interaction, [opponent], {}, deadline=deadline)

    # -- the board -------------------------------------------------------------

    async def board(self, record: GameRecord) -> Board:
        state = record.draft_state()
        assert isinstance(state, ArkaiosState)
        names = await self.service.display_names(record)
        png = await self.render(drawing.render, state.view(None), names)
        embed = discord.Embed(title=f"Arkaios · game #{record.id}", colour=COLOUR)
        embed.description = self.situation(record, state, names)
        if record.row.status != ACTIVE:
            return Board(f"Game over. {mention_list(record.seats)}", embed, png)
        mover = record.state.actors[0] if record.state and record.state.actors else 0
        content = f"<@{record.user_at(mover)}>, your turn."
        return Board(content, embed, png, self.controls(record, state, mover))

    def situation(self, record: GameRecord, state: ArkaiosState, names: list[str]) -> str:
        outcome = record.outcome
        if outcome is not None:
            return self.result_text(outcome.winners, outcome.reason, names)
        info = state.turn_info()
        mover = record.state.actors[0] if record.state and record.state.actors else 0
        if info.seat != mover:
            built = " ".join(str(p) for p in state.last_turn) or "-"
            return f"**{names[mover]}**, your turn is complete: {built}. Press **Confirm** to play it or **Undo**."
        if info.phase == "opening":
            return self.opening_text(state, names[mover], mover)
        chain = " ".join(str(p) for p in info.chain) or "none yet"
        return (
            f"**{names[mover]}** builds **{info.budget}** pieces and must end on a **level {info.final_level}** "
            f"pillar.\nSpent {info.spent} of {info.budget}. This turn: {chain}."
        )

    def opening_text(self, state: ArkaiosState, name: str, seat: int) -> str:
        if seat == 0:
            return f"**{name}**, build your first pillar: any square, level 1, 2 or 3.\n⚠️ {OPENING_WARNING}"
        taken = state.last_levels[0]
        return f"**{name}**, build your first pillar on any other square, at a level other than {taken}."

    def result_text(self, winners: tuple[int, ...], reason: str, names: list[str]) -> str:
        if not winners:
            return "The game is a draw."
        winner = names[winners[0]]
        loser = names[1 - winners[0]]
        explanations = {
            "temple": f"**{winner}** built a temple and shut themselves in: **{winner}** wins!",
            "blocked": f"**{loser}** cannot complete a turn: **{winner}** wins!",
            "resignation": f"**{loser}** resigned: **{winner}** wins.",
        }
        return explanations.get(reason, f"**{winner}** wins ({reason}).")

    def controls(self, record: GameRecord, state: ArkaiosState, mover: int) -> list[discord.ui.Item[Any]]:
        items: list[discord.ui.Item[Any]] = []
        for row, (level, squares) in enumerate(self.pillars_by_level(state.legal_moves(mover)).items()):
            options = [discord.SelectOption(label=f"{sq} (level {level})", value=f"{sq}={level}") for sq in squares]
            hint = f"Build a level-{level} pillar on…"
            action = f"build{level}"  # custom_ids must differ within a message
            items.append(GameSelect(record.id, record.version, action, options=options, placeholder=hint, row=row))
        turn_complete = mover not in state.actors
        items.append(
            GameButton(record.id, record.version, "undo", label="Undo", emoji="↩️", disabled=not record.row.draft, row=3)
        )
        items.append(
            GameButton(
                record.id, record.version, "confirm", label="Confirm turn",
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
            turn = " ".join(record.row.draft)
            record = await self.service.play(record.id, user, [], version)
            await self.move_on(interaction, record, f"<@{user}> played {turn}.")

    async def play_text(self, record: GameRecord, user_id: int, moves: list[str]) -> GameRecord:
        """Typed pillars join the unfinished turn; a complete turn is played at once."""
        for move in moves:
            record = await self.service.add_to_draft(record.id, user_id, move, None)
        state = record.draft_state()
        if state is not None and user_id not in [record.user_at(s) for s in state.actors]:
            record = await self.service.play(record.id, user_id, [])
        return record


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Arkaios(bot))
