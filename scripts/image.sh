#!/bin/sh
# The container image's steps, in one place: the Dockerfile runs them, and so does the image test
# (server/__tests__/image.test.ts) in a clean copy of the repository.
#   scripts/image.sh build OUT   with the dev tools: install, build the app (dist/) and the server
#                                (build/), and put in OUT what the image runs
#   scripts/image.sh install     in OUT: the production dependencies only (npm ci --omit=dev), and
#                                the data folder for the user the server runs as
set -eu
# No install scripts: better-sqlite3 then loads the binary its npm package ships (prebuilds/),
# where its script would compile one and need Python and a C++ compiler in the image.

case "${1:-}" in
build)
  out="${2:?usage: scripts/image.sh build OUT}"
  npm ci --ignore-scripts --no-audit --no-fund
  npm run build
  mkdir -p "$out/scripts"
  cp -R package.json package-lock.json .npmrc dist build "$out/"
  # `npm start` checks the builds with these before starting (it never builds in production).
  cp scripts/build-if-stale.mjs scripts/build-server.mjs scripts/image.sh "$out/scripts/"
  ;;
install)
  # A cache of its own, removed after: nothing of it stays in the image (or in the caller's).
  cache="$(mktemp -d)"
  npm ci --omit=dev --ignore-scripts --no-audit --no-fund --cache "$cache"
  rm -rf "$cache"
  # Where SQLite and the outbox live (DATA_DIR): the only folder the server writes.
  data="${DATA_DIR:-/data}"
  mkdir -p "$data"
  if [ "$(id -u)" = 0 ] && [ -n "${APP_USER:-}" ]; then chown "$APP_USER" "$data"; fi
  ;;
*)
  echo "usage: scripts/image.sh build OUT | scripts/image.sh install" >&2
  exit 2
  ;;
esac
