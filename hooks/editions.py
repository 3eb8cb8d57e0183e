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

Each edition searches its own pages. The plugin merges every edition's documents into the root's
``search/search_index.json``, so a French word typed on a French page listed English pages first, and the
reverse. Material's search fetches ``search/search_index.json`` from its configuration's ``base`` (the
``__config`` script of each page: the site's root, relative to the page), and maps each result's
``location`` onto that base. So, once every edition is built (``on_post_build``, after the plugin's):
the documents under ``<locale>/`` go to ``<locale>/search/search_index.json``, their locations made
relative to ``<locale>/``, with the edition's language only (lunr's stemmer for it), and the root's index
keeps the others, in the default language; and an edition's pages (``on_post_page``) get ``base`` = the
edition's root, so their search reads their index. Material also reads ``sitemap.xml`` from ``base``
(the pages instant navigation follows, with every edition's URLs, absolute), so the root's is copied
into each edition's root. The site's root stays known to the site's own scripts as ``tt_site_base``
(``docs/javascripts/language.js``).
"""

from __future__ import annotations

import json
import logging
import re
import shutil
from pathlib import Path
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


CONFIG_SCRIPT = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)
SEARCH_INDEX = Path("search") / "search_index.json"
SITE_BASE = "tt_site_base"  # the site's root in an edition's __config, whose base is the edition's root


def _editions(config: Any) -> tuple[str, list[str]]:
    """The default language and the other editions' locales, built under ``<locale>/``."""
    i18n = config.plugins["i18n"]
    return i18n.default_language, [lang for lang in i18n.build_languages if lang != i18n.default_language]


def _json_in_html(value: Any) -> str:
    """``value`` as JSON safe inside a <script> element (as Jinja's tojson writes it)."""
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026").replace("'", "\\u0027")


@event_priority(-110)
def on_post_page(output: str, page: Any, config: Any) -> str:
    """An edition's page searches from the edition's root: its ``__config`` base is ``<base>/<locale>/``."""
    default, others = _editions(config)
    locale = config.plugins["i18n"].current_language
    if locale == default:
        return output
    assert locale in others, locale

    def rebased(match: re.Match[str]) -> str:
        settings = json.loads(match.group(2))
        settings[SITE_BASE] = settings["base"]
        settings["base"] = f"{settings['base'].rstrip('/')}/{locale}/"  # a directory: URLs resolve inside it
        return match.group(1) + _json_in_html(settings) + match.group(3)

    return CONFIG_SCRIPT.sub(rebased, output, count=1)


def split_search_index(site_dir: Path, default: str, others: list[str]) -> dict[str, int]:
    """Write each edition's documents to its own index (see the module's docstring); the count of each."""
    merged = json.loads((site_dir / SEARCH_INDEX).read_text(encoding="utf-8"))
    docs: dict[str, list[dict[str, Any]]] = {lang: [] for lang in [default, *others]}
    for doc in merged["docs"]:
        lang = next((lang for lang in others if doc["location"].startswith(f"{lang}/")), default)
        if lang != default:
            doc = {**doc, "location": doc["location"].removeprefix(f"{lang}/")}
        docs[lang].append(doc)
    for lang, own in docs.items():
        index = {**merged, "config": {**merged["config"], "lang": [lang]}, "docs": own}
        target = site_dir / SEARCH_INDEX if lang == default else site_dir / lang / SEARCH_INDEX
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        if lang != default:
            shutil.copyfile(site_dir / "sitemap.xml", site_dir / lang / "sitemap.xml")
    return {lang: len(own) for lang, own in docs.items()}


# After the i18n plugin's (-100), which builds the other editions from inside the first build's post_build
# and then writes the merged index; before hooks/site_assets.py's (-200), which lists the files to precache.
@event_priority(-150)
def on_post_build(config: Any) -> None:
    if config.plugins["i18n"].building:
        return  # an edition built from inside the first build: that build finishes the site
    split_search_index(Path(config["site_dir"]), *_editions(config))
