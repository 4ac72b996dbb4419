"""Human-style explanations: named techniques applied step by step, the shortest chain to an answer, its difficulty.

One idea per module; each imports only the ones listed before it:

- :mod:`~trainer.explain.sightings`, :mod:`~trainer.explain.wording`, :mod:`~trainer.explain.phrases`:
  the table's facts in words, reasons gathered into short clauses, chances and placements;
- :mod:`~trainer.explain.depth`: how much a hint or an explanation gives away (a nudge, a clue, the full steps);
- :mod:`~trainer.explain.mind`: what a player has worked out (the techniques' names, steps, premises);
- :mod:`~trainer.explain.techniques`: techniques 1 to 5, one function each, and the ladder;
- :mod:`~trainer.explain.cases`: technique 6, case analysis, and the ladder with it as the last resort;
- :mod:`~trainer.explain.explanation`: the shortest chain of steps to a card or a set, at three depths,
  with its grade.

Nothing is imported here: the phrases are used by ``solve``'s grid and ``play``'s coach, which need
neither the techniques nor the exact engine they rest on.
"""
