/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Server-only packages with native parts or runtime file access stay out of the bundle.
  // OpenTelemetry's SDK and instrumentations hook Node's module loading (pg is patched as it is
  // required), and prom-client reads process figures: loaded by Node, not bundled.
  serverExternalPackages: [
    "@node-rs/argon2",
    "pg",
    "pg-boss",
    "@prisma/adapter-pg",
    "rate-limiter-flexible",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/instrumentation",
    "@opentelemetry/instrumentation-pg",
    "@opentelemetry/resources",
    "@opentelemetry/sdk-trace-node",
    // libxml2 as WebAssembly (camt.053's schema check, lib/statements/camt053-schema.ts): its .wasm
    // and worker files are found by Node beside the package, not by the bundler.
    "xmllint-wasm",
  ],
  typescript: {
    tsconfigPath: "tsconfig.json",
    // `npm test` type-checks the whole tree after it builds (scripts/testing/lint.ts: any error fails
    // the run), so its build does not check the same files first. Any other build checks them.
    ignoreBuildErrors: process.env.LEDGERLINK_TYPES_CHECKED === "1",
  },
  experimental: {
    // Turbopack writes a cache of the build under .next/cache for the next build to reuse (on by
    // default since Next 16). A CI build on a clean clone never has one to reuse: off there.
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
};

export default nextConfig;
