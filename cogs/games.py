"""Commands common to every game: /games, /move, /resign and /rules."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AgoraBot
from bot.away import TimeAway, away_lines
from bot.departures import resigned_summary
from bot.i18n import game_name, game_named, plural, text
from bot.scheduler import UNCLAIMED
from bot.service import ACTIVE, CHALLENGE, GameRecord, ServiceError, jump_link
from bot.settings import format_duration
from bot.suggest import CHOICES_LIMIT, suggested_moves
from cogs.common import (
    ANY_VERSION,
    COLOUR,
    GameButton,
    acknowledge,
    controls_view,
    fit_embed,
    game_cog,
    guarded,
    pick_game,
    tell,
)
from rules import GAMES, MODULES

EMBED_LIMIT = 4000
LISTED = 20  # games /games lists (the digest puts what waits for the caller first)
ANSWER_ROWS = 5  # challenges /games gives Accept and Decline for: one row of buttons each


def rules_page(game_id: str, language: str = "en") -> Path:
    """Where the rules page of a game lives: ``docs/rules/<game>.md``, or ``docs/rules/fr/<game>.md`` in French
    (in the game's package for a game installed on its own)."""
    pages = MODULES[game_id].rules_pages
    folder = pages / "fr" if language == "fr" else pages
    return folder / f"{game_id}.md"


def rules_sections(game_id: str, language: str = "en") -> list[tuple[str, str]]:
    """The player-facing rules page of a game in ``language`` ("en" or "fr"), cut at its ``## `` headings."""
    text = rules_page(game_id, language).read_text(encoding="utf-8")
    sections: list[tuple[str, str]] = []
    title, lines = game_name(language, game_id), list[str]()
    for line in text.splitlines():
        if line.startswith("## "):
            if any(part.strip() for part in lines):
                sections.append((title, "\n".join(lines).strip()))
            title, lines = line[3:].strip(), []
        elif not line.startswith("# "):
            lines.append(line)
    sections.append((title, "\n".join(lines).strip()))
    return [(name, body[:EMBED_LIMIT]) for name, body in sections if body]


def rules_embeds(game_id: str, language: str = "en") -> list[list[discord.Embed]]:
    """Embeds of a rules page, grouped into messages that stay under Discord's 6,000 characters."""
    messages: list[list[discord.Embed]] = [[]]
    used = 0
    for title, body in rules_sections(game_id, language):
        size = len(title) + len(body)
        if messages[-1] and (used + size > 5800 or len(messages[-1]) == 10):
            messages.append([])
            used = 0
        messages[-1].append(discord.Embed(title=title, description=body, colour=COLOUR))
        used += size
    return messages


def game_link(record: GameRecord) -> str:
    return jump_link(record.row)


def awaits_answer(record: GameRecord, user_id: int) -> bool:
    """Whether ``record`` is a challenge addressed to ``user_id`` that they have not accepted yet."""
    return record.row.status == CHALLENGE and user_id in record.seats and user_id not in record.row.accepted


def challenge_status(record: GameRecord, user_id: int, names: list[str], lang: str) -> str:
    """Where a challenge or open table stands for ``user_id``: theirs to answer or to start, or others'."""
    row = record.row
    if set(row.accepted) == set(row.seats):  # an open table: its opener starts it
        if row.seats[0] == user_id:
            return text(lang, "games.table_yours", count=len(row.seats))
        return text(lang, "games.table_waiting", count=len(row.seats), opener=names[0])
    if awaits_answer(record, user_id):
        return text(lang, "games.challenge_for_you")
    waiting = ", ".join(names[seat] for seat, uid in enumerate(row.seats) if uid not in row.accepted)
    return text(lang, "games.challenge_sent", players=waiting)


class Games(commands.Cog):
    """What players use across games."""

    def __init__(self, bot: AgoraBot) -> None:
        self.bot = bot
        self.service = bot.service

    @app_commands.command(name="games", description="List your games in progress on this server.")
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        user = interaction.user.id
        # A game the player left is Agora's to play for them: it is no longer theirs to list.
        records = [r for r in await self.service.active_games(user, interaction.guild_id) if not r.has_left(user)]
        lang = await self.bot.reply_language(interaction)  # a private list: the player's own language
        if not records:
            await tell(interaction, text(lang, "no_games"))
            return
        # A digest for people with many games: what waits for them first (their moves, longest-waiting
        # first, then the challenges they have to answer), then what waits for others.
        to_play = sorted((r for r in records if user in r.actors()), key=lambda r: r.row.turn_started_at or 0.0)
        to_answer = sorted((r for r in records if awaits_answer(r, user)), key=lambda r: r.id)
        first = to_play + to_answer
        records = first + [r for r in records if r not in first]
        lines = [await self.describe(record, user, lang) for record in records[:LISTED]]
        counts = [("your_turn_count", to_play), ("challenges_count", to_answer)]
        lines[:0] = [plural(lang, key, len(found), count=len(found)) for key, found in counts if found]
        embed = discord.Embed(title=text(lang, "your_games"), description="\n".join(lines), colour=COLOUR)
        fit_embed(embed)
        halted = [r for r in records if r.row.halted_at is not None]  # nobody can see them where they are
        play_next = await self.play_next_buttons(to_play, halted, lang)
        view = self.answer_view(to_answer, lang, play_next)
        await interaction.response.send_message(embed=embed, view=view or discord.utils.MISSING, ephemeral=True)

    async def play_next_buttons(
        self, to_play: list[GameRecord], halted: list[GameRecord], lang: str
    ) -> list[discord.ui.Item[Any]]:
        """A link to the game waiting for the player's move with the least time left, and a Show board
        (its board posted anew if it is gone) for a game whose clocks stopped because nobody could see it
        (it continues where the button is pressed), else for that game; none when no game needs either."""
        items: list[discord.ui.Item[Any]] = []
        record = None
        if to_play:
            deadlines = [(await self.deadline_of(record), record.id) for record in to_play]
            record = next(r for r in to_play if r.id == min(deadlines)[1])
            label = text(lang, "games.play_next", id=record.id, game=game_named(record.game))
            items.append(discord.ui.Button(
                style=discord.ButtonStyle.link, url=game_link(record), label=label, emoji="▶️", row=0
            ))  # fmt: skip
        shown = halted[0] if halted else record
        if shown is not None:  # a shared control of cogs/agora.py (its "days:" prefix), valid at any version
            label = text(lang, "games.show_board_of", id=shown.id) if halted else text(lang, "games.show_board")
            items.append(GameButton(shown.id, ANY_VERSION, "days:show", label=label, emoji="🔎", row=0))
        return items

    async def deadline_of(self, record: GameRecord) -> float:
        """When the current turn of ``record`` runs out (its start plus its time per turn)."""
        seconds = await self.bot.scheduler.turn_seconds(record.id, record.row.guild_id)
        return (record.row.turn_started_at or 0.0) + seconds

    def answer_view(
        self, challenges: list[GameRecord], lang: str, first: Sequence[discord.ui.Item[Any]] = ()
    ) -> discord.ui.View | None:
        """``first`` on the first row (Play next), then Accept and Decline for each challenge waiting for
        the caller's answer, one row per challenge."""
        items: list[discord.ui.Item[Any]] = list(first)
        rows = ANSWER_ROWS - (1 if first else 0)
        for row, record in enumerate(challenges[:rows], start=1 if first else 0):
            try:
                buttons = game_cog(self.bot, record.game).answer_buttons(record, lang)
            except ServiceError:
                continue  # a game this bot no longer hosts: its line says where the challenge is
            for button in buttons:
                button.row = row
            items += buttons
        return controls_view(items) if items else None

    async def describe(self, record: GameRecord, user_id: int, lang: str = "en") -> str:
        names = await self.service.shown_names(record)
        others = ", ".join(name for seat, name in enumerate(names) if record.user_at(seat) != user_id)
        if record.row.status != ACTIVE:
            status = challenge_status(record, user_id, names, lang)
        elif user_id in record.actors():
            status = text(lang, "your_turn")
        else:
            waiting = ", ".join(names[record.seats.index(uid)] for uid in record.actors())
            status = text(lang, "games.waiting_for", players=waiting)
        if record.row.status == ACTIVE and record.row.turn_started_at is not None:
            status += f" · ⏳ {await self.time_shown(record, record.row.turn_started_at, lang)}"
            status += await self.away_shown(record, names, user_id, lang)
        game = f"[#{record.id} {game_name(lang, record.game)}]({game_link(record)})"
        if not others:
            return text(lang, "games.line_alone", game=game, status=status)
        return text(lang, "games.line", game=game, others=others, status=status)

    async def away_shown(self, record: GameRecord, names: list[str], user_id: int, lang: str) -> str:
        """" · 💤 … away until <t:…:f>" for each player the turn waits for who is away (bot/away.py)."""
        people = record.human_actors()
        until = await TimeAway(self.bot.storage, self.service.clock).away_until(people)
        said = [
            text(lang, "games.you_away", until=f"<t:{int(at)}:f>") if user == user_id
            else text(lang, "games.away", name=names[record.seats.index(user)], until=f"<t:{int(at)}:f>")
            for user, at in away_lines(people, until)
        ]
        return "".join(f" · {line}" for line in said)

    async def time_shown(self, record: GameRecord, turn_started_at: float, lang: str) -> str:
        """The time left in the turn; once it is up under the claim rule, when the game ends on time."""
        scheduler, now = self.bot.scheduler, self.service.clock()
        left = turn_started_at + await scheduler.turn_seconds(record.id, record.row.guild_id) - now
        if left > 0:
            return text(lang, "time_left", left=format_duration(left, lang))
        ends_at = await scheduler.due_at(UNCLAIMED, record.id, turn_started_at)
        if ends_at is None:
            return text(lang, "time_up")
        return text(lang, "time_up_claim", left=format_duration(ends_at - now, lang))

    async def game_choices(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[int]]:
        """The caller's games being played, by number, game and opponents, filtered by what was typed."""
        records = await self.service.active_games(interaction.user.id, interaction.guild_id)
        lang = await self.bot.reply_language(interaction)  # only the player sees the choices
        choices = []
        for record in (r for r in records if r.row.status == ACTIVE):
            label = await self.game_label(record, interaction.user.id, lang)
            if current.strip("#") in str(record.id) or current.lower() in label.lower():
                choices.append(app_commands.Choice(name=label[:100], value=record.id))
        return choices[:CHOICES_LIMIT]

    async def game_label(self, record: GameRecord, user_id: int, lang: str) -> str:
        """``#12 Chess vs bob · your turn``: how a game is offered in a command's menu."""
        names = await self.service.display_names(record)  # a menu shows no markdown
        others = ", ".join(name for seat, name in enumerate(names) if record.user_at(seat) != user_id)
        label = text(lang, "game_choice", id=record.id, game=game_named(record.game), others=others)
        return label + (text(lang, "game_choice_turn") if user_id in record.actors() else "")

    async def notation_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The legal moves of the caller's game (the one named, else their game in this channel)."""
        named = interaction.namespace.game
        try:
            record = await pick_game(interaction, named if isinstance(named, int) else None, for_move=True)
        except ServiceError:
            return []
        if record.row.status != ACTIVE or record.state is None:
            return []
        seats = record.seats_of(interaction.user.id)
        # /move plays after the unfinished turn's moves: the choices are those of the position they lead to.
        moves = await asyncio.to_thread(suggested_moves, record.draft_state() or record.state, seats, current)
        return [app_commands.Choice(name=move, value=move) for move in moves]

    @app_commands.command(name="move", description="Play a move by typing its notation (see /rules).")
    @app_commands.describe(notation="The move, e.g. c3=2 (several moves separated by spaces)", game="Which game")
    async def move(self, interaction: discord.Interaction[Any], notation: str, game: int | None = None) -> None:
        async def work() -> None:
            await acknowledge(interaction, thinking=True)  # at once: the answer follows once the move is played
            record = await pick_game(interaction, game, for_move=True)
            await game_cog(self.bot, record.game).play_typed(interaction, record, notation.split())

        await guarded(interaction, work)

    @app_commands.command(name="resign", description="Resign one of your games.")
    @app_commands.describe(game="Which game (see /games)")
    async def resign(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        async def work() -> None:
            record = await pick_game(interaction, game)
            after = await self.service.resign(record.id, interaction.user.id)
            await tell(interaction, text(await self.bot.reply_language(interaction), "you_resigned", id=after.id))
            public = await self.bot.language_of(after.row.guild_id)
            summary = await resigned_summary(self.bot, after, interaction.user.id, public)
            await game_cog(self.bot, record.game).publish(record, summary, interaction)

        await guarded(interaction, work)

    move.autocomplete("game")(game_choices)
    move.autocomplete("notation")(notation_choices)
    resign.autocomplete("game")(game_choices)

    @app_commands.command(name="rules", description="How to play one of the games, with its move notation.")
    @app_commands.describe(game="Which game", language="Language of the page (default: the server's language)")
    @app_commands.choices(
        game=[app_commands.Choice(name=g.name, value=g.id) for g in GAMES.values()],
        language=[app_commands.Choice(name="English", value="en"), app_commands.Choice(name="Français", value="fr")],
    )
    async def rules(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str],
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        chosen = language.value if language is not None else await self.bot.reply_language(interaction)
        pages = rules_embeds(game.value, chosen)
        await interaction.response.send_message(embeds=pages[0], ephemeral=True)
        for embeds in pages[1:]:
            await interaction.followup.send(embeds=embeds, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Games(bot))
