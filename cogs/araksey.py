"""Araksey on Discord: ``/araksey challenge`` with element picks, then play with selects.

Each invited player accepts by picking an element in their own menu on the challenge
(team mates share the element the first of them picks; opposing sides differ), stored
in the ``elements`` option while the challenge is open.  On the board a move takes two
choices: a piece, then an action from it.  The piece chosen is not stored anywhere: the
redrawn controls carry it (the action select's values are whole moves), so a half-made
choice survives a restart like any control.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AgoraBot
from bot.i18n import text
from bot.service import ACTIVE, CHALLENGE, GameRecord, ServiceError, StaleButton
from cogs.common import COLOUR, Board, GameButton, GameCog, GameSelect, controls_view, mention_list, tell
from render import araksey as drawing
from rules.araksey import ELEMENTS, ArakseyState, move_menu, side_of, turn_order

JSON = dict[str, Any]
MAX_OPTIONS = 25
SIDE_NAMES = ("A", "B")
EMOJI = {
    "earth": "🪨", "water": "💧", "air": "🌪️", "fire": "🔥",
    "magma": "🌋", "lightning": "⚡", "mud": "🟫", "fog": "🌫️",
}
# What an effect means to the player it binds, on the turn it binds.
BINDS_YOU = {
    "earth": "Earth: you cannot move {by}'s pieces this turn.",
    "water": "Water: your araksey cannot move this turn.",
    "mud": "Mud: your sources cannot move this turn.",
}
PASS_WARNING = "Each player has one pass: a second pass loses the game for your side."

Member = discord.Member | discord.User


def seat_labels(players: int) -> list[str]:
    """A, B for two players; A, B1, B2 for three; A1, B1, A2, B2 for four."""
    if players == 2:
        return ["A", "B"]
    if players == 3:
        return ["A", "B1", "B2"]
    return ["A1", "B1", "A2", "B2"]


def side_seats(players: int, side: int) -> list[int]:
    return [seat for seat in range(players) if side_of(players, seat) == side]


def chunks(options: list[discord.SelectOption]) -> list[list[discord.SelectOption]]:
    """Discord allows 25 options per select: longer lists become several selects."""
    return [options[i : i + MAX_OPTIONS] for i in range(0, len(options), MAX_OPTIONS)]


def clip(label: str) -> str:
    return label if len(label) <= 100 else label[:99] + "…"


class Araksey(GameCog):
    """``/araksey challenge`` and the controls of Araksey boards."""

    game_id = "araksey"
    group = app_commands.Group(name="araksey", description="Araksey: gather your sources around a rival araksey.")

    @group.command(name="challenge", description="Challenge one to three players to a game of Araksey.")
    @app_commands.describe(
        opponent="Who you want to play against (with two or three players, your first opponent)",
        element="Your element (opponents pick theirs when they accept)",
        opponent2="A second opponent: 3 players (you alone against a team of two)",
        opponent3="A third player: 4 players (you and opponent2 against opponent and opponent3)",
        deadline="Time per turn, e.g. 30m, 2h or 3d (5 minutes to 7 days)",
    )
    @app_commands.choices(element=[app_commands.Choice(name=name.title(), value=name) for name in ELEMENTS])
    async def challenge(
        self,
        interaction: discord.Interaction[Any],
        opponent: Member,
        element: app_commands.Choice[str],
        opponent2: Member | None = None,
        opponent3: Member | None = None,
        deadline: str | None = None,
    ) -> None:
        if opponent3 is not None and opponent2 is None:
            # Seats decide the teams: a third opponent without a second would silently change the layout.
            await tell(interaction, "Name opponent2 before opponent3: with four players you and opponent2 are a team.")
            return
        invited = [user for user in (opponent, opponent2, opponent3) if user is not None]
        players = len(invited) + 1
        # The challenger's side is known now; the other side's element comes with its first acceptance.
        elements = [element.value if side_of(players, seat) == 0 else None for seat in range(players)]
        await self.start_challenge(interaction, invited, {"elements": elements}, deadline=deadline)

    # -- the challenge: one element menu per invited player ----------------------

    @staticmethod
    def picks(record: GameRecord) -> list[str | None] | None:
        """Elements chosen so far, per seat; None for a challenge made without element picks."""
        chosen = record.row.options.get("elements")
        if not isinstance(chosen, list) or len(chosen) != len(record.seats):
            return None
        return [name if isinstance(name, str) else None for name in chosen]

    def describe_options(self, options: dict[str, Any]) -> str:
        # The sides field shows the elements; the clock option stays off on Discord.
        return ""

    def challenge_message(self, record: GameRecord) -> dict[str, Any]:
        message = super().challenge_message(record)
        picks = self.picks(record)
        if picks is None:
            return message
        embed: discord.Embed = message["embed"]
        embed.add_field(name="Sides", value=self.sides_text(record, picks), inline=False)
        embed.add_field(
            name="How to accept",
            value="Each invited player picks their element in their own menu below: picking it accepts. "
            "Team mates share one element (the first to pick sets it); opposing sides play different elements.",
            inline=False,
        )
        controls: list[discord.ui.Item[Any]] = [
            self.element_select(record, picks, seat)
            for seat in range(1, len(record.seats))
            if record.user_at(seat) not in record.row.accepted
        ]
        lang = self.language(record)
        controls.append(
            GameButton(
                record.id, record.version, "decline", label=text(lang, "decline"), style=discord.ButtonStyle.danger
            )
        )
        message["view"] = controls_view(controls)
        return message

    def sides_text(self, record: GameRecord, picks: Sequence[str | None]) -> str:
        players = len(record.seats)
        labels = seat_labels(players)
        lines = []
        for side in (0, 1):
            seats = side_seats(players, side)
            element = picks[seats[0]]
            shown = f"{EMOJI[element]} {element}" if element else "element not chosen yet"
            who = " + ".join(f"{labels[s]} <@{record.user_at(s)}>" for s in seats)
            alone = " (alone)" if players == 3 and len(seats) == 1 else ""
            lines.append(f"**Side {SIDE_NAMES[side]}**: {who}{alone} · {shown}")
        order = {2: "A, B", 3: "A, B1, A, B2", 4: "A1, B1, A2, B2"}[players]
        lines.append(f"Turns: {order}, repeating; the side whose element comes first in "
                     f"{', '.join(ELEMENTS)} starts.")
        return "\n".join(lines)

    def element_select(self, record: GameRecord, picks: Sequence[str | None], seat: int) -> GameSelect:
        players = len(record.seats)
        allowed = self.allowed_elements(players, picks, seat)
        # The other side's element stays in the list, marked, so players see why it is out; picking it is refused.
        rivals = {picks[s] for s in side_seats(players, 1 - side_of(players, seat))}
        shown = allowed if len(allowed) == 1 else list(ELEMENTS)
        options = [
            discord.SelectOption(
                label=name.title(), value=name, emoji=EMOJI[name],
                description="Taken by the other side" if name in rivals else None,
            )
            for name in shown
        ]
        label = seat_labels(len(record.seats))[seat]
        hint = f"Seat {seat + 1} ({label}): pick your element to accept"
        return GameSelect(record.id, record.version, f"elem{seat}", options=options, placeholder=hint)

    @staticmethod
    def allowed_elements(players: int, picks: Sequence[str | None], seat: int) -> list[str]:
        side = side_of(players, seat)
        team = {picks[s] for s in side_seats(players, side)} - {None}
        if team:
            return [name for name in ELEMENTS if name in team]
        rivals = {picks[s] for s in side_seats(players, 1 - side)}
        return [name for name in ELEMENTS if name not in rivals]

    def element_problem(self, record: GameRecord, picks: Sequence[str | None], seat: int, element: str) -> str | None:
        players = len(record.seats)
        if element not in ELEMENTS:
            return f"'{element}' is not an element: choose among {', '.join(ELEMENTS)}."
        if element in self.allowed_elements(players, picks, seat):
            return None
        side = side_of(players, seat)
        mates = side_seats(players, side)
        chosen = next((picks[s] for s in mates if picks[s] is not None), None)
        if chosen is not None:
            return f"Your team plays **{chosen}**: team mates share one element. Pick {chosen} to accept."
        holder = next(s for s in side_seats(players, 1 - side) if picks[s] == element)
        return (
            f"**{element.title()}** is already the element of <@{record.user_at(holder)}>, on the other side: "
            "opposing sides play different elements. Please pick another one."
        )

    async def pick_element(
        self, interaction: discord.Interaction[Any], record: GameRecord, seat: int, element: str
    ) -> None:
        picks = self.picks(record)
        if record.row.status != CHALLENGE or picks is None or not 0 < seat < len(record.seats):
            raise ServiceError("This challenge is no longer open.")
        owner = record.user_at(seat)
        if interaction.user.id != owner:
            raise ServiceError(f"This menu is for <@{owner}>: only they can pick the element of seat {seat + 1}.")
        if owner in record.row.accepted:
            raise ServiceError("You have already accepted this challenge; waiting for the others.")
        problem = self.element_problem(record, picks, seat, element)
        if problem is not None:
            raise ServiceError(problem)
        players = len(record.seats)
        mates = set(side_seats(players, side_of(players, seat)))
        chosen = [element if s in mates else picks[s] for s in range(players)]
        record = await self.service.set_option(record.id, "elements", chosen, record.version)
        await self._accept(interaction, record)

    async def on_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        if action == "accept" and self.picks(record) is not None:
            # Accepting without an element would start a game with a side missing its element.
            raise ServiceError("Pick your element in your menu on the challenge: choosing it accepts.")
        await super().on_control(interaction, record, version, action, values)

    # -- the board -------------------------------------------------------------

    async def board(self, record: GameRecord) -> Board:
        state = record.state
        assert isinstance(state, ArakseyState)
        names = await self.service.display_names(record)
        view = state.view(None)
        png = await self.render(drawing.render, view, names)
        embed = discord.Embed(title=f"Araksey · game #{record.id}", colour=COLOUR)
        embed.description = self.situation(record, state, view, names)
        embed.add_field(name="Sides", value=self.teams_text(state, names), inline=False)
        if state.phase == "play" or record.row.status != ACTIVE:
            embed.add_field(name="Dragons", value=self.dragons_text(state, names), inline=False)
            embed.add_field(name="Effects", value=self.effects_text(state, view, names), inline=False)
            embed.add_field(name="Passes left", value=self.passes_text(state, names), inline=False)
        if view["last_move"]:
            embed.set_footer(text=f"Last move: {view['last_move'][0]}")
        if record.row.status != ACTIVE:
            return Board(f"Game over. {mention_list(record.seats)}", embed, png)
        mover = state.to_move
        content = f"<@{record.user_at(mover)}>, your turn."
        return Board(content, embed, png, self.controls(record, state, mover, names))

    def situation(self, record: GameRecord, state: ArakseyState, view: JSON, names: list[str]) -> str:
        outcome = record.outcome
        if outcome is not None:
            return self.result_text(state, outcome.winners, outcome.reason, names)
        mover = state.to_move
        name = f"**{names[mover]}** ({seat_labels(state.players)[mover]})"
        if state.phase == "setup_sources":
            placed = sum(1 for piece in view["pieces"] if piece["kind"] == "source")
            total = 4 * state.players
            return (
                f"Set-up: {name} places a source on a free start square ({placed} of {total} sources placed). "
                "Then each player places their araksey on any free square."
            )
        if state.phase == "setup_arakseys":
            return f"Set-up: {name} places their araksey on any free square."
        element = state.elements[mover]
        lines = [f"{name} plays ({EMOJI[element]} {element}): choose a piece, then an action."]
        lines += [BINDS_YOU[e.power].format(by=names[e.by]) for e in state.effects if e.target == mover]
        return "\n".join(lines)

    def result_text(self, state: ArakseyState, winners: tuple[int, ...], reason: str, names: list[str]) -> str:
        if not winners:
            return f"The game is a draw ({reason})."
        who = " and ".join(f"**{names[s]}**" for s in winners)
        verb = "win" if len(winners) > 1 else "wins"
        if reason == "resignation":
            # A resignation loses for the whole side: the outcome does not say which member resigned.
            losers = " and ".join(f"**{names[s]}**" for s in range(state.players) if s not in winners)
            return f"{losers} resigned: {who} {verb}."
        return f"{who} {verb}: {reason}."

    def teams_text(self, state: ArakseyState, names: list[str]) -> str:
        labels = seat_labels(state.players)
        parts = []
        for side in (0, 1):
            seats = state.side_seats(side)
            element = state.elements[seats[0]]
            who = " + ".join(f"{labels[s]} {names[s]}" for s in seats)
            alone = " (alone)" if state.players == 3 and len(seats) == 1 else ""
            parts.append(f"**Side {SIDE_NAMES[side]}**: {who}{alone} · {EMOJI[element]} {element}")
        order = " → ".join(f"{labels[s]} {names[s]}" for s in turn_order(state.players, state.elements))
        return "\n".join([*parts, f"Turn order: {order}, repeating."])

    def dragons_text(self, state: ArakseyState, names: list[str]) -> str:
        awake = [f"🐉 {names[s]} ({state.elements[s]})" for s in range(state.players) if state.dragon[s]]
        return ", ".join(awake) + ": awake, usable on its owner's turn." if awake else "No dragon is awake."

    def effects_text(self, state: ArakseyState, view: JSON, names: list[str]) -> str:
        lines = [str(effect["template"]).format(*names) + "." for effect in view["effects"]]
        return "\n".join(lines) or "No dragon effect binds the next turns."

    def passes_text(self, state: ArakseyState, names: list[str]) -> str:
        left = ", ".join(f"{names[s]} {state.passes_left[s]}" for s in range(state.players))
        return f"{left}. {PASS_WARNING}"

    # -- controls ----------------------------------------------------------------

    def controls(
        self,
        record: GameRecord,
        state: ArakseyState,
        mover: int,
        names: list[str],
        picked: str | None = None,
        power: bool = False,
    ) -> list[discord.ui.Item[Any]]:
        menu = move_menu(state, mover)
        if state.phase != "play":
            return self.placement_selects(record, state, menu)
        groups = self.power_groups(menu) if power else menu["groups"]
        items: list[discord.ui.Item[Any]] = []
        if picked is None:
            items += self.piece_selects(record, groups, names, power)
        else:
            items += self.action_selects(record, groups, picked, names, power)
        items += self.buttons(record, state, menu, picked, power)
        return items

    def placement_selects(self, record: GameRecord, state: ArakseyState, menu: JSON) -> list[discord.ui.Item[Any]]:
        moves = [action for group in menu["groups"] for action in group["actions"]]
        options = [discord.SelectOption(label=clip(a["label"]), value=a["move"]) for a in moves]
        what = "a source on a start square" if state.phase == "setup_sources" else "your araksey on a free square"
        items: list[discord.ui.Item[Any]] = []
        for i, part in enumerate(chunks(options)):
            span = f" ({part[0].value[1:]}–{part[-1].value[1:]})" if len(options) > MAX_OPTIONS else ""
            items.append(
                GameSelect(record.id, record.version, f"place{i}", options=part, placeholder=f"Place {what}{span}…")
            )
        return items

    @staticmethod
    def power_groups(menu: JSON) -> list[JSON]:
        """Instead-of-action powers, or the pieces whose actions can carry an after-action power."""
        if menu["dragon"] is not None:
            groups: list[JSON] = menu["dragon"]["groups"]
            return groups
        return [g for g in menu["groups"] if any(a["powered"] for a in g["actions"])]

    def piece_selects(
        self, record: GameRecord, groups: list[JSON], names: list[str], power: bool
    ) -> list[discord.ui.Item[Any]]:
        options = [
            discord.SelectOption(label=clip(str(g["label"]).format(*names)), value=str(g["square"])) for g in groups
        ]
        prefix = "ppiece" if power else "piece"
        hint = "Dragon power: choose a piece…" if power else "Choose a piece to move…"
        return [
            GameSelect(record.id, record.version, f"{prefix}{i}", options=part, placeholder=hint)
            for i, part in enumerate(chunks(options))
        ]

    def action_selects(
        self, record: GameRecord, groups: list[JSON], picked: str, names: list[str], power: bool
    ) -> list[discord.ui.Item[Any]]:
        group = next((g for g in groups if g["square"] == picked), None)
        if group is None:
            raise ServiceError(f"{picked} has no legal action now: choose another piece.")
        options = []
        for action in group["actions"]:
            if power and action["powered"]:
                for variant in action["powered"]:
                    label = f"{action['label']} + {str(variant['label']).format(*names)}"
                    options.append(discord.SelectOption(label=clip(label), value=variant["move"]))
            else:
                options.append(discord.SelectOption(label=clip(action["label"]), value=action["move"]))
        hint = f"{str(group['label']).format(*names)}: choose an action…"
        return [
            GameSelect(record.id, record.version, f"act{i}", options=part, placeholder=clip(hint))
            for i, part in enumerate(chunks(options))
        ]

    def buttons(
        self, record: GameRecord, state: ArakseyState, menu: JSON, picked: str | None, power: bool
    ) -> list[discord.ui.Item[Any]]:
        items: list[discord.ui.Item[Any]] = []
        if picked is not None or power:
            items.append(GameButton(record.id, record.version, "back", label="Back", emoji="↩️"))
        if not power and self.power_groups(menu):
            element = state.elements[state.to_move]
            items.append(
                GameButton(
                    record.id, record.version, "power", label=f"Use dragon power: {element}",
                    emoji="🐉", style=discord.ButtonStyle.primary,
                )
            )
        last = state.passes_left[state.to_move] == 0
        items.append(
            GameButton(
                record.id, record.version, "pass", label=menu["pass"]["label"],
                style=discord.ButtonStyle.danger if last else discord.ButtonStyle.secondary,
            )
        )
        return items

    # -- handling clicks -------------------------------------------------------------

    async def on_game_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        if action.startswith("elem") and values:
            await self.pick_element(interaction, record, int(action[4:]), values[0])
        elif action.startswith(("place", "act")) and values:
            await self.play(interaction, record, version, values[0])
        elif action == "pass":
            await self.play(interaction, record, version, "pass")
        elif action.startswith(("piece", "ppiece")) and values:
            await self.redraw_controls(interaction, record, version, values[0], action.startswith("ppiece"))
        elif action in ("power", "back"):
            await self.redraw_controls(interaction, record, version, None, action == "power")

    def mover_of(self, record: GameRecord, user_id: int, version: int) -> tuple[ArakseyState, int]:
        """The state and seat to move, refusing stale controls and other players."""
        if record.row.status != ACTIVE:
            raise ServiceError(f"Game #{record.id} is not being played (it is {record.row.status}).")
        if version != record.version:
            raise StaleButton(
                "These controls are out of date: the game has moved on since. Use the latest board message."
            )
        state = record.state
        assert isinstance(state, ArakseyState)
        mover = state.to_move
        if record.user_at(mover) != user_id:
            if not record.seats_of(user_id):
                raise ServiceError("You are not playing in this game.")
            raise ServiceError(f"It is not your turn: waiting for <@{record.user_at(mover)}>.")
        return state, mover

    async def redraw_controls(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, picked: str | None, power: bool
    ) -> None:
        """A step within a choice: only the controls change, the picture stays."""
        state, mover = self.mover_of(record, interaction.user.id, version)
        names = await self.service.display_names(record)
        items = self.controls(record, state, mover, names, picked, power)
        await interaction.response.edit_message(view=controls_view(items))

    async def play(self, interaction: discord.Interaction[Any], record: GameRecord, version: int, move: str) -> None:
        user = interaction.user.id
        after = await self.service.play(record.id, user, [move], version)
        summary = f"<@{user}> played {move}."
        if after.row.status == ACTIVE and after.actors() == [user]:
            # Still this player's turn (set-up skipping the others): edit in place.
            await self.refresh_board(interaction, after)
            return
        await self.after_move(interaction, record, after, summary)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Araksey(bot))
