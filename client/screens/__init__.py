"""The screens of the client: menu, setup, join, lobby, table, curtain, game over,
help and settings."""
