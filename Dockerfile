# syntax=docker/dockerfile:1
#
# One image per process: `docker build --target api .` (or worker-pdf, worker-ocr, worker-translate, worker-jobs).
# docker-compose.yml builds all four; docs/deployment.md explains how to run them.

# ---------------------------------------------------------------------------------------------------
# build: install everything (dev dependencies included), compile every workspace, then drop the
# dev dependencies so that node_modules can be copied into the runtime images as it is.
# ---------------------------------------------------------------------------------------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app

# Manifests first: the `npm ci` layer is then reused until a dependency changes, not on every source
# edit. Every workspace's package.json must be listed: npm ci silently skips a workspace whose
# manifest is missing (no node_modules/@docsvc link), so add a line for each new apps/ or packages/ folder.
COPY package.json package-lock.json .npmrc turbo.json tsconfig.json ./
COPY packages/assembly/package.json packages/assembly/
COPY packages/config/package.json packages/config/
COPY packages/documents/package.json packages/documents/
COPY packages/embedded/package.json packages/embedded/
COPY packages/fetcher/package.json packages/fetcher/
COPY packages/image/package.json packages/image/
COPY packages/language-id/package.json packages/language-id/
COPY packages/layout/package.json packages/layout/
COPY packages/fields/package.json packages/fields/
COPY packages/lifecycle/package.json packages/lifecycle/
COPY packages/logger/package.json packages/logger/
COPY packages/metrics/package.json packages/metrics/
COPY packages/ocr-engine/package.json packages/ocr-engine/
COPY packages/ocr-jobs/package.json packages/ocr-jobs/
COPY packages/ocr-pipeline/package.json packages/ocr-pipeline/
COPY packages/queue/package.json packages/queue/
COPY packages/renderers/package.json packages/renderers/
COPY packages/schemas/package.json packages/schemas/
COPY packages/storage/package.json packages/storage/
COPY packages/test-kit/package.json packages/test-kit/
COPY packages/translate-engine/package.json packages/translate-engine/
COPY packages/worker-runtime/package.json packages/worker-runtime/
COPY apps/api/package.json apps/api/
COPY apps/cli/package.json apps/cli/
COPY apps/web/package.json apps/web/
COPY apps/launcher/package.json apps/launcher/
COPY apps/worker-jobs/package.json apps/worker-jobs/
COPY apps/worker-ocr/package.json apps/worker-ocr/
COPY apps/worker-pdf/package.json apps/worker-pdf/
COPY apps/worker-translate/package.json apps/worker-translate/
# onnxruntime-node (PaddleOCR's runtime, worker-ocr) ships its CPU backend; its install script would
# fetch a CUDA add-on from the network.
RUN ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund

# Sources (.dockerignore keeps node_modules, dist, .turbo and .git out), then compile with tsc.
COPY packages/ packages/
COPY apps/ apps/
RUN npm run build

# Remove the dev dependencies (node, turbo, typescript, vitest, @types/*): the runtime images run
# plain `node dist/main.js` with the image's own Node.
RUN npm prune --omit=dev --no-audit --no-fund
# onnxruntime-node ships its native library for every platform (288 MB): the images keep Linux's (70 MB).
RUN find node_modules/onnxruntime-node/bin -mindepth 2 -maxdepth 2 ! -name linux -exec rm -rf {} +

