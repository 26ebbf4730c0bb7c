#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: `chromium` for browser
# tests, `libsaxonhe-java` (Saxon-HE and a Java runtime) for ZATCA's validation rules
# (tests/helpers/zatca.ts), and with --postgres the `postgresql` server. Fails with a clear
# message otherwise.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need+=(chromium)
{ command -v java >/dev/null 2>&1 && [ -f "${SAXON_JAR:-/usr/share/java/Saxon-HE.jar}" ]; } || need+=(libsaxonhe-java)
if [ "${1:-}" = "--postgres" ]; then
  ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
fi
[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing system packages: ${need[*]}. Install them (Debian: apt-get install -y ${need[*]}) and run again." >&2
  exit 1
fi
echo "Installing system packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${need[@]}" >/dev/null
