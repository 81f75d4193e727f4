# The reference sandbox as an image, for users with a registry: the same app as `npm run image:build` (which needs
# no registry: FROM scratch with this machine's Node), on node:20-slim. Build: docker build -t payment-sandbox .
# Run: docker run -p 4010:4010 payment-sandbox, then certify it with --target http://127.0.0.1:4010, or with
# --target container:payment-sandbox (host networking; SANDBOX_PORT and PORT given by the kit).
FROM node:20-slim AS build
WORKDIR /kit
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run -s image:build -- --app-dir /app

FROM node:20-slim
COPY --from=build /app /app
WORKDIR /app
# 0.0.0.0 so that a published port reaches it on a bridge network; the kit's container mode sets 127.0.0.1.
ENV SANDBOX_HOST=0.0.0.0 \
    SANDBOX_PORT=4010
EXPOSE 4010
USER node
HEALTHCHECK --interval=5s --timeout=3s --start-period=5s CMD ["node", "/app/dist/healthcheck.mjs"]
ENTRYPOINT ["node", "/app/dist/sandbox.mjs"]