# Gather only what the runtime images need under /out, with the same layout as /app: node_modules
# holds relative symlinks (node_modules/@docsvc/x -> ../../packages/x or ../../apps/x), so packages/
# and apps/ must stay beside it. Each workspace keeps its package.json (type and exports) and dist/;
# sources, tsconfig and tsbuildinfo stay behind.
RUN set -eu; \
    mkdir -p /out; \
    cp -a package.json node_modules /out/; \
    for ws in packages/* apps/*; do \
      mkdir -p "/out/$ws"; \
      cp -a "$ws/package.json" "$ws/dist" "/out/$ws/"; \
      rm -f "/out/$ws/dist/.tsbuildinfo"; \
      if [ -d "$ws/node_modules" ]; then cp -a "$ws/node_modules" "/out/$ws/"; fi; \
    done

# ---------------------------------------------------------------------------------------------------
# Runtime targets. Each starts from the slim image again (no compilers, no dev dependencies), installs
# its own Debian packages first (that layer changes rarely, so it stays cached across code changes),
# then copies node_modules, the shared packages and its one app. Files stay owned by root and the
# process runs as the image's unprivileged `node` user, so it cannot modify its own code.
# Node handles SIGTERM itself (finishes held work within SHUTDOWN_GRACE_MS); compose adds `init: true`
# so a small init reaps any grandchild processes.
# ---------------------------------------------------------------------------------------------------

# HTTP API.
FROM node:24-bookworm-slim AS api
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY --from=build /out/package.json ./
COPY --from=build /out/node_modules ./node_modules
COPY --from=build /out/packages ./packages
COPY --from=build /out/apps/api ./apps/api
# The web page's built files, served at / (WEB_ROOT's default path).
COPY --from=build /out/apps/web ./apps/web
USER node
EXPOSE 8080
# Slim images have no curl or wget; Node 24 has fetch. /healthz checks only that the process serves.
# It follows PORT in case a deployment moves the API off 8080.
HEALTHCHECK --interval=15s --timeout=5s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/api/dist/main.js"]

# Rasterises PDF pages and writes searchable PDFs (qpdf lays the text layer under a PDF's pages).
FROM node:24-bookworm-slim AS worker-pdf
# glibc malloc settings and a small young generation that keep resident memory down (packages/config/src/process-env.ts:
# worker-pdf is one of the lean workers). qpdf writes searchable PDFs; poppler-utils (pdftoppm, pdfimages) draws
# pages for OCR (PDF_RENDERER=auto takes it; pdf.js where it is missing).
ENV NODE_ENV=production MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768 NODE_OPTIONS=--max-semi-space-size=1
RUN apt-get update \
 && apt-get install -y --no-install-recommends qpdf poppler-utils \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /out/package.json ./
COPY --from=build /out/node_modules ./node_modules
COPY --from=build /out/packages ./packages
COPY --from=build /out/apps/worker-pdf ./apps/worker-pdf
USER node
CMD ["node", "apps/worker-pdf/dist/main.js"]

# Recognises page images with Debian's tesseract 5 binary (the native engine) and its language models,
# all local files under /usr/share/tesseract-ocr/5/tessdata: the worker downloads nothing at run time.
# The packages are those of scripts/ocr-packages.txt, as scripts/install.sh installs them.
FROM node:24-bookworm-slim AS worker-ocr
# A smaller mmap threshold and young generation than the other apps: the worker only coordinates
# tesseract processes (packages/config OCR_WORKER_ENV says why; bench/worker-memory.ts measures it).
ENV NODE_ENV=production MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768 NODE_OPTIONS=--max-semi-space-size=1
COPY scripts/ocr-packages.txt /tmp/ocr-packages.txt
RUN apt-get update \
 && grep -v '^#' /tmp/ocr-packages.txt | grep -v '^\s*$' | xargs apt-get install -y --no-install-recommends util-linux \
 && rm -rf /var/lib/apt/lists/* /tmp/ocr-packages.txt
WORKDIR /app
COPY --from=build /out/package.json ./
COPY --from=build /out/node_modules ./node_modules
COPY --from=build /out/packages ./packages
COPY --from=build /out/apps/worker-ocr ./apps/worker-ocr
USER node
CMD ["node", "apps/worker-ocr/dist/main.js"]

# Translates text with the Apertium engine and the language pairs of scripts/apertium-packages.txt, as
# scripts/install.sh installs them (modes land in /usr/share/apertium/modes; the engine finds them). They add
# about 300 MB to the image (measured: README, Translation).
FROM node:24-bookworm-slim AS worker-translate
ENV NODE_ENV=production MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
COPY scripts/apertium-packages.txt /tmp/apertium-packages.txt
RUN apt-get update \
 && grep -v '^#' /tmp/apertium-packages.txt | grep -v '^\s*$' | xargs apt-get install -y --no-install-recommends \
 && rm -rf /var/lib/apt/lists/* /tmp/apertium-packages.txt
WORKDIR /app
COPY --from=build /out/package.json ./
COPY --from=build /out/node_modules ./node_modules
COPY --from=build /out/packages ./packages
COPY --from=build /out/apps/worker-translate ./apps/worker-translate
USER node
CMD ["node", "apps/worker-translate/dist/main.js"]

# Runs asynchronous OCR jobs: only coordinates (pages go to worker-pdf and worker-ocr), no native tools.
FROM node:24-bookworm-slim AS worker-jobs
ENV NODE_ENV=production MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /out/package.json ./
COPY --from=build /out/node_modules ./node_modules
COPY --from=build /out/packages ./packages
COPY --from=build /out/apps/worker-jobs ./apps/worker-jobs
USER node
CMD ["node", "apps/worker-jobs/dist/main.js"]
