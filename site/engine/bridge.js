// The Python side of the engine worker's requests, one fixed module defined once at boot: requests and
// answers cross into Python as JSON text, so only JSON-able data passes and nothing a page sends is ever
// evaluated. Shared by worker.js and by the build's boot snapshot (scripts/boot_snapshot.mjs), which
// defines it in the interpreter it records, so a restored interpreter answers through the same `call`.
export const BRIDGE = `
import json
from toutes_tables import services as service

def call(method, params_json):
    try:
        params = json.loads(params_json)
        if params is not None and not isinstance(params, dict):
            raise service.ServiceError(f"params must be an object, not {type(params).__name__}")
        return json.dumps({"result": service.dispatch(method, params)}, allow_nan=False)
    except Exception as error:
        return json.dumps({"error": {"type": type(error).__name__, "message": str(error)}})
`;
