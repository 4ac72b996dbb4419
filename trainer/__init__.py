"""literature: an exact deduction trainer and puzzle generator for Literature (Fish)."""

__version__ = "0.1.0"
