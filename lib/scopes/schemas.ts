import { z } from "zod";
import { email } from "@/lib/identity/schemas";
import { RoleSchema } from "@/lib/identity/schemas";

export const CreateScopeBody = z.strictObject({
  name: z.string({ message: "Name is required" }).trim().min(1, "Name is required").max(120),
});

export const AddMemberBody = z.strictObject({ email, role: RoleSchema });
export const UpdateMemberBody = z.strictObject({ role: RoleSchema });
