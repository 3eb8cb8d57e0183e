"""``python -m toutes_tables``: the ``toutes-tables`` command (see :mod:`toutes_tables.cli`)."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
