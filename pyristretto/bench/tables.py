"""Markdown tables for the benchmark reports (shared by report.py and scaling.py)."""

from __future__ import annotations

from typing import List, Optional


def md_table(header: List[str], rows: List[List[str]], align: Optional[List[str]] = None) -> str:
    """A Markdown table; ``align`` holds 'l' or 'r' per column (default: first left, others right)."""
    align = align or ["l"] + ["r"] * (len(header) - 1)
    rule = ["---:" if a == "r" else "---" for a in align]
    return "\n".join("| " + " | ".join(r) + " |" for r in [header, rule, *rows])
