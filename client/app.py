"""The Allegiance Textual app: menus, local (hot-seat) games, joining and watching.

Run it with ``allegiance play`` or ``python -m client.app``. Screens render view models
and post intents; the network runs in a worker (:class:`~client.game.GameController`).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.events import DeliveryComplete, DeliveryFailed
from textual.notifications import SeverityLevel
from textual.screen import Screen

from client.game import GameController, NetUpdates, seat_conceded
from client.net.session import ClientSession, Seated
from client.screens.cardbrowser import CardBrowserScreen
from client.screens.gameover import GameOverScreen
from client.screens.help import HelpScreen
from client.screens.join import JoinPlan, JoinScreen, server_url
from client.screens.leave import LeaveScreen, QuitScreen, leave_warning
from client.screens.lobby import server_address
from client.screens.menu import MenuScreen
from client.screens.resume import ResumeHostScreen
from client.screens.settings import (
    ChangesScreen,
    KeyCapture,
    QuitSettingsScreen,
    SettingsScreen,
)
from client.screens.setup import LocalPlan, SetupScreen, default_host_plan, default_plan
from client.settings import (
    KEPT,
    Settings,
    forget_hosted,
    hosted_port,
    load_settings_report,
    recall_hosted,
    recall_seat,
    remember_hosted,
    remember_seat,
    write_settings,
)
from client.viewmodel.prompt import is_out
from client.viewmodel.words import listed
from client.widgets.log import ChatPanel
from client.widgets.prompt import PromptBar

Start = LocalPlan | JoinPlan | None


def held_tables_words(address: str, codes: list[str], rematches: Sequence[str] = ()) -> str:
    """The notice of tables this player made on a server and has not finished there
    (``codes``), and of those whose game is over where a rematch someone asked for waits
    for this player's answer (``rematches``)."""
    said = [
        _at_tables(codes, "a game not finished at table", "games not finished at tables"),
        _at_tables(rematches, "a rematch waiting at table", "rematches waiting at tables"),
    ]
    held = " and ".join(words for words in said if words)
    join = f"allegiance join {address} {[*codes, *rematches][0]}"
    return (f"You made this new table; you also have {held} on this server. "
            f"'{join}' (or Join a game) takes your seat back.")


def _at_tables(codes: Sequence[str], one: str, many: str) -> str:
    """Tables in the notice: "a game not finished at table AB12CD", or ``many`` for
    several ("" for none)."""
    if not codes:
        return ""
    return f"{one if len(codes) == 1 else many} {', '.join(codes)}"


def _seat_name(view: dict[str, Any], seat: int) -> str:
    """The name the game gives ``seat`` ("Player 2"), for a question at a shared
    keyboard."""
    for player in view.get("players") or ():
        if player.get("seat") == seat and player.get("name"):
            return str(player["name"])
    return f"Seat {seat + 1}"


def _out_there(table: dict[str, Any], url: str, code: str) -> bool:
    """Whether the seat kept at ``table`` is out of the game being played there."""
    seat = _kept_seat(url, code)
    seats = table.get("seats") or []
    return (
        table.get("status") == "playing"
        and seat is not None
        and 0 <= seat < len(seats)
        and bool(seats[seat].get("out"))
    )


def _kept_seat(url: str, code: str) -> int | None:
    """The seat this player keeps at table ``code`` on ``url`` (None: none kept)."""
    held = recall_seat(url, code)
    return held[0] if held is not None else None


