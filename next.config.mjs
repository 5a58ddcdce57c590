/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Server-only packages with native parts or runtime file access stay out of the bundle.
  serverExternalPackages: ["@node-rs/argon2", "pg", "pg-boss", "@prisma/adapter-pg", "rate-limiter-flexible"],
  typescript: { tsconfigPath: "tsconfig.json" },
};

export default nextConfig;
