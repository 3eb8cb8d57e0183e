"""The review on /fr/play-review/: the cube decisions' actions, which the engine sends as data ("double",
"drop"), are said in French from the page's catalogue ("Blanc : double", "Noir refuse"), and a record or a
.mat file that cannot be read is refused in French naming its line, a corrupt JSON save naming what is wrong and where,
docs/translations.md."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

# a finished 2-point match: White doubles at once and Black drops (a very bad drop), then a short Crawford game
from test_review_page import REVIEW_TIMEOUT_MS, finished_match

import toutes_tables as tt
from toutes_tables import record as records


def test_the_french_review_says_the_cube_actions_in_french(page: Page, site_url: str) -> None:
    record = records.match_to_text(finished_match())
    page.goto(f"{site_url}fr/play-review/")
    page.evaluate("(r) => sessionStorage.setItem('tt-review-record', r)", record)
    page.reload()
    expect(page.locator(".tt-review .tt-status")).to_contain_text("Revue terminée", timeout=REVIEW_TIMEOUT_MS)
    # the depth, its menu and the summary's caption in French
    expect(page.locator(".tt-review .tt-status")).to_contain_text("au niveau Classe mondiale")
    expect(page.get_by_label("Profondeur")).to_have_value("world-class")
    expect(page.locator(".tt-review-summary caption")).to_have_text("Revue au niveau Classe mondiale")
    decisions = page.evaluate("() => window.toutesTablesReview.review.decisions")
    answer = next(i for i, d in enumerate(decisions) if d["kind"] == "take")
    assert decisions[answer]["played"] == "drop" and decisions[answer]["best"] == "take"  # data, in English
    moves = page.locator(".tt-review-moves li")
    expect(moves.nth(answer)).to_contain_text("Noir refuse")
    double = next(i for i, d in enumerate(decisions) if d["kind"] == "cube" and d["played"] == "double")
    expect(moves.nth(double)).to_contain_text("Blanc\u00a0: double")  # a French colon, its space unbreakable
    text = page.locator(".tt-review-moves").inner_text()
    assert " drop" not in text and " take" not in text, text
    # the decision's detail: its best action in French too
    moves.nth(answer).click()
    detail = page.locator(".tt-review-detail")
    expect(detail).to_contain_text("Le meilleur\u00a0: accepte")
    assert "take" not in detail.inner_text()


def test_a_bad_record_or_mat_file_is_refused_in_french_naming_its_line(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    page.goto(f"{site_url}fr/play-review/")
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    page.reload()
    status, notice = page.locator(".tt-review .tt-status"), page.locator(".tt-review .tt-notice")
    expect(status).to_contain_text("Collez", timeout=REVIEW_TIMEOUT_MS)
    page.get_by_label("Enregistrement d'une partie ou d'un match, ou fichier .mat").fill(
        "Toutes Tables record 1\nRules: chess\n"
    )
    page.get_by_role("button", name="Revoir", exact=True).click()
    expect(notice).to_contain_text("ne peut pas être revu\u00a0: ligne 2\u00a0: jeu inconnu 'chess'")
    # a .mat file whose line 5 plays White's opening 3-1 as no 3-1 can be
    lines = tt.match_to_mat(finished_match()).splitlines()
    lines[4] = lines[4].replace("8/5 6/5", "8/4 6/5")
    bad = tmp_path / "bad.mat"
    bad.write_text("\n".join(lines) + "\n")
    page.get_by_label("Ouvrir un enregistrement ou un fichier .mat").set_input_files(str(bad))
    expect(notice).to_contain_text(
        "ligne 5 du .mat\u00a0: les pas ne sont pas un coup permis de 3-1 dans cette position",
        timeout=REVIEW_TIMEOUT_MS,
    )
    assert "line" not in notice.inner_text() and "steps" not in notice.inner_text()


def test_a_corrupt_json_save_is_refused_in_french(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}fr/play-review/")
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    page.reload()
    status, notice = page.locator(".tt-review .tt-status"), page.locator(".tt-review .tt-notice")
    expect(status).to_contain_text("Collez", timeout=REVIEW_TIMEOUT_MS)
    save = records.game_to_json(tt.Game(None, 64))
    save["actions"] = [{"type": "roll", "player": "green", "dice": [3, 1]}]  # a colour no save writes
    page.get_by_label("Enregistrement d'une partie ou d'un match, ou fichier .mat").fill(json.dumps(save))
    page.get_by_role("button", name="Revoir", exact=True).click()
    expect(notice).to_contain_text(
        "sauvegarde de partie invalide\u00a0: game.actions[0]\u00a0: on attendait 'black' ou 'white', pas 'green'"
    )
    # JSON that does not parse at all
    page.get_by_label("Enregistrement d'une partie ou d'un match, ou fichier .mat").fill('{"format": ')
    page.get_by_role("button", name="Revoir", exact=True).click()
    expect(notice).to_contain_text("ce n'est pas un enregistrement\u00a0: le JSON ne se lit pas")
    assert "invalid" not in notice.inner_text() and "expected" not in notice.inner_text()
