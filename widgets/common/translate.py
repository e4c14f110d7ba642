"""The dashboards' translation lookups: the ``ratgames_widgets`` gettext domain (catalogs in widgets/locale)."""
from __future__ import annotations

from pathlib import Path

from ratgames_lab.core.i18n import N_, bind

TEXT = bind("ratgames_widgets", Path(__file__).resolve().parents[1] / "__init__.py")
_ = TEXT.gettext
ngettext = TEXT.ngettext
pgettext = TEXT.pgettext
LANGUAGE_LABEL = N_("Language")  # the label of the dashboards' language switch
__all__ = ["LANGUAGE_LABEL", "N_", "TEXT", "_", "ngettext", "pgettext"]
