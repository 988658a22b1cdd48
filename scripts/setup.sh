#!/usr/bin/env bash
# Make this checkout runnable on a fresh machine: a virtualenv with Longhall and its
# test tools, and the Python client as its own distribution (longhall-client), editable.
# Re-running is cheap: the install is skipped while neither pyproject.toml changed.
#   bash scripts/setup.sh            the Python side (always)
#   ... web                          + node packages of clients/js and clients/web, and
#                                      the web app built into clients/web/dist if missing
#   ... web build                    + the web app rebuilt even if dist exists
#   ... browser                      + Debian's chromium for the browser tests
#   ... deploy                       + Debian's haproxy (checks deploy/haproxy.cfg) and
#                                      redis-server (Redis 7: the tests' Redis Cluster)
#   ... postgres                     + Debian's postgresql for the archive tests (a
#                                      throwaway cluster per test run; no service is started)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.longhall-installed
want=$(cat pyproject.toml clients/python/pyproject.toml | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e '.[test]' -e clients/python
  echo "$want" > "$stamp"
fi
# the move path's hottest modules compiled to C (scripts/native.py): a minute or more when
# their sources changed (a line every 30 s says how far it is), nothing otherwise; where
# it fails, the same code runs as Python
.venv/bin/python scripts/native.py || true

# npm ci in a package unless its node_modules already matches its lock file
npm_ready() {
  local dir=$1
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error > /dev/null)
  fi
}

# apt-get that waits for the dpkg and package-list locks (scripts/apt.sh)
source scripts/apt.sh

for want in "$@"; do
  case "$want" in
    web)
      command -v npm > /dev/null || { echo "setup: node and npm are needed for the web app" >&2; exit 1; }
      npm_ready clients/js
      npm_ready clients/web
      if [ ! -f clients/web/dist/index.html ] || [[ " $* " == *" build "* ]]; then
        (cd clients/web && npm run --silent build > /dev/null)
      fi
      ;;
    browser)
      if [ ! -x /usr/bin/chromium ]; then
        echo "setup: installing chromium for the browser tests"
        apt_get update -qq
        apt_get install -y -qq chromium
      fi
      ;;
    deploy)
      if [ ! -x /usr/sbin/haproxy ] || [ ! -x /usr/bin/redis-server ]; then
        echo "setup: installing haproxy and redis-server for the deploy tests"
        apt_get update -qq
        apt_get install -y -qq haproxy redis-server
      fi
      ;;
    postgres)
      if ! ls /usr/lib/postgresql/*/bin/initdb > /dev/null 2>&1; then
        echo "setup: installing postgresql for the archive tests"
        apt_get update -qq
        apt_get install -y -qq postgresql
      fi
      ;;
    build) ;;
    *) echo "setup: unknown part $want" >&2; exit 2 ;;
  esac
done