class AllegianceApp(App[int]):
    """The terminal client."""

    CSS_PATH = "app.tcss"
    TITLE = "Allegiance"
    HORIZONTAL_BREAKPOINTS = [  # noqa: RUF012 (Textual's own declaration)
        (0, "-compact"),
        (120, "-wide"),
    ]
    #: ``-tall`` screens (30 rows or more) give the prompt's choices more lines.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]  # noqa: RUF012 (as above)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help", id="app.help"),
        Binding("question_mark", "help", "Help", key_display="?", show=False),
    ]

    def __init__(
        self,
        start: Start = None,
        settings: Settings | None = None,
        settings_path: Path | None = None,
        save: bool = True,
    ) -> None:
        super().__init__()
        self.settings_path = settings_path
        self._save = save
        warning = None
        #: The file's key bindings that were ignored (the Keys screen lists them all).
        self.ignored_keys: list[str] = []
        if settings is None:
            settings, warning, self.ignored_keys = load_settings_report(settings_path)
        self.settings = settings
        self._startup_warning = warning
        self.start = start
        self.game: GameController | None = None
        #: Extra settings for the in-process server of local games (tests: fixed seeds).
        self.server_settings: dict[str, Any] = {}
        self.last_plan: LocalPlan | None = start if isinstance(start, LocalPlan) else None
        #: The last game set up in the menu's "Host a game" (or left there by Back, or
        #: given to ``allegiance host --on``), offered again next time.
        self.last_host_plan: LocalPlan | None = None
        #: The server the last table hosted from the menu was made on ("": served here).
        self.last_host_server = ""
        #: ``allegiance host``: (plan, bind address, port, database, LAN name) to host.
        self.host_start: tuple[LocalPlan, str, int, str | None, str | None] | None = None
        #: ``allegiance host --on ADDRESS``: the table to make on that server.
        self.remote_host_start: tuple[LocalPlan, str] | None = None
        #: The table flags given to ``allegiance host`` (a resumed game keeps its own).
        self.host_flags: list[str] = []
        #: ``allegiance join --hero`` without a code: the hero to ask for once joined.
        self.join_hero: str | None = None
        #: ``allegiance join`` / ``watch`` without a code: (address or None, watch) to ask.
        self.join_screen_start: tuple[str | None, bool] | None = None
        #: ``allegiance replay``: the screen to open above the menu (a list or one game).
        self.replay_start: Screen[Any] | None = None
        #: Record local games in the user data dir for replays (tests keep them in memory).
        self.record_local = save
        #: The terminal watched for a hang-up (None: headless, or not a terminal).
        self._terminal_fd: int | None = None
        #: Quitting has begun (a signal, a hang-up, Ctrl+Q answered): not begun again.
        self._quitting = False
        #: Screenshots being saved: their delivery keys and folders (a failure names it).
        self._screenshots: dict[str, Path] = {}
        self._prepare_worker_processes()

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Textual's notification, always as plain text: messages carry what players
        typed (chat, names) and what servers said, which must never be read as markup
        (``[/]`` in a chat line would raise in the toast's render and end the app). The
        same words as a toast still shown are not shown again: a key pressed a few times
        (the pass key in a list of targets) stacked copies down to the footer at 80×24."""
        if any(n.message == message and n.title == title for n in self._notifications):
            return
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    # screenshots ------------------------------------------------------------------------------
    def deliver_screenshot(
        self,
        filename: str | None = None,
        path: str | None = None,
        time_format: str | None = None,
    ) -> str | None:
        """The palette's "Screenshot": an SVG of the screen, saved in ``path``, else in
        the Downloads folder, else (there is none) in the data folder (see
        :func:`screenshot_folder`). Textual's own says only "Failed to save screenshot"
        when its folder is missing, and its "saved" toast is markup, which this app's
        :meth:`notify` shows as it is: this delivery goes under another name, and the
        app says where it went, or why it could not be saved there."""
        import io

        folder, problem = screenshot_folder(path)
        if problem is not None:
            self.notify(f"Could not save the screenshot in {folder}: {problem}.",
                        title="Screenshot", severity="error", timeout=15)  # fmt: skip
            return None
        name = filename or screenshot_name(self.title, time_format)
        key = self.deliver_text(
            io.StringIO(self.export_screenshot()),
            save_directory=folder,
            save_filename=name,
            open_method="browser",
            mime_type="image/svg+xml",
            name=SCREENSHOT,
        )
        if key is not None:
            self._screenshots[key] = folder
        return key

    def on_delivery_complete(self, event: DeliveryComplete) -> None:
        if event.name == SCREENSHOT:
            self._screenshots.pop(event.key, None)
            where = f" to {event.path}" if event.path is not None else ""  # None: on the web
            self.notify(f"Screenshot saved{where}", title="Screenshot", timeout=10)

    def on_delivery_failed(self, event: DeliveryFailed) -> None:
        if event.name == SCREENSHOT:
            folder = self._screenshots.pop(event.key, None)
            error = event.exception
            if not isinstance(error, OSError):
                why = str(error)
            else:
                why = folder_error_words(error, folder) if folder else error.strerror or str(error)
            where = f" in {folder}" if folder is not None else ""
            self.notify(f"Could not save the screenshot{where}: {why}.",
                        title="Screenshot", severity="error", timeout=15)  # fmt: skip

    # startup ----------------------------------------------------------------------------------
    def on_mount(self) -> None:
        self._watch_terminal_from_now()
        self._handle_signals()
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        if self._startup_warning:  # it may name several settings: time to read them
            self.notify(self._startup_warning, severity="warning", timeout=15)
        self.set_keymap(dict(self.settings.keys))
        self.push_screen(MenuScreen())
        if isinstance(self.start, LocalPlan):
            self.start_local(self.start)
        elif isinstance(self.start, JoinPlan):
            self.start_join(self.start)
        elif self.host_start is not None:
            self.start_host(*self.host_start)
        elif self.remote_host_start is not None:
            self.start_remote_host(*self.remote_host_start)
        elif self.join_screen_start is not None:
            address, watch = self.join_screen_start
            self._join_screen(watch, address)
        elif self.replay_start is not None:
            self.push_screen(self.replay_start)

    def _watch_terminal_from_now(self) -> None:
        """Quit when the terminal goes away (its window closed, the ssh session or the
        multiplexer ended). The terminal then sends no more keys: Textual's input thread
        reads an end of file forever and, when no hang-up signal reaches this process
        (under ``make play`` it goes to make), the game would go on alone, using a CPU."""
        if self.is_headless or sys.__stdin__ is None or not sys.__stdin__.isatty():
            return
        self._terminal_fd = sys.__stdin__.fileno()
        self.set_interval(TERMINAL_CHECK, self._watch_terminal)

    async def _watch_terminal(self) -> None:
        import termios

        if self._terminal_fd is None:
            return
        try:
            termios.tcgetattr(self._terminal_fd)
        except (OSError, termios.error):  # EIO: the terminal hung up
            self._terminal_fd = None
            await self.quit_now()

    def _handle_signals(self) -> None:
        """SIGTERM and SIGHUP (``kill``, a closed terminal window, a shutdown) quit as
        Ctrl+Q does, without asking: a hosted server tells its players it stops, the
        terminal is restored, the exit status is 0. Without this the default action
        killed the process over the app's last frame."""
        import asyncio
        import signal

        if self.is_headless:
            return
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGHUP):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, self.signalled)

    def signalled(self) -> None:
        """A signal asks to quit: quit now, once."""
        if not self._quitting:
            self.run_worker(self.quit_now(), group="quit", exit_on_error=False)

    def _prepare_worker_processes(self) -> None:
        """Start multiprocessing's resource tracker now, while stderr is still a real
        file: the in-process server runs strong bots in worker processes, and starting
        the tracker later, under Textual's redirected stderr, fails."""
        try:
            from multiprocessing import resource_tracker

            resource_tracker.ensure_running()
        except Exception:  # only strong bots need it; the server reports its own errors
            pass

    def switch_to(self, screen: Screen[Any]) -> None:
        """Show ``screen`` as the one main screen above the menu."""
        while len(self.screen_stack) > 3:
            self.pop_screen()
        if len(self.screen_stack) == 3:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def back_to_menu(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()

    # games ------------------------------------------------------------------------------------
    def _server_settings(self) -> dict[str, Any]:
        s = self.settings
        return {"auto_pass": s.auto_pass, "stops": list(s.stops), "hold": s.hold}

    def start_local(self, plan: LocalPlan) -> None:
        """A local game: the real server in-process, every human seat held here."""
        self.last_plan = plan
        if self.record_local:  # docs/replays.md: local games are kept for replays
            from server.local import recording_settings

            self.server_settings = {**self.server_settings, **recording_settings()}
        session = ClientSession(lambda _msg: None, self.settings.name)
        options: dict[str, Any] = {"hotseat": True, **plan.options}
        if self.settings.timer:
            options.setdefault("timer", self.settings.timer)
        session.start_create(plan.setup(), [s.to_wire() for s in plan.seats],
                             options, plan.humans)  # fmt: skip
        session.watch_too = len(plan.humans) > 1  # between people: the public view
        title = "Hot-seat" if len(plan.humans) > 1 else "Local game"
        self._run_game(GameController(self, session, local=True, title=title,
                                      settings=self._server_settings()))  # fmt: skip

    def start_host(self, plan: LocalPlan, bind: str, port: int, db: str | None,
                   lan_name: str | None) -> None:
        """Host a table for the LAN: the server runs in this process, bound to ``bind``;
        this terminal holds the first human seat and the other human seats wait for
        players who join with the code the lobby shows. A game this host left unfinished
        on the same database (its process stopped) is resumed instead of a new one."""
        self.last_plan = None
        self.server_settings = {**self.server_settings, "host": bind, "port": port}
        # the database whose unfinished hosted game this host may take back
        kept = db or self._local_games_db()
        if db:
            self.server_settings["db_path"] = db
        elif kept:  # docs/replays.md: recorded with the local games
            from server.local import recording_settings

            self.server_settings = {**self.server_settings, **recording_settings()}
        session = ClientSession(lambda _msg: None, self.settings.name)
        held = _hosted_seat(kept) if kept else None
        if held is not None and kept:  # the game this host left (its process stopped)
            table, seat, token = held
            if not db:  # the local games' database restores only that table
                self.server_settings["restore_tables"] = (table,)
            remember_hosted(kept, table, seat, token, port)  # hosted by this process now
            session.start_join(table, seat=seat, token=token)
            self._say_flags_unused(table)
        else:
            options: dict[str, Any] = {"hotseat": False, **plan.options}
            if self.settings.timer:
                options.setdefault("timer", self.settings.timer)
            session.start_create(plan.setup(), [s.to_wire() for s in plan.seats],
                                 options, plan.humans[:1])  # fmt: skip

        say = self._say_once("Seat not kept")

        def keep(seated: Seated) -> None:
            if kept:  # a database this host can resume its game from
                server = controller.server
                bound = server.server.port if server is not None else port
                say(remember_hosted(kept, seated.table, seated.seat, seated.token, bound))

        controller = GameController(self, session, local=True, title="Hosting",
                                    settings=self._server_settings(), advertise=lan_name,
                                    on_seated=keep)  # fmt: skip
        controller.reach = host_address(bind, port)
        if held is not None and kept:  # could not be restored: host a new game next time
            controller.on_seat_gone = lambda: forget_hosted(kept)
        self._run_game(controller)

    def _say_flags_unused(self, table: str) -> None:
        """``allegiance host`` resumes the game it left unfinished: the table flags given
        for a new one do not change it, and the player is told so."""
        if not self.host_flags:
            return
        flags, self.host_flags = self.host_flags, []
        self.notify(
            f"Resuming the game left unfinished at table {table}; {listed(flags)} "
            f"{'is' if len(flags) == 1 else 'are'} not used for it. To host a new game, "
            "finish or concede this one, or use the menu's Host a game (it asks).",
            title="Resumed",
            timeout=15,
        )

    def start_remote_host(self, plan: LocalPlan, address: str) -> None:
        """Make a table on another machine's server (one that runs ``allegiance serve``,
        say, on a machine reachable over the internet) and take its first human seat;
        the others join it there with the code the lobby shows. The server keeps the
        game: this terminal is a player like the others (leaving does not end it)."""
        self.last_plan = None
        url = server_url(address)
        session = ClientSession(lambda _msg: None, self.settings.name)
        options: dict[str, Any] = {"hotseat": False, **plan.options}
        if self.settings.timer:
            options.setdefault("timer", self.settings.timer)
        session.start_create(plan.setup(), [s.to_wire() for s in plan.seats],
                             options, plan.humans[:1])  # fmt: skip

        say = self._say_once("Seat not kept")

        def keep(seated: Seated) -> None:  # join CODE again takes the seat back
            # kept as this player's own table there: Replays says hosted, not joined
            say(remember_seat(url, seated.table, seated.seat, seated.token, hosted=True))
            if seated.token:  # the table was just made (not a seat taken back later)
                told = self._tell_tables_held(url, address.strip(), seated.table, controller)
                self.run_worker(told, group="held", exit_on_error=False)

        controller = GameController(self, session, url, title=address.strip(),
                                    on_seated=keep, settings=self._server_settings())  # fmt: skip
        controller.reach = address.strip()
        controller.made_elsewhere = True  # leaving stops no server: the table stays there
        self._run_game(controller)

    async def _tell_tables_held(
        self, url: str, address: str, made: str, controller: GameController | None = None
    ) -> None:
        """After making a table on a server: say which tables this player made there
        before and still holds a seat at, their games not over (a second ``allegiance
        host --on`` makes a new table; the old one is taken back with ``join``), and those
        whose game is over where a rematch someone asked for waits for this player. It is
        said in the lobby of ``controller``'s new table, under the table's own text, and
        goes with it (a toast would stay over the next screen, the menu or the Replays
        list, and cover the lobby's join command at 80×24). A table that shows no lobby
        (its game began at once, against bots) has it said in a toast."""
        from client.net.ask import peek_table
        from client.replay import seats_elsewhere
        from client.viewmodel.peek import between_games, rematch_waits_for

        held = [code for at, code, hosted in seats_elsewhere() if hosted and at == url]
        open_ones: list[str] = []
        rematches: list[str] = []
        for code in held[:5]:
            if code == made:
                continue
            try:
                table = await peek_table(url, code)
            except Exception:  # gone from the server, or the server did not answer
                continue
            if _out_there(table, url, code):
                continue  # a game they are out of: nothing there waits for them
            if table.get("status") in ("waiting", "playing") or between_games(table):
                open_ones.append(code)
            elif rematch_waits_for(table, _kept_seat(url, code)):
                rematches.append(code)
        left = controller is not None and controller is not self.game
        if not (open_ones or rematches) or left:
            return  # nothing to say, or the player has left that table meanwhile
        words = held_tables_words(address, open_ones, rematches)
        lobby = controller.lobby if controller is not None else None
        if lobby is not None:
            lobby.tell_held(words)
        else:
            self.notify(words, title="Your other tables there", timeout=20)

    def _say_once(self, title: str) -> Callable[[str | None], None]:
        """A notice said the first time there is one to say (a seat is seated again at
        every reconnection: its problem is said once)."""
        told: list[str] = []

        def say(problem: str | None) -> None:
            if problem and not told:
                told.append(problem)
                self.notify(problem, title=title, severity="warning", timeout=15)

        return say

    def start_join(self, plan: JoinPlan) -> None:
        """Join (or watch) a table on a server, resuming a seat we held before. The
        server's address is the one the Join screen offers next (from the screen or
        from ``allegiance join``/``watch`` alike)."""
        address = plan.url.removeprefix("ws://")
        if address != self.settings.last_address:
            self.settings.last_address = address
            self._store()
        session = ClientSession(lambda _msg: None, self.settings.name)
        if plan.watch:
            session.start_watch(plan.table)
        else:
            held = recall_seat(plan.url, plan.table)
            if held is not None:
                session.start_join(plan.table, seat=held[0], token=held[1])
            else:
                session.start_join(plan.table, hero=plan.hero)

        say = self._say_once("Seat not kept")

        def keep(seated: Seated) -> None:
            say(remember_seat(plan.url, seated.table, seated.seat, seated.token))

        title = f"Watching {plan.table}" if plan.watch else plan.table
        self._run_game(
            GameController(
                self,
                session,
                plan.url,
                title=title,
                on_seated=keep,
                settings=None if plan.watch else self._server_settings(),
            )
        )

    def _run_game(self, controller: GameController) -> None:
        if self.game is not None:  # its screens go too: the new game's take their ids
            old = self.game
            self.run_worker(old.stop(), group="stop")
            self.game = None
            self.back_to_menu()
        self.game = controller
        self.run_worker(controller.run(), group="net", exclusive=True, exit_on_error=False)

    def on_net_updates(self, message: NetUpdates) -> None:
        if message.controller is self.game and not message.controller.closed:
            message.controller.apply(message.updates)

    def game_failed(self, controller: GameController, text: str) -> None:
        if controller is not self.game:
            return
        session = controller.session
        joined = not controller.local and not controller.made_elsewhere  # join, watch
        self.notify(text, title="Could not continue", severity="error", timeout=8)
        self.run_worker(controller.stop(), group="stop")
        self.game = None
        self.back_to_menu()
        if controller.made_elsewhere and not controller.session.table and self.last_host_plan:
            # No table was made there (the address is wrong, say): the set-up screen
            # again, as it was, to correct the address or try once more.
            self._host_setup(self.last_host_plan)
        elif joined and not any(s.doc is not None for s in session.streams.values()):
            # A join or watch that never reached its table (no such code, the server not
            # there): the Join screen again, address and code as typed, to correct them.
            address = (controller.url or "").removeprefix("ws://")
            self._join_screen(session.spectator, address, session.table or "")

    def after_game(self, choice: str | None) -> None:
        if choice == "again" and self.last_plan is not None:
            self.start_local(self.last_plan)
        elif choice == "menu":
            self.action_leave_game()

    def on_game_over_screen_asked(self, message: GameOverScreen.Asked) -> None:
        if self.game is not None:
            self.game.ask_next_game()

    def on_prompt_bar_chosen(self, message: PromptBar.Chosen) -> None:
        if self.game is not None:
            self.game.choose(message.seat, message.actions)

    def on_prompt_bar_skip(self, message: PromptBar.Skip) -> None:
        if self.game is not None:
            self.game.skip(message.on)

    def on_chat_panel_said(self, message: ChatPanel.Said) -> None:
        if self.game is not None:
            self.game.chat(message.text)

    # actions ----------------------------------------------------------------------------------
    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.settings.keys))

    def action_new_game(self) -> None:
        if self.game is not None:  # from the command palette, during a game
            self.leave_then(self.action_new_game)
            return
        plan = self.last_plan or default_plan(self.settings.name)

        setup = SetupScreen(plan)

        def chosen(result: LocalPlan | None) -> None:
            if result is not None:
                self.start_local(result)
            elif setup.left is not None:  # Back after changing choices: as left
                self.last_plan = setup.left

        self.push_screen(setup, chosen)

    def _join_screen(self, watch: bool, address: str | None = None, code: str = "") -> None:
        """The Join (or Watch) screen: ``address``, else the last one typed, and ``code``
        filled in (a join that failed, to correct or try again)."""
        if self.game is not None:  # from the command palette, during a game
            self.leave_then(lambda: self._join_screen(watch, address, code))
            return

        def chosen(result: JoinPlan | None) -> None:
            if result is not None:
                self.start_join(result)

        start = self.settings.last_address if address is None else address
        self.push_screen(JoinScreen(start, watch=watch, hero=self.join_hero, code=code), chosen)

    def action_join_game(self) -> None:
        self._join_screen(False)

    def action_host_game(self) -> None:
        """Host a table from the menu (as ``allegiance host``): the server runs in this
        process on every interface, on port 8765 or, when that is taken, any free port
        (the lobby shows the address and the code to give); or, as ``allegiance host
        --on``, the table is made on a server at the address the player types."""
        if self.game is not None:  # from the command palette, during a game
            self.leave_then(self.action_host_game)
            return
        plan = self.last_host_plan or default_host_plan(self.settings.name)

        def resume_or_not(choice: str | None) -> None:
            if choice == "resume":  # where the others look for it, if that port is free
                port = free_port((hosted_port(local) if local else 0) or HOST_PORT)
                self.start_host(plan, "0.0.0.0", port, None, lan_name())
            elif choice == "new":
                if local:
                    forget_hosted(local)
                self._host_setup(plan)

        local = self._local_games_db()
        held = _hosted_seat(local) if local else None
        if held is not None:
            # a lobby (no game began): offered as a table still open
            waiting = local is not None and _hosted_status(local) == "waiting"
            self.push_screen(ResumeHostScreen(held[0], waiting), resume_or_not)
            return
        self._host_setup(plan)

    def _host_setup(self, plan: LocalPlan) -> None:
        """The set-up screen of a hosted table, with the server address last typed."""
        setup = SetupScreen(plan, hosting=True, server=self.last_host_server)

        def chosen(result: LocalPlan | None) -> None:
            if result is None:
                if setup.left is not None:  # Back after changing choices: as left
                    self.last_host_plan, self.last_host_server = setup.left, setup.server
                return
            self.last_host_plan, self.last_host_server = result, setup.server
            if setup.server:
                self.start_remote_host(result, setup.server)
            else:
                self.start_host(result, "0.0.0.0", free_port(HOST_PORT), None, lan_name())

        self.push_screen(setup, chosen)

    def _local_games_db(self) -> str | None:
        """The local games' database, where this terminal records games (None: not kept)."""
        if not self.record_local:
            return None
        from server.local import local_games_path

        return str(local_games_path())

    def action_replays(self) -> None:
        """The recorded local games of this machine (``allegiance replay``)."""
        from client.screens.replay import local_games_list

        self.push_screen(local_games_list())

    def action_watch_game(self) -> None:
        self._join_screen(True)

    def action_settings(self, keys: bool = False) -> None:
        def chosen(result: Settings | None) -> None:
            if result is not None:
                self._apply_settings(result)

        themes = sorted(self.available_themes)
        screen = SettingsScreen(self.settings, themes, open_keys=keys, ignored=self.ignored_keys)
        self.push_screen(screen, chosen)

    def _apply_settings(self, result: Settings) -> None:
        """Take the settings saved from Settings (or from the question asked on quitting
        with changes): the theme, the keys, the file, the table being played."""
        self.settings = result
        self.theme = result.theme
        self.set_keymap(dict(result.keys))
        saved = self._store()
        if saved and self._save:  # the file holds only the unknown actions' keys now
            self.ignored_keys = [line for line in self.ignored_keys if line.endswith(KEPT)]
        if self.game is not None:
            self.game.settings = self._server_settings()  # sent again after a reconnect
            self.game.session.send_settings(**self.game.settings)
        if saved:
            self.notify("Settings saved.")

    def action_keys(self) -> None:
        self.action_settings(keys=True)

    def action_cards(self) -> None:
        if not isinstance(self.screen, CardBrowserScreen):
            self.push_screen(CardBrowserScreen())

    def action_leave_game(self) -> None:
        self.leave_then(None)

    def leave_then(self, then: Callable[[], None] | None) -> None:
        """Leave the game on screen, then ``then``: asked first while it is being played
        (:mod:`client.screens.leave` says what leaving does); at once otherwise."""
        warning = self._leave_warning()
        if warning is None:
            self._leave_now(then)
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self._leave_now(then)

        self.push_screen(LeaveScreen(warning), answered)

    def _leave_now(self, then: Callable[[], None] | None) -> None:
        if self.game is not None:
            self.run_worker(self.game.stop(), group="stop")
            self.game = None
        self.back_to_menu()
        if then is not None:
            then()

    def _leave_warning(self, quitting: bool = False) -> str | None:
        game = self.game
        if game is None or game.session.spectator:
            return None  # nothing to lose: watching
        if game.over_shown:  # the game-over screen's own "menu" asks a host itself
            return game.closing_warning() if quitting else None
        kind = "hosting" if game.hosting else "local" if game.local else "joined"
        info = game.session.any_table_info()
        address = server_address(game.url or "") if kind == "joined" else ""
        return leave_warning(kind, info, quitting, out=game.all_out(), address=address)

    def _store(self) -> bool:
        """Save the settings (when this app saves them); False when that failed. The
        player is told why, or that a settings file that could not be read was moved
        aside first (it is never written over: see :func:`write_settings`)."""
        if not self._save:
            return True
        saved, told = write_settings(self.settings, self.settings_path)
        if told:
            self.notify(told, title="Settings", severity="warning", timeout=15)
        return saved

    def watch_theme(self, theme: str) -> None:
        if theme != self.settings.theme and not isinstance(self.screen, SettingsScreen):
            self.settings.theme = theme
            self._store()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While a new key is awaited, Ctrl+P and Ctrl+Q (the app's priority keys) go to
        the capture, which refuses them as kept, instead of opening the palette or
        quitting over it."""
        if action in _CAPTURED and isinstance(self.screen, KeyCapture):
            return False
        return super().check_action(action, parameters)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        # Textual's own "Keys" opens its keys panel, which squeezes the screen and which
        # Esc does not close; "Change keys" and "Rules and keys" are the game's. Theme,
        # Quit, Screenshot and the like stay.
        yield from (c for c in super().get_system_commands(screen) if c.title != "Keys")
        yield SystemCommand(
            "New local game", "Hot-seat and bots in this terminal", self.action_new_game
        )
        yield SystemCommand(
            "Host a game", "Host a table on this network; others join", self.action_host_game
        )
        yield SystemCommand(
            "Join a game", "Join a table by address and join code", self.action_join_game
        )
        yield SystemCommand("Watch a game", "Spectate a table", self.action_watch_game)
        yield SystemCommand("Replays", "Step through your recorded games", self.action_replays)
        yield SystemCommand(
            "Settings", "Name, theme, auto-pass and stops, timer, keys", self.action_settings
        )
        yield SystemCommand("Change keys", "Choose the keys of game actions", self.action_keys)
        yield SystemCommand(
            "Card browser", "Every card, hero and ability, with filters", self.action_cards
        )
        yield SystemCommand("Rules and keys", "Help: keys and a rules summary", self.action_help)
        if self.game is not None:
            yield SystemCommand("Leave the game", "Back to the main menu", self.action_leave_game)
        if self._may_concede():
            yield SystemCommand("Concede this game", "You leave the game", self.action_concede)

    def _may_concede(self) -> bool:
        """Whether the seat on screen may concede: a game being played, the seat in it
        and not conceded yet, and no curtain up (hot-seat: whose seat is it?)."""
        game = self.game
        if game is None or game.session.spectator or game.over_shown or game.curtain is not None:
            return False
        seat = game.displayed
        stream = game.session.stream(seat) if seat is not None else None
        view = stream.view if stream is not None else None
        if seat is None or stream is None or view is None or is_out(view):
            return False
        playing = stream.table_info.get("status") == "playing" and not view.get("result")
        return playing and not seat_conceded(stream, seat)

    def action_concede(self) -> None:
        """The palette's "Concede this game": asked first, saying what it does."""
        from client.screens.concede import ConcedeScreen, concede_warning

        game = self.game
        seat = game.displayed if game is not None else None
        view = game.session.view(seat) if game is not None and seat is not None else None
        if game is None or view is None or not self._may_concede():
            return

        def answered(concede: bool | None) -> None:
            if concede and self.game is game and not game.concede():
                self.notify("There is no game of yours to concede now.", severity="warning")

        who = _seat_name(view, seat) if game.hotseat and seat is not None else ""
        self.push_screen(ConcedeScreen(concede_warning(view), who), answered)

    async def action_quit(self) -> None:
        """Ctrl+Q (and the palette's Quit): asked first during a game being played, as
        leaving it is (a second Ctrl+Q answers yes); at once otherwise. Settings changed
        and not saved yet are asked about first, as leaving Settings asks: saved (the
        first answer, and a second Ctrl+Q), dropped, or back to them without quitting."""
        if isinstance(self.screen, (QuitScreen, QuitSettingsScreen)):
            self.screen.dismiss(True)
            return
        if isinstance(self.screen, ChangesScreen):  # leaving Settings asked: back to them
            self.screen.dismiss(None)
        elif isinstance(self.screen, LeaveScreen):  # asked to leave: ask to quit instead
            self.screen.dismiss(False)
        settings = next((s for s in self.screen_stack if isinstance(s, SettingsScreen)), None)
        changed = settings.unsaved() if settings is not None else None
        if settings is None or changed is None:
            await self._quit_asking()
            return

        async def answered(save: bool | None) -> None:
            if save is None:  # back to the changes: no quitting
                return
            if save and settings.blank_name():
                settings.refuse_blank_name()
                return
            if save:
                self._apply_settings(changed)
                settings.saved_elsewhere(changed)
            await self._quit_asking()

        self.push_screen(QuitSettingsScreen(), answered)

    async def _quit_asking(self) -> None:
        """Quit, asked first during a game being played (:meth:`action_quit`)."""
        warning = self._leave_warning(quitting=True)
        if warning is None:
            await self.quit_now()
            return

        def answered(quit_: bool | None) -> None:
            if quit_:
                self.run_worker(self.quit_now(), group="quit", exit_on_error=False)

        self.push_screen(QuitScreen(warning), answered)

    async def quit_now(self) -> None:
        """Quit without asking: the game left (a hosted server stopped) first."""
        if self._quitting:
            return
        self._quitting = True
        if self.game is not None:
            await self.game.stop()
        self.exit(0)

    def action_help_quit(self) -> None:
        """Ctrl+C: say which key quits. (Textual's own hint is markup, which this app's
        plain-text :meth:`notify` would show as it is.)"""
        self.notify(f"Press {self._quit_key()} to quit.", title="Do you want to quit?")

    def _quit_key(self) -> str:
        """The key that quits, as people write it ("Ctrl+Q")."""
        key = next(
            (k for k, b in self.active_bindings.items()
             if b.binding.action in ("quit", "app.quit")),
            "ctrl+q",
        )  # fmt: skip
        return "+".join(part.capitalize() for part in key.split("+"))


def run_app(app: App[Any], headless: bool = False) -> int:
    """Run ``app`` and give the process's exit status: the app's own result, or 1 when
    it ended on an error (Textual then returns no result, which read as success)."""
    if not headless:
        from client.terminal import install

        install()  # a terminal that goes away must not leave the process hanging
    result = app.run(headless=True) if headless else app.run()
    if app.return_code:
        return app.return_code
    return int(result or 0)


def main(argv: list[str] | None = None) -> int:
    return run_app(AllegianceApp())


def _hosted_seat(db: str) -> tuple[str, int, str] | None:
    """The seat this host held at a table of ``db`` that is not over yet: the server
    restores that table when it starts, and the host resumes it."""
    held = recall_hosted(db)
    if held is None:
        return None
    # a closed table (a lobby given up, or kept too long) is never restored either
    status = _table_status(db, held[0])
    return held if status is not None and status not in ("over", "closed") else None


def _hosted_status(db: str) -> str | None:
    """The status of the table this host held on ``db`` ("waiting": its lobby)."""
    held = recall_hosted(db)
    return _table_status(db, held[0]) if held is not None else None


def _table_status(db: str, code: str) -> str | None:
    """Table ``code``'s status in the games database ``db`` (None: not there)."""
    import sqlite3

    if not os.path.exists(db):
        return None
    try:
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
            row = conn.execute("SELECT status FROM tables WHERE code = ?", (code,)).fetchone()
    except sqlite3.Error:
        return None
    return str(row[0]) if row is not None else None


#: The name of the app's screenshot deliveries: not Textual's "screenshot", whose own
#: toasts (markup, and no reason on failure) would be said as well.
SCREENSHOT = "allegiance-screenshot"


def screenshot_folder(path: str | None = None) -> tuple[Path, str | None]:
    """Where a screenshot is saved, and why it cannot be (None: it can): ``path`` when
    given, else the Downloads folder when there is one, else ``screenshots`` in the
    data folder, made here. A folder the player never made is not made for them (a
    ``~/Downloads`` on a machine without one); the data folder is the game's own."""
    import platformdirs

    if path is not None:
        folder = Path(path).expanduser()
    else:
        downloads = platformdirs.user_downloads_path()
        if downloads.is_dir():
            return downloads, None
        from server.local import data_dir

        folder = data_dir() / "screenshots"
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return folder, folder_error_words(exc, folder)
    return folder, None if folder.is_dir() else _not_a_folder(folder) or "no such folder"


def folder_error_words(error: OSError, folder: Path) -> str:
    """What went wrong saving a file in ``folder``, in words. The system's own words
    serve (Permission denied, No space left on device), but for a file where a folder
    should be ("File exists", "Not a directory"), or a folder where the file should be
    ("Is a directory"), which say what, not where."""
    if isinstance(error, (FileExistsError, NotADirectoryError)):
        words = _not_a_folder(folder)
        if words is not None:
            return words
    if isinstance(error, IsADirectoryError) and error.filename:
        return f"{Path(str(error.filename)).name} there is a folder, not a file"
    return error.strerror or str(error)


def _not_a_folder(folder: Path) -> str | None:
    """Why ``folder`` is not a folder: it, or a folder on its way, is a file (or a link
    to nothing); None when neither is so (it is not there at all)."""
    for place in (*reversed(folder.parents), folder):
        if place.is_dir():
            continue
        if not os.path.lexists(place):
            return None
        what = "a link to nothing" if place.is_symlink() and not place.exists() else "a file"
        return f"{'it' if place == folder else place} is {what}, not a folder"
    return None


def screenshot_name(title: str, time_format: str | None = None) -> str:
    """A screenshot's file name: the app's title and the time, as Textual names them
    (``Allegiance_2025-01-31T18_05_09_123456.svg``), without characters a file
    name may not hold."""
    from datetime import datetime

    now = datetime.now()
    when = now.strftime(time_format) if time_format else now.isoformat()
    stem = f"{title}_{when}".replace(" ", "_")
    return "".join("_" if c in '.<>:"/\\|?*' else c for c in stem) + ".svg"


#: The app's actions whose keys a key capture takes instead (see ``check_action``).
_CAPTURED = frozenset(("command_palette", "quit"))

#: Seconds between two checks that the terminal is still there.
TERMINAL_CHECK = 1.0


#: The port a table hosted from the menu tries first (``allegiance host``'s default).
HOST_PORT = 8765


def free_port(wanted: int) -> int:
    """``wanted`` when nothing listens on it, else a free port the system picks."""
    import socket

    for port in (wanted, 0):
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
            try:
                probe.bind(("0.0.0.0", port))
            except OSError:
                continue
            return int(probe.getsockname()[1])
    return 0


def lan_name() -> str:
    """How a hosted table is named on the LAN: after this machine."""
    import socket

    return f"Allegiance on {socket.gethostname().split('.')[0]}"


def host_address(bind: str, port: int) -> str:
    """The address others type to reach a hosted table (the lobby shows the commands)."""
    from server.lan import lan_addresses

    address = lan_addresses(bind)[0] if bind in ("0.0.0.0", "", "::") else bind
    return f"{address}:{port}"


if __name__ == "__main__":
    sys.exit(main())
