"use client";
// The create-secret form of the token pages (personal tokens, API keys): every secret has a name and
// an expiry, and a page may add fields. `card` wires CreateSecretCard: the request (the expiry's
// text becomes days or null), the fields whose 422 messages stand beside them, and the name cleared
// after a success. `nameField` binds the name with the API's limit of 80 characters.
import { parseExpiry } from "@/components/settings/options";
import type { CreateMutation } from "@/components/tokens/create-secret-card";
import { useFields } from "@/components/ui/use-fields";
import type { ExpiryDays } from "@/lib/client/api-client";
import { fieldError } from "@/lib/client/errors";

type SecretValues = { name: string; expiresInDays: string };
type SecretInput<V> = Omit<V, "expiresInDays"> & { expiresInDays: ExpiryDays | null };

export function useSecretForm<V extends SecretValues>(create: CreateMutation<SecretInput<V>>, initial: V) {
  const { values, set, bind } = useFields<V>(initial, (field) => fieldError(create.error, field));
  const card = {
    create,
    input: (): SecretInput<V> => ({ ...values, expiresInDays: parseExpiry(values.expiresInDays) }),
    onCreated: () => set("name", initial.name),
    fieldNames: Object.keys(initial),
  };
  return { values, bind, nameField: { maxLength: 80, ...bind("name") }, card };
}
