"""literature: an exact deduction trainer and puzzle generator for Literature (Fish).

The distribution is ``literature-trainer`` (the name ``literature`` is another
project's on the package index); the command is ``literature``, the import
packages ``trainer`` and ``puzzles``. Both constants below equal
``[project]`` in ``pyproject.toml`` (a test checks it).

    >>> __distribution__, __version__ == "0.1.0"
    ('literature-trainer', True)
"""

__distribution__ = "literature-trainer"
__version__ = "0.1.0"
