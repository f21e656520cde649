# The account server's image: built with the dev tools, run with the production dependencies only,
# as the unprivileged user `node` (uid 1000). Both steps are scripts/image.sh's, which the image
# test also runs in a clean copy of the repository.
#   docker build -t accounts .              podman build --format docker -t accounts .
# Settings at build time (the app's): --build-arg API_BASE_URL=… APP_NAME=…; at run time, the
# server's environment (server/README.md), DATA_DIR=/data a volume. compose.yaml runs two.
ARG NODE_IMAGE=docker.io/library/node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY . .
ARG API_BASE_URL=
ARG APP_NAME=
ARG SUPPORT_CONTACT=
RUN sh scripts/image.sh build /out

FROM ${NODE_IMAGE}
WORKDIR /app
COPY --from=build /out/ ./
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
RUN APP_USER=node sh scripts/image.sh install
USER node
EXPOSE 8080
VOLUME ["/data"]
# /livez: the process serves (a database or mail outage is /readyz's and the metrics' concern).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "build/server.js"]
