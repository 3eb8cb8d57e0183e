// Written by `python3 scripts/site.py build` from the engine (toutes_tables.service.limits and
// rules.MAX_AUTO_DOUBLES): do not edit. The pages' checks made before the engine is up (a saved game,
// a review link, the new game dialog) read the engine's bounds here; tests/test_page_limits.py fails
// when this file differs from what the engine says.
export const LIMITS = Object.freeze({"max_cube": 4096, "max_match_length": 64, "max_record_chars": 2000000, "max_auto_doubles": 64});
