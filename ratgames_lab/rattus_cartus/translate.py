"""This game's translation lookups: the ``rattus_cartus`` gettext domain (catalogs in locale/ beside this file)."""
from ..core.i18n import N_, bind

TEXT = bind("rattus_cartus", __file__)
_, ngettext, pgettext, npgettext = TEXT.gettext, TEXT.ngettext, TEXT.pgettext, TEXT.npgettext
data_text = TEXT.data  # a name from the data files: data_text("Limit 23")
__all__ = ["N_", "TEXT", "_", "ngettext", "pgettext", "npgettext", "data_text"]
