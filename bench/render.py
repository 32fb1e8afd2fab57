"""The results as a terminal table, as ``docs/performance.md`` and as a log-log plot.

matplotlib is imported only by :func:`plot`, so the timing runs without it.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from bench.cases import (
    CASES,
    CLASS_COUNTS,
    DCG_MAX_ROWS,
    DCG_MAX_SCORES,
    FULL_SIZES,
    LABEL_CLASSES,
    MAX_SCORES,
    Case,
)
from bench.run import Row
from bench.targets import TARGETS, Verdict, misses
from bench.timing import SLOW_SECONDS

__all__ = ["page", "plot", "seconds", "terminal_table"]


def seconds(value: float | None) -> str:
    """A duration in the unit that keeps three significant figures readable."""
    if value is None:
        return "–"
    if value < 1e-3:
        return f"{value * 1e6:.0f} µs"
    if value < 1:
        return f"{value * 1e3:.3g} ms"
    return f"{value:.2f} s"


def _ratio(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:.{digits}f}×"


def _share(row: Row) -> str:
    share = row.memory_share
    return "–" if share is None else f"{share:.1%}"


def _spread(row: Row, side: str) -> str:
    timing = row.timings.get(side)
    if timing is None:
        return "–"
    return f"{seconds(timing.median)} ±{timing.spread / 2:.0%}"


_HEADINGS = (
    "Member",
    "n",
    "Classes",
    "lodestar",
    "scikit-learn",
    "Floor",
    "vs scikit-learn",
    "vs floor",
    "Extra memory",
)


def _cells(row: Row) -> tuple[str, ...]:
    if row.error is not None:
        return (
            row.case.name,
            f"{row.cell.n:,}",
            str(row.cell.classes),
            f"failed: {row.error}",
            "",
            "",
            "",
            "",
            "",
        )
    return (
        row.case.name,
        f"{row.cell.n:,}",
        str(row.cell.classes),
        _spread(row, "lodestar"),
        _spread(row, "scikit-learn"),
        _spread(row, "floor"),
        _ratio(row.speedup),
        _ratio(row.over_floor, 2),
        _share(row),
    )


def terminal_table(rows: Sequence[Row]) -> str:
    """The rows as aligned plain text, one line a size."""
    table = [_HEADINGS, *(_cells(row) for row in rows)]
    widths = [max(len(line[column]) for line in table) for column in range(len(_HEADINGS))]
    lines = [
        "  ".join(text.ljust(width) for text, width in zip(line, widths, strict=True))
        for line in table
    ]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def _markdown_table(headings: Sequence[str], lines: Sequence[Sequence[str]]) -> list[str]:
    def escape(text: str) -> str:
        return text.replace("|", "\\|")

    out = ["| " + " | ".join(headings) + " |", "|" + " --- |" * len(headings)]
    out += ["| " + " | ".join(escape(cell) for cell in line) + " |" for line in lines]
    return out


def _verdict_text(verdict: Verdict) -> str:
    if verdict.holds is None:
        return "not run"
    return "yes" if verdict.holds else "**no**"


def page(
    rows: Sequence[Row],
    machine: Mapping[str, str],
    run: Mapping[str, str],
    unavailable: Mapping[str, str],
    uncovered: Sequence[str],
    plot_path: str | None,
    repeats: int = 5,
) -> str:
    """The Markdown of ``docs/performance.md``.

    ``run`` describes the run (its command, repeats, load, duration); ``unavailable``
    maps a case that could not be imported to the reason; ``uncovered`` lists registry
    members with no case; ``plot_path`` is the image relative to the page, if drawn.
    """
    out = [
        "# Performance",
        "",
        "How long each member takes next to its scikit-learn counterpart and next to one",
        "pass over its input, on the machine described below. This page is written by",
        "`python -m bench` (or `nox -s bench`) and is never edited by hand; the method is at",
        "the end.",
        "",
        "## Machine and versions",
        "",
    ]
    out += _markdown_table(("", ""), [(key, value) for key, value in {**machine, **run}.items()])
    out += ["", "## Targets", ""]
    out += _markdown_table(
        ("Target", "Measured", "Holds"),
        [
            (target.text, verdict.measured, _verdict_text(verdict))
            for target in TARGETS
            for verdict in (target.check(rows),)
        ],
    )
    slower = misses(rows)
    out += ["", "## Slower than scikit-learn", ""]
    if slower:
        out += [
            "Sizes where the member took longer than its scikit-learn counterpart, the",
            "slowest first:",
            "",
        ]
        out += [
            f"- `{row.case.name}` at n = {row.cell.n:,}, {row.cell.classes} classes: "
            f"{seconds(row.lodestar)} against {seconds(row.sklearn)} "
            f"({_ratio(row.speedup, 2)})."
            for row in slower
        ]
    else:
        out += ["None: every member was at least as fast as scikit-learn at every size."]
    failed = [row for row in rows if row.error is not None]
    if unavailable or uncovered or failed:
        out += ["", "## Not measured", ""]
        out += [f"- `{name}` did not import: {reason}" for name, reason in unavailable.items()]
        out += [f"- `{name}` has no case in `bench/cases.py`." for name in uncovered]
        out += [
            f"- `{row.case.name}` at n = {row.cell.n:,}, {row.cell.classes} classes failed: "
            f"{row.error}"
            for row in failed
        ]
    out += [
        "",
        "## Every member",
        "",
        "Times are medians per call, ± half the interquartile range of the samples as a",
        "share of the median. *vs scikit-learn* is scikit-learn's time",
        "over lodestar's (above 1, lodestar is faster); *vs floor* is lodestar's time over",
        "the floor's. *Extra memory* is the most lodestar held at once during a call, over",
        "the size of its input.",
        "",
    ]
    out += _markdown_table(_HEADINGS, [_cells(row) for row in rows])
    if plot_path is not None:
        out += [
            "",
            "## Time against n",
            "",
            f"![Seconds per call against n, log-log: lodestar solid, scikit-learn dashed, "
            f"the floor dotted]({plot_path})",
        ]
    out += ["", "## Method", ""]
    out += _method(repeats)
    out += ["", "The calls timed:", ""]
    out += _markdown_table(
        ("Member", "scikit-learn", "Floor"),
        [(f"`{case.name}`", f"`{case.sklearn_call}`", f"`{case.floor_call}`") for case in CASES],
    )
    return "\n".join(out) + "\n"


def _method(repeats: int) -> list[str]:
    sizes = ", ".join(f"{n:,}" for n in FULL_SIZES)
    classes = ", ".join(str(count) for count in CLASS_COUNTS)
    return [
        f"- **Sizes.** n = {sizes} samples. Members that take a score or probability "
        f"matrix run at {classes} classes, capped at {MAX_SCORES:,} values a matrix (the "
        "rows are cut to fit: at 1 000 classes n stops at 10 000); `Dcg` and `Ndcg` stop "
        f"at {DCG_MAX_SCORES:,} values and {DCG_MAX_ROWS:,} rows, since scikit-learn "
        "averages tied scores in a Python loop over the rows (about 0.1 ms a row). "
        f"Members that take label vectors draw {LABEL_CLASSES} classes. Two targets add "
        "sizes: 50 000 × 1 000, ImageNet validation's shape, for `TopKAccuracy.score` on "
        "continuous scores and on scores from {0, ¼, ½, ¾}; and 10⁷ samples for "
        "`ConfusionMatrix.compute`. `TopKAccuracy.score` takes k = 5, or 1 at two classes.",
        "- **Same arrays, same run.** Each size's inputs are drawn once (seed 0) and handed "
        "to all three calls, which are timed in turns (lodestar, scikit-learn, the floor, "
        "lodestar again, ...) so that a change in the machine's load falls on all of them "
        "alike.",
        f"- **Warm-up and repeats.** Every call runs once untimed, then {repeats} samples "
        "are taken; a call too quick to time alone is repeated until a sample lasts 50 ms. "
        f"A call of {SLOW_SECONDS:g} s or more is not run again to warm up: its first run "
        "is the first of three samples. The garbage collector is off during a sample.",
        "- **The floor** is one NumPy reduction over each input array, `np.max`, taken row "
        "by row over a matrix as the members read it: the cost of reading the input once. "
        "At two classes NumPy's row-wise reduction spends most of its time per row rather "
        "than per value, so a member that reads a narrow matrix a column at a time can "
        "come in under it.",
        "- **Memory** is the peak that `tracemalloc` sees during one more call of the "
        "lodestar member, beyond what was allocated before the call, over the bytes of "
        "the input arrays.",
    ]


def plot(rows: Sequence[Row], path: Path) -> None:
    """Seconds per call against n, log-log, one panel a case: lodestar solid,
    scikit-learn dashed, the floor dotted, a colour for each class count."""
    matplotlib = importlib.import_module("matplotlib")
    matplotlib.use("Agg")
    pyplot = importlib.import_module("matplotlib.pyplot")

    cases: list[Case] = []
    for row in rows:
        if row.case not in cases and row.error is None:
            cases.append(row.case)
    columns = 4
    lines = max(1, -(-len(cases) // columns))
    figure, axes = pyplot.subplots(
        lines, columns, figsize=(4.2 * columns, 3.3 * lines), squeeze=False
    )
    styles = {"lodestar": "-", "scikit-learn": "--", "floor": ":"}
    colours = {2: "tab:blue", 10: "tab:orange", 1000: "tab:green"}
    for index, case in enumerate(cases):
        axis = axes[index // columns][index % columns]
        case_rows = [row for row in rows if row.case == case and row.error is None]
        for classes in sorted({row.cell.classes for row in case_rows}):
            series = sorted(
                (row for row in case_rows if row.cell.classes == classes),
                key=lambda row: row.cell.n,
            )
            for side, style in styles.items():
                # a member with no scikit-learn counterpart has no such side
                points = [
                    (row.cell.n, row.timings[side].median) for row in series if side in row.timings
                ]
                if not points:
                    continue
                axis.plot(
                    [n for n, _ in points],
                    [t for _, t in points],
                    style,
                    marker="o",
                    markersize=3,
                    color=colours.get(classes, "tab:gray"),
                )
        axis.set_xscale("log")
        axis.set_yscale("log")
        axis.set_title(case.name, fontsize=9)
        axis.set_xlabel("n", fontsize=8)
        axis.set_ylabel("seconds per call", fontsize=8)
        axis.tick_params(labelsize=7)
        axis.grid(True, which="major", alpha=0.3)
        if case.matrix:
            shown = sorted({row.cell.classes for row in case_rows})
            axis.legend(
                handles=[
                    matplotlib.lines.Line2D(
                        [], [], color=colours.get(classes, "tab:gray"), label=f"{classes} classes"
                    )
                    for classes in shown
                ],
                fontsize=6,
            )
    for index in range(len(cases), lines * columns):
        axes[index // columns][index % columns].set_visible(False)
    handles = [
        matplotlib.lines.Line2D([], [], linestyle=style, color="black", label=side)
        for side, style in styles.items()
    ]
    figure.legend(handles=handles, loc="upper center", ncol=3, fontsize=9)
    figure.tight_layout(rect=(0, 0, 1, 0.97))
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=90)
    pyplot.close(figure)


def relative(path: Path, start: Path) -> str:
    """``path`` relative to the directory ``start``, with forward slashes."""
    return Path(os.path.relpath(path, start)).as_posix()
