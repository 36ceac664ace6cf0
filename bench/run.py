"""Run the project's performance figures and print them as one table.

    python -m bench.run [--quick] [--only P7] [--out bench/results/latest.json]

Figure modules are found, not listed: every ``bench/figures/p<N>_*.py`` that defines
``measure(quick: bool) -> list[Figure]`` is run in order of N. A figure arrives with the
issue that builds its subject, so the table shows only what exists. See bench/README.md.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import re
import sys
import time
import traceback
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

if __package__ in (None, ""):  # run as a file: python bench/run.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import Figure

BENCH_DIR = Path(__file__).resolve().parent
FIGURES_DIR = BENCH_DIR / "figures"
DEFAULT_OUT = BENCH_DIR / "results" / "latest.json"
_MODULE_NAME = re.compile(r"^p(\d+)(?:_\w+)?$")


def discover(figures_dir: Path = FIGURES_DIR) -> list[str]:
    """Module names of the figure files, ordered by figure number (p2 before p10)."""
    found: list[tuple[int, str]] = []
    for path in figures_dir.glob("p*.py"):
        match = _MODULE_NAME.match(path.stem)
        if match:
            found.append((int(match.group(1)), path.stem))
    return [stem for _, stem in sorted(found)]


def run_module(stem: str, quick: bool) -> list[Figure]:
    """Import ``bench.figures.<stem>`` and return what its ``measure`` gives."""
    module = importlib.import_module(f"bench.figures.{stem}")
    figures = module.measure(quick)
    if not isinstance(figures, list) or not all(isinstance(f, Figure) for f in figures):
        raise TypeError(f"{stem}.measure must return a list of Figure")
    return figures


def _fmt(value: float | None) -> str:
    if value is None:
        return "—"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.3g}"


def render_table(figures: Sequence[Figure]) -> str:
    """One aligned text table; notes follow it, one line per figure that has them."""
    header = ("ID", "Figure", "Value", "Peer / floor", "Peer", "Ratio", "Aim")
    rows = [header]
    for f in figures:
        ratio = "—" if f.ratio is None else f"{f.ratio:.2f}×"
        peer_value = _fmt(f.peer_value) + (f" {f.unit}" if f.peer_value is not None else "")
        rows.append((f.id, f.name, f"{_fmt(f.value)} {f.unit}", f.peer, peer_value, ratio, f.aim))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    numeric = {2, 4, 5}
    lines = []
    for n, row in enumerate(rows):
        cells = [
            c.rjust(w) if i in numeric and n else c.ljust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    lines.extend(f"{f.id}: {f.notes}" for f in figures if f.notes)
    return "\n".join(lines)


def write_json(path: Path, figures: Sequence[Figure], errors: Sequence[str], quick: bool) -> None:
    payload = {
        "generated": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "quick": quick,
        "figures": [f.as_json() for f in figures],
        "errors": list(errors),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.run", description="Run the performance figures; print a table."
    )
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    parser.add_argument(
        "--only",
        action="append",
        metavar="PN",
        help="run only this figure module, e.g. P7 (repeatable)",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write JSON")
    args = parser.parse_args(argv)

    stems = discover()
    if args.only:
        wanted = {w.lower() for w in args.only}
        stems = [s for s in stems if s.split("_", 1)[0] in wanted]
    if not stems:
        print("bench: no figure modules to run (bench/figures/p*.py)", file=sys.stderr)
        return 1

    figures: list[Figure] = []
    errors: list[str] = []
    for stem in stems:
        started = time.perf_counter()
        print(f"bench: {stem} ...", file=sys.stderr, flush=True)
        try:
            figures.extend(run_module(stem, args.quick))
        except Exception as exc:  # one broken figure must not hide the others
            traceback.print_exc(file=sys.stderr)
            errors.append(f"{stem}: {type(exc).__name__}: {exc}")
        else:
            print(
                f"bench: {stem} done in {time.perf_counter() - started:.1f} s",
                file=sys.stderr,
                flush=True,
            )

    print(render_table(figures))
    for error in errors:
        print(f"FAILED {error}")
    write_json(args.out, figures, errors, args.quick)
    print(f"\nwrote {_display_path(args.out)}")
    return 1 if errors else 0


def _display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


if __name__ == "__main__":
    sys.exit(main())
