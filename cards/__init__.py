"""Card data (TOML files). This file only makes the folder installable and findable
with importlib.resources; the cards themselves are data, see README.md."""
