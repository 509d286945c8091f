# The app server as a container image (docs/production.md): it builds the shell and every remote
# exactly as `npm test` does (scripts/cadence.mjs build: the shell, then each remote deployed into
# deploy/ with its versioned mf-manifest.json and deploy/remotes.json) and runs shell/server, which
# serves them and proxies /v1 to the Appwrite named by APPWRITE_UPSTREAM (Appwrite Cloud or a
# self-hosted Appwrite). No data lives in the image: Appwrite and Stripe hold it.
#
#   docker build -t cadence-app .
#   docker run -p 3000:3000 -e APPWRITE_UPSTREAM=https://cloud.appwrite.io \
#     -e APPWRITE_PUBLIC_ENDPOINT=/v1 -e APPWRITE_PROJECT_ID=<project> \
#     -e STRIPE_PUBLISHABLE_KEY=pk_live_… -e PUBLIC_ORIGIN=https://app.example.com -e TRUST_PROXY=1 cadence-app

# The full Debian image: better-sqlite3 (the local Appwrite's, installed with the workspace) may
# need to compile where no prebuilt binary matches.
FROM node:20.20-bookworm AS build
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 CI=1
RUN npm install --global --no-audit --no-fund pnpm@10.34.9
WORKDIR /app
COPY . .
# scripts/cadence.mjs build installs the workspace (frozen lockfile) first, as npm start does.
RUN node scripts/cadence.mjs build && pnpm store prune

FROM node:20.20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
# The server runs its TypeScript through tsx (as `npm start` does), so the workspace's installed
# packages come along; the built shell and deployed remotes are what it serves.
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:3000/config.json').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--import", "tsx", "shell/server/main.ts"]
