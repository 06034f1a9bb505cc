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
from bot.i18n import text, word
from bot.opponent import DEFAULT_LEVEL, Level
from bot.service import ACTIVE, CHALLENGE, GameRecord, ServiceError, refusal, rematch_seats
from cogs.common import COLOUR, Board, GameCog, LessonClick, is_active, seat_list, send_answer, tell, update_clicked
from cogs.table.challenges import challenge_command
from cogs.table.controls import GameButton, GameSelect, controls_view
from render import araksey as drawing
from rules import Text
from rules.araksey import ELEMENTS, ArakseyState, ArakseyView, move_menu, side_of, turn_order
from rules.wording import WORDING

JSON = dict[str, Any]
MAX_OPTIONS = 25
SIDE_NAMES = ("A", "B")
EMOJI = {
    "earth": "🪨",
    "water": "💧",
    "air": "🌪️",
    "fire": "🔥",
    "magma": "🌋",
    "lightning": "⚡",
    "mud": "🟫",
    "fog": "🌫️",
}
# What an effect means to the player it binds, on the turn it binds: catalogue keys, with {by}.
BINDS_YOU = {
    "earth": "araksey.binds.earth",
    "water": "araksey.binds.water",
    "mud": "araksey.binds.mud",
}

Member = discord.Member | discord.User


def element_name(lang: str, element: str) -> str:
    """An element's name in ``lang`` (lower case), e.g. ``foudre`` for ``lightning``."""
    return text(lang, f"araksey.el.{element}")


