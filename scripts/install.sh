#!/usr/bin/env bash
# Installs what this project needs on a fresh Debian or Ubuntu machine that has Node (>= 20) and npm:
# the Debian packages (through apt-get, as root or with sudo) and the npm dependencies.
# Safe to run again: it installs only what is missing (CI=true always runs apt-get update + install).
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the service and its tests use. Keep in step with the README and the Dockerfile.
# The OCR worker's (tesseract and its language models) are listed in scripts/ocr-packages.txt.
# util-linux gives prlimit (the OCR engine's per-page memory limit); fonts-wqy-microhei draws the
# Chinese test pages.
mapfile -t OCR_PACKAGES < <(grep -v '^#' scripts/ocr-packages.txt | grep -v '^\s*$')
# The translation worker's (Apertium and its language pairs) are listed in scripts/apertium-packages.txt.
mapfile -t APERTIUM_PACKAGES < <(grep -v '^#' scripts/apertium-packages.txt | grep -v '^\s*$')
# qpdf: worker-pdf writes searchable PDFs with it; poppler-utils: the tests check those PDFs with it;
# chromium: the browser tests (driven by playwright-core, which downloads no browser of its own);
# libopenjp2-tools: opj_compress writes the tests' JPEG 2000 (JPX) scanned pages.
DEB_PACKAGES=(redis-server openssl util-linux fonts-dejavu-core fonts-wqy-microhei qpdf poppler-utils chromium libopenjp2-tools "${OCR_PACKAGES[@]}" "${APERTIUM_PACKAGES[@]}")

missing=()
for pkg in "${DEB_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ] || [ "${CI:-}" = "true" ]; then
  if ! command -v apt-get >/dev/null; then
    echo "install: apt-get not found; install these packages by hand: ${DEB_PACKAGES[*]}" >&2
    exit 1
  fi
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "install: apt-get install ${DEB_PACKAGES[*]}"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${DEB_PACKAGES[@]}"
fi

# npm dependencies, exactly as locked; skipped when node_modules already matches the lockfile.
stamp=node_modules/.docsvc-lock-sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "${CI:-}" = "true" ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  # The project's processes run on the Node 24 it installs from npm (the `node` package: npm scripts
  # find it first on PATH), so the packages that need Node 22 or newer run on it whatever Node runs
  # npm. npm still checks them against the Node running npm and warns (EBADENGINE) on Node 20: those
  # lines say nothing true here and are left out; every other line is kept.
  # onnxruntime-node (PaddleOCR's runtime for prompted fields) ships its CPU backend in the package; its
  # install script, where npm runs it, would fetch a CUDA add-on from a host that is not needed.
  ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund 2> >(grep -v '^npm warn EBADENGINE' >&2)
  echo "$want" > "$stamp"
  echo "npm packages installed; the service runs on $(node_modules/.bin/node --version) from node_modules/.bin (any Node >= 20 runs npm)"
fi
