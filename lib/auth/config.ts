// Auth.js (next-auth v5) for the browser: email + password (Argon2id), JWT session cookie
// (HttpOnly, SameSite=Lax). Bearer tokens for API callers are handled by lib/api/authenticate.ts.
import "server-only";
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { clientAddress, consumeAll, passwordCheckLimits } from "@/lib/api/rate-limit";
import { authSecret } from "@/lib/env";
import { checkCredentials } from "@/lib/identity/credentials";

const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

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
        return user ? { id: user.id, email: user.email, name: user.name } : null;
      },
    }),
  ],
  callbacks: {
    jwt: ({ token, user }) => {
      if (user?.id) token.sub = user.id;
      return token;
    },
    session: ({ session, token }) => {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
}));
