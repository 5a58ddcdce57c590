import { z } from "zod";
import { ROLES } from "@/lib/auth/capabilities";
import { APP_TOKEN_KINDS } from "@/lib/auth/tokens";

export const email = z
  .string({ message: "Enter your email address." })
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: "Enter a valid email address" }));

export const password = z
  .string({ message: "Enter a password." })
  .min(10, "Use at least 10 characters")
  .max(200, "Use at most 200 characters");

export const ChangePasswordBody = z.strictObject({
  currentPassword: z
    .string({ message: "Enter your current password." })
    .min(1, "Enter your current password.")
    .max(200),
  newPassword: password,
});

export const SignUpBody = z.strictObject({
  email,
  password,
  name: z.string({ message: "Enter your name." }).trim().min(1, "Enter your name.").max(120),
});

export const SetupBody = z.strictObject({
  token: z.string({ message: "The setup link's secret is missing." }).min(20).max(200),
  email,
  password,
  name: z.string({ message: "Enter your name." }).trim().min(1, "Enter your name.").max(120),
  organisationName: z.string({ message: "Name your organisation." }).trim().min(1, "Name your organisation.").max(120),
});

export const PasswordResetRequestBody = z.strictObject({ email });

export const PasswordResetBody = z.strictObject({
  token: z.string({ message: "The reset link's secret is missing." }).min(20).max(200),
  newPassword: password,
});

export const InviteBody = z.strictObject({
  email,
  role: z.enum(["member", "viewer"], { message: "role must be member or viewer" }).default("member"),
});

export const AcceptInviteBody = z.strictObject({
  token: z.string({ message: "The invitation's secret is missing." }).min(20).max(200),
  password,
  name: z.string({ message: "Enter your name." }).trim().min(1, "Enter your name.").max(120),
});

export const TokenGrantBody = z.discriminatedUnion(
  "grantType",
  [
    z.strictObject({ grantType: z.literal("password"), email, password: z.string().min(1).max(200) }),
    z.strictObject({ grantType: z.literal("refresh_token"), refreshToken: z.string().min(1).max(200) }),
  ],
  { message: "grantType must be password or refresh_token" },
);

export const RevokeBody = z.strictObject({ token: z.string().min(1).max(200) });

const expiresInDays = z
  .union([z.literal(7), z.literal(30), z.literal(90), z.literal(365), z.null()], {
    message: "expiresInDays must be 7, 30, 90, 365 or null (never)",
  })
  .optional();

export const CreatePersonalTokenBody = z.strictObject({
  name: z.string().trim().min(1, "Give it a name, so you can recognise it in the list.").max(80),
  expiresInDays: expiresInDays.default(90),
});

export const CreateApiKeyBody = z.strictObject({
  name: z.string().trim().min(1, "Give it a name, so you can recognise it in the list.").max(80),
  kind: z.enum(APP_TOKEN_KINDS, { message: `kind must be one of ${APP_TOKEN_KINDS.join(", ")}` }).default("api_key"),
  role: z.enum(["member", "viewer"], { message: "role must be member or viewer" }).default("viewer"),
  // A forgotten key should not live forever: 90 days unless the admin asks otherwise (null = never).
  expiresInDays: expiresInDays.default(90),
});

export const RoleSchema = z.enum(ROLES, { message: "role must be admin, member or viewer" });
