#!/bin/sh
# Makes a stand-in for the official node:<major>-bookworm-slim image, for a machine that reaches
# Debian's repositories and the npm registry but no container registry: Debian bookworm
# (debootstrap --variant=minbase), the running Node and npm 11 at /usr/local (from the npm
# registry), and the user node (uid 1000), as the official image has. The certificates this
# machine trusts beyond Debian's (NODE_EXTRA_CA_CERTS) come along, so npm reaches its registry
# from a build the way it does here.
# Usage: testing/container/node-base.sh TAG NODE_DIR
set -eu
tag="${1:?usage: node-base.sh TAG NODE_DIR}"
node_dir="${2:?usage: node-base.sh TAG NODE_DIR}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/root"

debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
  { cat "$work/debootstrap.log" >&2; exit 1; }
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*
cp "$node_dir/bin/node" "$root/usr/local/bin/node"
(cd "$work" && npm pack --silent npm@11 >/dev/null && tar -xzf npm-*.tgz)
mkdir -p "$root/usr/local/lib/node_modules"
mv "$work/package" "$root/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
chroot "$root" sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/sh --create-home node'

set -- --change 'CMD ["node"]'
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  cp "$NODE_EXTRA_CA_CERTS" "$root/usr/local/share/extra-ca.crt"
  set -- "$@" --change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/extra-ca.crt'
fi
tar -C "$root" -c . | podman import "$@" - "$tag" >/dev/null
