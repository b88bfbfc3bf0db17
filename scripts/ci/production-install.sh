#!/usr/bin/env bash
# The documented production path, on a fresh clone with only the system's Node (20 or newer) and
# npm: `npm ci --omit=dev` then `npm start` builds the web app and serves it; SIGTERM to npm stops
# it. Then two `npm start` at once on stale sources must both serve a whole web build.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  sleep 1
  rm -rf "$work"
}
trap cleanup EXIT

# The system's node and npm only: nothing from this checkout's node_modules on PATH.
PATH="$(echo "$PATH" | tr ':' '\n' | grep -v node_modules | paste -sd: -)"
echo "production install: system $(node --version), npm $(npm --version)"
git clone -q "$repo" "$work/app"
cd "$work/app"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
[ ! -e node_modules/eslint ] || { echo "devDependencies were installed" >&2; exit 1; }

free_port() { node -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

start() { # start PORT NAME
  PORT="$1" HOST=127.0.0.1 DATA_DIR="$work/data-$2" LOG_LEVEL=warn npm start >"$work/$2.log" 2>&1 &
  pids+=($!)
}

wait_ready() { # wait_ready PORT NAME
  for _ in $(seq 1 240); do
    if curl -fs "http://127.0.0.1:$1/readyz" >/dev/null 2>&1; then return 0; fi
    sleep 0.5
  done
  echo "server $2 did not become ready:" >&2
  tail -30 "$work/$2.log" >&2
  return 1
}

serves_app() { # serves_app PORT
  local html
  html="$(curl -fs "http://127.0.0.1:$1/")"
  [[ "$html" == *'<div id="root">'* ]] || { echo "/ did not serve the web app" >&2; return 1; }
  local script
  script="$(grep -o '/assets/[^"]*\.js' <<<"$html" | head -1)"
  curl -fs -o /dev/null "http://127.0.0.1:$1$script" || { echo "$script missing" >&2; return 1; }
  curl -fs -o /dev/null "http://127.0.0.1:$1/api/me"
}

port="$(free_port)"
start "$port" one
wait_ready "$port" one
serves_app "$port"
kill -TERM "${pids[0]}"
wait "${pids[0]}" || true
sleep 1
if curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then
  echo "the server still answers after SIGTERM to npm start" >&2
  exit 1
fi
pids=()
echo "production install: npm start served the app and stopped on SIGTERM"

# Stale sources: two servers start at once and build; both must serve a whole build.
touch web/main.tsx
a="$(free_port)"
b="$(free_port)"
start "$a" two
start "$b" three
wait_ready "$a" two
wait_ready "$b" three
serves_app "$a"
serves_app "$b"
echo "production install: two npm start at once served a whole web build"
