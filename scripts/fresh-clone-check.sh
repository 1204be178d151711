#!/usr/bin/env bash
# A newcomer's first hour, timed: clones this repository's committed HEAD into a new temporary folder with nothing
# beside it, runs `npm start` until /api/health answers, stops it, then runs `npm test`, and prints the time of each.
# Usage: scripts/fresh-clone-check.sh [--keep]   (PORT picks the shop's port, default 3000)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
keep=${1:-}
port=${PORT:-3000}
work=$(mktemp -d /tmp/shop-fresh-XXXXXX)
clone="$work/shop"
# As root, PostgreSQL may run from a copy under /var/lib/colouring-shop/<id> (decision 012): that goes too.
pg_home="${SHOP_POSTGRES_HOME:-/var/lib/colouring-shop}/$(printf '%s' "$clone" | sha256sum | cut -c1-12)"
[ "$keep" = "--keep" ] || trap 'rm -rf "$work" "$pg_home"' EXIT

seconds() { date +%s; }
t0=$(seconds)
git clone -q "$repo" "$clone"
cd "$clone"
if [ "$(ls -A "$work")" != "shop" ]; then echo "fresh-clone: the clone's folder holds more than the clone" >&2; exit 1; fi
t1=$(seconds)

# npm start, in its own process group so that stopping it stops everything it started.
PORT=$port setsid npm start >"$work/start.log" 2>&1 &
starter=$!
healthy=""
for _ in $(seq 1 1800); do
  if curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; then healthy=1; break; fi
  if ! kill -0 "$starter" 2>/dev/null; then break; fi
  sleep 1
done
t2=$(seconds)
home_status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/" || echo 000)
kill -TERM -- "-$starter" 2>/dev/null || :
wait "$starter" 2>/dev/null || :
t3=$(seconds)
if [ -z "$healthy" ]; then
  echo "fresh-clone: npm start did not become healthy; its log:" >&2
  tail -n 40 "$work/start.log" >&2
  exit 1
fi

set +e
npm test >"$work/test.log" 2>&1
test_exit=$?
set -e
t4=$(seconds)
grep -E '^\[shop\] (PASS|FAIL)|^suites:|^# (pass|fail)|Tests: |[0-9]+ (passed|failed|skipped|flaky)' "$work/test.log" | tail -n 20

echo "fresh-clone check of $(git rev-parse --short HEAD) in $clone (Node $(node --version) on PATH at the start)"
echo "  clone:                     $((t1 - t0)) s"
echo "  npm start to /api/health:  $((t2 - t1)) s (home page answered $home_status; stopping took $((t3 - t2)) s)"
echo "  npm test:                  $((t4 - t3)) s (exit $test_exit)"
if [ "$keep" = "--keep" ]; then echo "  logs: $work/start.log, $work/test.log"; fi
exit "$test_exit"
