"""``python -m trainer`` runs the ``literature`` command."""

from trainer.start import main

main()
