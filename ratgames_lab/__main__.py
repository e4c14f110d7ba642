"""``python -m ratgames_lab`` runs the ``ratgames`` command line."""
import sys

from .cli import main

sys.exit(main())
