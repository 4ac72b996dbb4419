"""``python -m trainer`` runs the ``literature`` command."""

from trainer.cli import main

main()
