#!/usr/bin/env bash
# Rerun OpenEnv 0.2.3's tool-agnostic protocol tests against `coworkenv serve`.
# Starts a fresh serve, runs the adapted suite twice against it (pass 2 checks that a rerun on the same
# server behaves the same: reused episode ids, sessions), runs the supplementary checks, prints a summary,
# and stops the serve it started. the repository is only read.
set -u
# OPENENV: a checkout of OpenEnv v0.2.3; PY: a Python with it installed (README.md); WORK: scratch [a temp dir]
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
: "${OPENENV:?set OPENENV to an OpenEnv v0.2.3 checkout}" "${PY:?set PY to a python with openenv-core 0.2.3}"
WORK=${WORK:-$(mktemp -d)}
PORT=${PORT:-8123}
URL=http://127.0.0.1:$PORT
ROOT=$WORK
mkdir -p "$WORK/suite" && cp "$HERE"/*.py "$HERE"/pytest.ini "$HERE"/selected.txt "$WORK/suite/"
cd "$WORK/suite"

# (re)generate the adapted test copies from OpenEnv's originals; adaptations.diff lists every edit
rm -rf orig && mkdir orig
for f in tests/envs/test_websockets.py tests/core/test_production_mode_routes.py tests/core/test_production_mode_mcp.py \
         tests/core/test_mcp/test_mcp_integration.py tests/test_core/test_generic_client.py \
         tests/core/test_simulation_mode_preserves_api.py; do cp "$OPENENV/$f" orig/; done
$PY adapt.py >/dev/null || { echo "adapt.py failed"; exit 2; }
diff -u orig tests > adaptations.diff

if curl -s -o /dev/null "$URL/health"; then echo "port $PORT is busy; set PORT=..." ; exit 2; fi
( cd "$REPO" && exec node bin/coworkenv.js serve examples/tasks --host 127.0.0.1 --port "$PORT" ) > "$ROOT/serve.log" 2>&1 &
SERVE_PID=$!
trap 'kill $SERVE_PID 2>/dev/null; wait $SERVE_PID 2>/dev/null' EXIT
for i in $(seq 1 60); do curl -s -o /dev/null "$URL/health" && break; sleep 0.5; done
curl -s "$URL/health" >/dev/null || { echo "serve did not start"; cat "$ROOT/serve.log"; exit 2; }

export COWORKENV_URL=$URL PYTHONPATH=$WORK/suite:$OPENENV:$OPENENV/envs
echo "CoworkEnv: $(git -C "$REPO" log -1 --format='%h %cd' --date=iso); OpenEnv: $(git -C "$OPENENV" describe --tags)"
for pass in 1 2; do
  $PY -m pytest -p no:cacheprovider -q -rfE --tb=short -o junit_family=xunit1 \
      --junitxml="$ROOT/results-pass$pass.xml" $(cat selected.txt) > "$ROOT/pytest-pass$pass.log" 2>&1
  echo "pass $pass: $(tail -n 1 "$ROOT/pytest-pass$pass.log")"
done
echo "--- per-test results (pass 1) ---"
$PY - "$ROOT/results-pass1.xml" <<'PYEOF'
import sys, xml.etree.ElementTree as ET
cases = ET.parse(sys.argv[1]).getroot().iter("testcase")
n = ok = 0
for c in cases:
    n += 1
    bad = c.find("failure") if c.find("failure") is not None else c.find("error")
    skipped = c.find("skipped") is not None
    status = "FAIL" if bad is not None else ("SKIP" if skipped else "pass")
    ok += status == "pass"
    print(f"{status}  {c.get('classname')}::{c.get('name')}")
    if bad is not None:
        print("      " + (bad.get("message") or "").splitlines()[0][:300])
print(f"SUMMARY: {ok}/{n} OpenEnv tool-agnostic tests pass against coworkenv serve")
PYEOF
echo "--- supplementary checks (not counted) ---"
$PY extra_checks.py "$URL"
