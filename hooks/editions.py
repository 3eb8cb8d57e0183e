"""MkDocs hook: what the French edition (mkdocs.yml, the ``i18n`` plugin) needs beyond the plugin's options.

The plugin warns on every build that Material's language switch cannot follow instant navigation: the
switch sits in the header, which instant navigation keeps from the first page shown, so its links would
lead to the other edition of that first page. ``docs/javascripts/language.js`` answers it: a click on the
switch goes to the other edition of the page on show (named in the page's head, which instant navigation
does replace: ``<meta name="tt-edition">``, overrides/main.html), by a full load, so the header, the ``lang`` of the
document and the search follow the edition. The warning is then known and answered, and only that one
message is kept out of ``mkdocs build --strict``'s count; every other warning still fails the build.

The title of a heading's anchor (``toc``'s ``permalink_title``, "Permanent link") is a Markdown
extension's option, which the plugin does not let an edition override. ``on_config`` runs once per
edition after the plugin's own (a lower priority), when the edition's ``extra`` is in place, and gives
``toc`` the edition's word (``extra.words.permalink_title``), so a French page's anchors say it in French.
"""

from __future__ import annotations

import logging
from typing import Any

from mkdocs.plugins import event_priority

ANSWERED = "language switcher contextual link is not compatible with theme.features = navigation.instant"


class _Answered(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return ANSWERED not in record.getMessage()


def on_startup(command: str, dirty: bool) -> None:
    # The logger the plugin's reconfigure module warns on (a filter of a parent logger would not see it).
    logging.getLogger("mkdocs.plugins.mkdocs_static_i18n.reconfigure").addFilter(_Answered())


@event_priority(-110)
def on_config(config: Any) -> Any:
    # After the i18n plugin's own on_config (priority -100), which puts this edition's extra.words in place.
    toc = config.mdx_configs.setdefault("toc", {})
    toc["permalink_title"] = config.extra["words"]["permalink_title"]
    return config
