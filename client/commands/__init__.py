"""Subcommands of the ``allegiance`` command, one module each; see ``client/cli.py``."""