def seats_named(lang: str, label: Text, names: Sequence[str]) -> str:
    """A move menu's label in ``lang``, its seats (left as ``{n}`` fields by the engine) named: filled by
    the eliding formatter, so an article the catalogue writes before a seat elides before its name.

    >>> from rules.araksey.board import seat_field
    >>> [seats_named("fr", Text("{owner}'s source", owner=seat_field(1)), ["Bob", name]) for name in ("Ada", "Cy")]
    ["une source d'Ada", 'une source de Cy']
    """
    return WORDING.format(word(lang, label), *names)


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
    actions = r"elem[0-9]|(?:place|act|piece|ppiece)[0-9]{1,2}|pass(?::yes|:no)?|power|back"
    group = app_commands.Group(name="araksey", description="Araksey: gather your sources around a rival araksey.")

    @challenge_command(
        group,
        "Challenge one to three players to a game of Araksey.",
        opponent="Who you want to play against (with two or three players, your first opponent)",
        element="Your element (opponents pick theirs when they accept)",
        opponent2="A second opponent: 3 players (you alone against a team of two)",
        opponent3="A third player: 4 players (you and opponent2 against opponent and opponent3)",
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
        level: Level = DEFAULT_LEVEL,
    ) -> None:
        if opponent3 is not None and opponent2 is None:
            # Seats decide the teams: a third opponent without a second would silently change the layout.
            lang = await self.bot.reply_language(interaction)
            await tell(interaction, text(lang, "araksey.opponent_order"))
            return
        invited = [user for user in (opponent, opponent2, opponent3) if user is not None]
        players = len(invited) + 1
        # The challenger's side is known now; the other side's element comes with its first acceptance,
        # or now when the bot alone plays that side (it takes the first element left).
        elements = [element.value if side_of(players, seat) == 0 else None for seat in range(players)]
        me = self.bot.user.id if self.bot.user is not None else None
        if all(user.id == me for seat, user in enumerate(invited, start=1) if side_of(players, seat) == 1):
            left = next(name for name in ELEMENTS if name != element.value)
            elements = [name or left for name in elements]
        await self.start_challenge(interaction, invited, {"elements": elements}, deadline=deadline, level=level)

    # -- the challenge: one element menu per invited player ----------------------

    @staticmethod
    def picks(record: GameRecord) -> list[str | None] | None:
        """Elements chosen so far, per seat; None for a challenge made without element picks."""
        chosen = record.row.options.get("elements")
        if not isinstance(chosen, list) or len(chosen) != len(record.seats):
            return None
        return [name if isinstance(name, str) else None for name in chosen]

    def rematch_options(self, record: GameRecord, challenger: int) -> dict[str, Any]:
        """As a challenge: the challenger's side keeps the element they played, the other side picks on accepting."""
        elements = record.row.options.get("elements")
        if not isinstance(elements, list) or len(elements) != len(record.seats):
            return record.row.options
        seats, players = rematch_seats(record.seats), len(record.seats)
        side = side_of(players, seats.index(challenger))
        kept = elements[record.seats.index(challenger)]
        chosen = [kept if side_of(players, seat) == side else None for seat in range(players)]
        bots = {(seat - 1) % players for seat in record.bot_seats}  # where the bot sits in the rematch
        if all(seat in bots for seat in side_seats(players, 1 - side)):
            # The bot alone plays the other side: it keeps the element it played.
            old_side = side_of(players, record.seats.index(challenger))
            played = next(elements[seat] for seat in range(players) if side_of(players, seat) != old_side)
            chosen = [name or played for name in chosen]
        return {**record.row.options, "elements": chosen}

    def describe_options(self, record: GameRecord, lang: str) -> str:
        # The sides field shows the elements; the clock option stays off on Discord.
        return ""

    def describe_option_values(self, options: dict[str, Any], lang: str) -> str:
        elements = [element for element in dict.fromkeys(options.get("elements") or []) if element]
        if not elements:
            return text(lang, "araksey.opt_elements_picked")
        shown = " · ".join(f"{EMOJI[element]} {element_name(lang, element)}" for element in elements)
        return text(lang, "araksey.opt_elements", elements=shown)

    def challenge_message(self, record: GameRecord, lang: str) -> dict[str, Any]:
        message = super().challenge_message(record, lang)
        picks = self.picks(record)
        if picks is None:
            return message
        embed: discord.Embed = message["embed"]
        embed.add_field(name=text(lang, "araksey.sides"), value=self.sides_text(record, picks, lang), inline=False)
        embed.add_field(
            name=text(lang, "araksey.how_to_accept"), value=text(lang, "araksey.how_to_accept_text"), inline=False
        )
        controls: list[discord.ui.Item[Any]] = [
            self.element_select(record, picks, seat, lang)
            for seat in range(len(record.seats))
            if record.user_at(seat) not in record.row.accepted
        ]
        controls.append(
            GameButton(
                record.id, record.version, "decline", label=text(lang, "decline"), style=discord.ButtonStyle.danger
            )
        )
        message["view"] = controls_view(controls)
        return message

    def sides_text(self, record: GameRecord, picks: Sequence[str | None], lang: str) -> str:
        players = len(record.seats)
        labels, named = seat_labels(players), self.seat_mentions(record)
        lines = []
        for side in (0, 1):
            seats = side_seats(players, side)
            element = picks[seats[0]]
            shown = f"{EMOJI[element]} {element_name(lang, element)}" if element else text(lang, "araksey.not_chosen")
            who = " + ".join(f"{labels[s]} {named[s]}" for s in seats)
            alone = text(lang, "araksey.alone") if players == 3 and len(seats) == 1 else ""
            lines.append(text(lang, "araksey.side_line", side=SIDE_NAMES[side], who=who, alone=alone, shown=shown))
        order = {2: "A, B", 3: "A, B1, A, B2", 4: "A1, B1, A2, B2"}[players]
        # Three players: the lone player always starts; two or four: the earlier element starts.
        turns = "araksey.challenge_turns_lone" if players == 3 else "araksey.challenge_turns"
        lines.append(text(lang, turns, order=order, elements=self.element_list(lang)))
        return "\n".join(lines)

    @staticmethod
    def element_list(lang: str) -> str:
        return ", ".join(element_name(lang, name) for name in ELEMENTS)

    def element_select(self, record: GameRecord, picks: Sequence[str | None], seat: int, lang: str) -> GameSelect:
        players = len(record.seats)
        allowed = self.allowed_elements(players, picks, seat)
        # The other side's element stays in the list, marked, so players see why it is out; picking it is refused.
        rivals = {picks[s] for s in side_seats(players, 1 - side_of(players, seat))}
        shown = allowed if len(allowed) == 1 else list(ELEMENTS)
        options = [
            discord.SelectOption(
                label=element_name(lang, name).title(),
                value=name,
                emoji=EMOJI[name],
                description=text(lang, "araksey.taken") if name in rivals else None,
            )
            for name in shown
        ]
        label = seat_labels(len(record.seats))[seat]
        hint = text(lang, "araksey.seat_hint", seat=seat + 1, label=label)
        return GameSelect(record.id, record.version, f"elem{seat}", options=options, placeholder=hint)

    @staticmethod
    def allowed_elements(players: int, picks: Sequence[str | None], seat: int) -> list[str]:
        side = side_of(players, seat)
        team = {picks[s] for s in side_seats(players, side)} - {None}
        if team:
            return [name for name in ELEMENTS if name in team]
        rivals = {picks[s] for s in side_seats(players, 1 - side)}
        return [name for name in ELEMENTS if name not in rivals]

    def element_problem(
        self, record: GameRecord, picks: Sequence[str | None], seat: int, element: str, lang: str
    ) -> str | None:
        players = len(record.seats)
        if element not in ELEMENTS:
            return text(lang, "araksey.not_an_element", element=element, elements=self.element_list(lang))
        if element in self.allowed_elements(players, picks, seat):
            return None
        side = side_of(players, seat)
        mates = side_seats(players, side)
        chosen = next((picks[s] for s in mates if picks[s] is not None), None)
        if chosen is not None:
            return text(lang, "araksey.team_plays", chosen=element_name(lang, chosen))
        holder = next(s for s in side_seats(players, 1 - side) if picks[s] == element)
        return text(
            lang, "araksey.taken_by", element=element_name(lang, element).title(), holder=record.user_at(holder)
        )

    async def pick_element(
        self, interaction: discord.Interaction[Any], record: GameRecord, seat: int, element: str
    ) -> None:
        lang = await self.bot.reply_language(interaction)  # for the refusals below, which are private
        picks = self.picks(record)
        if record.row.status != CHALLENGE or picks is None or not 0 <= seat < len(record.seats):
            raise ServiceError(text(lang, "araksey.closed"))
        owner = record.user_at(seat)
        if interaction.user.id != owner:
            raise ServiceError(text(lang, "araksey.menu_for", owner=owner, seat=seat + 1))
        if owner in record.row.accepted:
            raise ServiceError(text(lang, "err.already_accepted"))
        problem = self.element_problem(record, picks, seat, element, lang)
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
            raise refusal("araksey.pick_to_accept")
        await super().on_control(interaction, record, version, action, values)

    def answer_buttons(self, record: GameRecord, lang: str) -> list[discord.ui.Item[Any]]:
        # An element is picked on the challenge message to accept it (the /games line links there).
        buttons = super().answer_buttons(record, lang)
        return buttons if self.picks(record) is None else buttons[1:]

    # -- the board -------------------------------------------------------------

    async def board(self, record: GameRecord) -> Board:
        state = record.state
        assert isinstance(state, ArakseyState)
        names = await self.service.shown_names(record)
        lang = await self.language(record)
        view = state.view(None)
        picture = await self.draw(drawing.render, record, view)
        embed = discord.Embed(title=text(lang, "game_title", game=self.game_name, id=record.id), colour=COLOUR)
        embed.description = self.situation(record, state, view, names, lang)
        embed.add_field(name=text(lang, "araksey.sides"), value=self.teams_text(state, names, lang), inline=False)
        if state.phase == "play" or record.row.status != ACTIVE:
            embed.add_field(
                name=text(lang, "araksey.dragons"), value=self.dragons_text(state, names, lang), inline=False
            )
            embed.add_field(
                name=text(lang, "araksey.effects"), value=self.effects_text(state, view, names, lang), inline=False
            )
            embed.add_field(
                name=text(lang, "araksey.passes_left"), value=self.passes_text(state, names, lang), inline=False
            )
        described = ArakseyState.describe(view, await self.service.display_names(record))  # a footer shows no markdown
        if described is not None:
            embed.set_footer(text=text(lang, "araksey.last_move", move=word(lang, described)))
        if record.row.status != ACTIVE:
            return Board(text(lang, "araksey.game_over", players=seat_list(record, names)), embed, picture)
        mover = state.to_move
        content = self.bot_thinking(record, lang) or text(lang, "araksey.your_turn", user=record.user_at(mover))
        plain = await self.service.display_names(record)  # menu labels show no markdown
        return Board(content, embed, picture, self.controls(record, state, mover, plain, lang))

    def situation(self, record: GameRecord, state: ArakseyState, view: ArakseyView, names: list[str], lang: str) -> str:
        outcome = record.outcome
        if outcome is not None:
            return self.result_text(state, outcome.winners, outcome.reason, names, lang)
        mover = state.to_move
        name = f"**{names[mover]}** ({seat_labels(state.players)[mover]})"
        if state.phase == "setup_sources":
            placed = sum(1 for piece in view["pieces"] if piece["kind"] == "source")
            total = 4 * state.players
            return text(lang, "araksey.setup_sources", name=name, placed=placed, total=total)
        if state.phase == "setup_arakseys":
            return text(lang, "araksey.setup_arakseys", name=name)
        element = state.elements[mover]
        lines = [text(lang, "araksey.plays", name=name, emoji=EMOJI[element], element=element_name(lang, element))]
        lines += [text(lang, BINDS_YOU[e.power], by=names[e.by]) for e in state.effects if e.target == mover]
        return "\n".join(lines)

    def result_text(
        self, state: ArakseyState, winners: tuple[int, ...], reason: str, names: list[str], lang: str
    ) -> str:
        if not winners:
            return text(lang, "araksey.draw", reason=word(lang, reason))
        joiner = text(lang, "araksey.and")
        who = joiner.join(f"**{names[s]}**" for s in winners)
        many = len(winners) > 1
        if reason == "resignation":
            # A resignation loses for the whole side: the outcome does not say which member resigned.
            losers = joiner.join(f"**{names[s]}**" for s in range(state.players) if s not in winners)
            return text(lang, "araksey.resigned_win" if many else "araksey.resigned_wins", losers=losers, who=who)
        return text(lang, "araksey.win" if many else "araksey.wins", who=who, reason=word(lang, reason))

    def teams_text(self, state: ArakseyState, names: list[str], lang: str) -> str:
        labels = seat_labels(state.players)
        parts = []
        for side in (0, 1):
            seats = state.side_seats(side)
            element = state.elements[seats[0]]
            who = " + ".join(f"{labels[s]} {names[s]}" for s in seats)
            alone = text(lang, "araksey.alone") if state.players == 3 and len(seats) == 1 else ""
            shown = f"{EMOJI[element]} {element_name(lang, element)}"
            parts.append(text(lang, "araksey.side_line", side=SIDE_NAMES[side], who=who, alone=alone, shown=shown))
        order = " → ".join(f"{labels[s]} {names[s]}" for s in turn_order(state.players, state.elements))
        return "\n".join([*parts, text(lang, "araksey.turn_order", order=order)])

    def dragons_text(self, state: ArakseyState, names: list[str], lang: str) -> str:
        awake = [
            f"🐉 {names[s]} ({element_name(lang, state.elements[s])})" for s in range(state.players) if state.dragon[s]
        ]
        return text(lang, "araksey.awake", dragons=", ".join(awake)) if awake else text(lang, "araksey.no_dragon")

    def effects_text(self, state: ArakseyState, view: ArakseyView, names: list[str], lang: str) -> str:
        lines = [
            word(lang, effect.words(by=names[effect.by], target=names[effect.target])) + "." for effect in state.effects
        ]
        return "\n".join(lines) or text(lang, "araksey.no_effect")

    def passes_text(self, state: ArakseyState, names: list[str], lang: str) -> str:
        left = ", ".join(f"{names[s]} {state.passes_left[s]}" for s in range(state.players))
        return f"{left}. {text(lang, 'araksey.pass_warning')}"

    # -- controls ----------------------------------------------------------------

    def controls(
        self,
        record: GameRecord,
        state: ArakseyState,
        mover: int,
        names: list[str],
        lang: str,
        picked: str | None = None,
        power: bool = False,
    ) -> list[discord.ui.Item[Any]]:
        menu = move_menu(state, mover)
        if state.phase != "play":
            return self.placement_selects(record, state, menu, lang)
        groups = self.power_groups(menu) if power else menu["groups"]
        items: list[discord.ui.Item[Any]] = []
        if picked is None:
            items += self.piece_selects(record, groups, names, power, lang)
        else:
            items += self.action_selects(record, groups, picked, names, power, lang)
        items += self.buttons(record, state, menu, picked, power, lang)
        return items

    def placement_selects(
        self, record: GameRecord, state: ArakseyState, menu: JSON, lang: str
    ) -> list[discord.ui.Item[Any]]:
        moves = [action for group in menu["groups"] for action in group["actions"]]
        options = [discord.SelectOption(label=clip(word(lang, a["label"])), value=a["move"]) for a in moves]
        what = "araksey.place_source" if state.phase == "setup_sources" else "araksey.place_araksey"
        items: list[discord.ui.Item[Any]] = []
        for i, part in enumerate(chunks(options)):
            span = f" ({part[0].value[1:]}–{part[-1].value[1:]})" if len(options) > MAX_OPTIONS else ""
            items.append(
                GameSelect(
                    record.id, record.version, f"place{i}", options=part, placeholder=text(lang, what, span=span)
                )
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
        self, record: GameRecord, groups: list[JSON], names: list[str], power: bool, lang: str
    ) -> list[discord.ui.Item[Any]]:
        options = [
            discord.SelectOption(label=clip(seats_named(lang, g["label"], names)), value=str(g["square"]))
            for g in groups
        ]
        prefix = "ppiece" if power else "piece"
        hint = text(lang, "araksey.power_piece" if power else "araksey.choose_piece")
        return [
            GameSelect(record.id, record.version, f"{prefix}{i}", options=part, placeholder=hint)
            for i, part in enumerate(chunks(options))
        ]

    def action_selects(
        self, record: GameRecord, groups: list[JSON], picked: str, names: list[str], power: bool, lang: str
    ) -> list[discord.ui.Item[Any]]:
        group = next((g for g in groups if g["square"] == picked), None)
        if group is None:
            raise ServiceError(text(lang, "araksey.no_action", square=picked))
        options = []
        for action in group["actions"]:
            if power and action["powered"]:
                for variant in action["powered"]:
                    label = f"{word(lang, action['label'])} + {seats_named(lang, variant['label'], names)}"
                    options.append(discord.SelectOption(label=clip(label), value=variant["move"]))
            else:
                options.append(discord.SelectOption(label=clip(word(lang, action["label"])), value=action["move"]))
        hint = text(lang, "araksey.choose_action", piece=seats_named(lang, group["label"], names))
        return [
            GameSelect(record.id, record.version, f"act{i}", options=part, placeholder=clip(hint))
            for i, part in enumerate(chunks(options))
        ]

    def buttons(
        self, record: GameRecord, state: ArakseyState, menu: JSON, picked: str | None, power: bool, lang: str
    ) -> list[discord.ui.Item[Any]]:
        items: list[discord.ui.Item[Any]] = []
        if picked is not None or power:
            items.append(GameButton(record.id, record.version, "back", label=text(lang, "araksey.back"), emoji="↩️"))
        if not power and self.power_groups(menu):
            element = element_name(lang, state.elements[state.to_move])
            items.append(
                GameButton(
                    record.id,
                    record.version,
                    "power",
                    label=text(lang, "araksey.use_power", element=element),
                    emoji="🐉",
                    style=discord.ButtonStyle.primary,
                )
            )
        last = state.passes_left[state.to_move] == 0
        items.append(
            GameButton(
                record.id,
                record.version,
                "pass",
                label=word(lang, menu["pass"]["label"]),
                style=discord.ButtonStyle.danger if last else discord.ButtonStyle.secondary,
            )
        )
        return items

    # -- lessons -----------------------------------------------------------------------

    def lesson_controls(
        self, record: GameRecord, seat: int, picked: str | None, lang: str
    ) -> list[discord.ui.Item[Any]]:
        """The board's controls; ``picked``: "piece:c2", "power:" (the element's power) or "ppiece:c2"."""
        state = record.state
        assert isinstance(state, ArakseyState)
        kind, _, square = (picked or "").partition(":")
        names = record.names or [str(user) for user in record.seats]
        return self.controls(record, state, seat, names, lang, square or None, kind in ("power", "ppiece"))

    def lesson_click(self, record: GameRecord, seat: int, action: str, values: list[str]) -> LessonClick:
        if action.startswith(("place", "act")) and values:
            return LessonClick(move=values[0])
        if action == "pass":
            return LessonClick(move="pass")
        if action.startswith(("piece", "ppiece")) and values:
            power = action.startswith("ppiece")
            check_piece(record, seat, values[0], power)
            return LessonClick(picked=f"{'ppiece' if power else 'piece'}:{values[0]}")
        if action in ("power", "back"):
            return LessonClick(picked="power:" if action == "power" else None)
        return super().lesson_click(record, seat, action, values)

    # -- handling clicks -------------------------------------------------------------

    async def on_game_control(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, action: str, values: list[str]
    ) -> None:
        if action.startswith("elem") and values:
            await self.pick_element(interaction, record, int(action[4:]), values[0])
        elif action.startswith(("place", "act")) and values:
            await self.commit(record, interaction.user.id, [values[0]], version=version, interaction=interaction)
        elif action == "pass":
            await self.pass_turn(interaction, record, version)
        elif action == "pass:yes":
            await self.commit(record, interaction.user.id, ["pass"], version=version, interaction=interaction)
        elif action == "pass:no":
            await self.keep_playing(interaction, record)
        elif action.startswith(("piece", "ppiece")) and values:
            await self.redraw_controls(interaction, record, version, values[0], action.startswith("ppiece"))
        elif action in ("power", "back"):
            await self.redraw_controls(interaction, record, version, None, action == "power")

    async def pass_turn(self, interaction: discord.Interaction[Any], record: GameRecord, version: int) -> None:
        """Pass; a second pass, which loses the game for the passing side, asks first (privately)."""
        mover = self.service.check_actor(record, interaction.user.id, version)
        state = record.state
        assert isinstance(state, ArakseyState)
        if state.phase != "play" or state.passes_left[mover] > 0:
            await self.commit(record, interaction.user.id, ["pass"], version=version, interaction=interaction)
            return
        lang = await self.bot.reply_language(interaction)
        question = [
            GameButton(
                record.id, version, "pass:yes", label=text(lang, "araksey.pass_yes"), style=discord.ButtonStyle.danger
            ),
            GameButton(record.id, version, "pass:no", label=text(lang, "araksey.pass_no")),
        ]
        await send_answer(
            interaction, content=text(lang, "araksey.pass_confirm", id=record.id), view=controls_view(question),
            ephemeral=True,
        )

    async def keep_playing(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """No to the losing pass: the question closes; nothing is played."""
        said = text(await self.bot.reply_language(interaction), "araksey.not_passed", id=record.id)
        if interaction.message is not None and interaction.message.flags.ephemeral:
            await update_clicked(interaction, content=said, view=None)
        else:
            await tell(interaction, said)

    async def redraw_controls(
        self, interaction: discord.Interaction[Any], record: GameRecord, version: int, picked: str | None, power: bool
    ) -> None:
        """A step within a choice: only the controls change, the picture stays."""
        mover = self.service.check_actor(record, interaction.user.id, version)
        state = record.state
        assert isinstance(state, ArakseyState)
        names = await self.service.display_names(record)  # menu labels show no markdown
        items = self.controls(record, state, mover, names, await self.language(record), picked, power)
        await update_clicked(interaction, view=controls_view(items))

    def same_board(self, before: GameRecord, after: GameRecord) -> bool:
        """Set-up (each seat in turn places its sources, then its araksey) edits one board, and a
        short ping tells the next player; play starts on a new board."""
        return is_active(after) and in_set_up(before) and in_set_up(after)


def check_piece(record: GameRecord, seat: int, square: str, power: bool) -> None:
    """Refuse a piece that has nothing to do now (a forged pick), in the rules' words."""
    state = record.state
    assert isinstance(state, ArakseyState)
    menu = move_menu(state, seat)
    groups = Araksey.power_groups(menu) if power else menu["groups"]
    if all(str(group["square"]) != square for group in groups):
        said = f"{square} has no legal action now: choose another piece."
        raise ServiceError(said, "araksey.no_action", square=square)


def in_set_up(record: GameRecord) -> bool:
    state = record.state
    return isinstance(state, ArakseyState) and state.phase != "play"


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, AgoraBot)
    await bot.add_cog(Araksey(bot))
