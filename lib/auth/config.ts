// Auth.js (next-auth v5) for the browser: email + password (Argon2id), JWT session cookie
// (HttpOnly, SameSite=Lax). Bearer tokens for API callers are handled by lib/api/authenticate.ts.
// The cookie carries the person's credentials generation (`gen`); a page read with a cookie older
// than the person's generation signs the browser out (the API refuses it too: lib/api/authenticate.ts).
import "server-only";
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { clientAddress, consumeAll, passwordCheckLimits } from "@/lib/api/rate-limit";
import { authSecret } from "@/lib/env";
import { currentCredentialsGeneration } from "@/lib/auth/credentials-generation";
import { generationOf, SESSION_MAX_AGE_SECONDS } from "@/lib/auth/session";
import { checkCredentials } from "@/lib/identity/credentials";

const CredentialsInput = z.object({ email: z.string().min(1).max(254), password: z.string().min(1).max(200) });

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: authSecret(),
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/signin" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: async (raw, request) => {
        const parsed = CredentialsInput.safeParse(raw);
        if (!parsed.success) return null;
        // The same password-check limits as the token endpoint; over them the sign-in just fails.
        const allowed = await consumeAll(passwordCheckLimits(clientAddress(request), parsed.data.email)).then(
          () => true,
          () => false,
        );
        if (!allowed) return null;
        const user = await checkCredentials(parsed.data.email, parsed.data.password);
        return user ? { id: user.id, email: user.email, name: user.name, gen: user.credentialsGeneration } : null;
      },
    }),
  ],
  callbacks: {
    jwt: async ({ token, user }) => {
      if (user?.id) {
        token.sub = user.id;
        token.gen = (user as { gen?: number }).gen ?? 0;
        return token;
      }
      // Every later read: a session from before the person's last password change, reset or
      // "sign out everywhere" ends here (null deletes the cookie).
      if (typeof token.sub !== "string") return null;
      const current = await currentCredentialsGeneration(token.sub);
      return current !== null && generationOf(token) >= current ? token : null;
    },
    session: ({ session, token }) => {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
}));
