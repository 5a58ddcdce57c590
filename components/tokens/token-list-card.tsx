"use client";
// A card listing tokens (personal tokens or API keys) with revoke, and its loading, error and empty
// states; the settings pages differ only in wording and columns.
import type { ReactNode } from "react";
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { TokenTable } from "@/components/tokens/token-table";
import { Card, CardHeader } from "@/components/ui/card";
import { QueryStates } from "@/components/ui/query-states";
import { useToast } from "@/components/ui/toast";
import type { TokenRecord } from "@/lib/client/api-client";

export function TokenListCard({
  title,
  caption,
  noun,
  tokens,
  revoke,
  showKindAndRole,
  empty,
}: {
  title: string;
  caption: string;
  /** How a toast names one token, e.g. "Token" or "API key". */
  noun: string;
  tokens: UseQueryResult<TokenRecord[]>;
  revoke: UseMutationResult<unknown, Error, string>;
  showKindAndRole?: boolean;
  empty: ReactNode;
}) {
  const toast = useToast();
  return (
    <Card>
      <CardHeader title={title} />
      <QueryStates query={tokens} rows={3} loading={`Loading ${caption.toLowerCase()}`} empty={empty}>
        {(data) => (
          <TokenTable
            caption={caption}
            tokens={data}
            showKindAndRole={showKindAndRole}
            noun={noun}
            onRevoke={async (token) => {
              await revoke.mutateAsync(token.id);
              toast.success(`${noun} “${token.name}” revoked.`);
            }}
          />
        )}
      </QueryStates>
    </Card>
  );
}
