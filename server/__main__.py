"""``python -m server``: the headless server (same as ``allegiance serve``)."""

import sys

from server.cli import main

if __name__ == "__main__":  # bot worker processes re-import this module
    sys.exit(main())
