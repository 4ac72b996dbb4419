"""Puzzles with unique answers, mined from real game states, and the learner who solves them.

The record and its files: :mod:`~puzzles.model` (a puzzle and its parts),
:mod:`~puzzles.files` (``puzzles.json`` sets), :mod:`~puzzles.verify`,
:mod:`~puzzles.examples` (the notation spec's worked example).

Making puzzles: :mod:`~puzzles.mining` walks a game for moments and questions;
:mod:`~puzzles.acceptance` says whether an answer is the only one (and not
simply seen, and new); :mod:`~puzzles.difficulty` explains and rates it;
:mod:`~puzzles.ids` gives it an id that finds duplicates;
:mod:`~puzzles.generate` fills a request from simulated games;
:mod:`~puzzles.variety`, :mod:`~puzzles.executor`, :mod:`~puzzles.pack_build`
and :mod:`~puzzles.packs` (the built-in pack); :mod:`~puzzles.missed` (a
player's own missed moments).

Solving them: :mod:`~puzzles.marking` (reading and marking an answer),
:mod:`~puzzles.quiz` (an attempt, hints, choosing the next puzzle),
:mod:`~puzzles.daily`, and the learner's progress: :mod:`~puzzles.store`,
:mod:`~puzzles.rating`, :mod:`~puzzles.streak`, :mod:`~puzzles.schedule`
(gathered in :mod:`~puzzles.progress`).
"""
