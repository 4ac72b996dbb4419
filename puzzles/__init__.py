"""Puzzles with unique answers, mined from real game states."""
