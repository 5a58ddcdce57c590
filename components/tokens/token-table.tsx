"use client";
import { Badge } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { Table, Td } from "@/components/ui/table";
import type { TokenRecord } from "@/lib/client/api-client";

/** A noun inside a sentence: "Token" → "token", but an acronym stays ("API key"). */
const inSentence = (noun: string) => noun.replace(/^[A-Z](?![A-Z])/, (c) => c.toLowerCase());

export function tokenStatus(token: TokenRecord, now = Date.now()): "active" | "revoked" | "expired" {
  if (token.revokedAt) return "revoked";
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return "expired";
  return "active";
}

const STATUS_TONE = { active: "green", revoked: "red", expired: "amber" } as const;

const KIND_LABEL: Record<string, string> = {
  personal: "Personal",
  api_key: "API key",
  connector_app: "Connector app",
  delegated_agent: "Delegated agent",
};

export function TokenTable({
  caption,
  tokens,
  showKindAndRole,
  noun,
  onRevoke,
}: {
  caption: string;
  tokens: TokenRecord[];
  showKindAndRole?: boolean;
  /** "Token" or "API key", in the confirmation's words. */
  noun: string;
  onRevoke: (token: TokenRecord) => Promise<unknown>;
}) {
  const head = [
    "Name",
    ...(showKindAndRole ? ["Kind", "Role"] : []),
    "Prefix",
    "Created",
    "Last used",
    "Expires",
    "Status",
  ];
  return (
    <Table caption={caption} head={head} actions>
      {tokens.map((token) => {
        const status = tokenStatus(token);
        return (
          <tr key={token.id}>
            <Td className="font-medium text-slate-900">{token.name}</Td>
            {showKindAndRole && <Td>{KIND_LABEL[token.kind] ?? token.kind}</Td>}
            {showKindAndRole && <Td className="capitalize">{token.role ?? "—"}</Td>}
            <Td>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
                {token.prefix}…
              </code>
            </Td>
            <Td>{formatDate(token.createdAt)}</Td>
            <Td>{formatDateTime(token.lastUsedAt, "Never")}</Td>
            <Td>{formatDate(token.expiresAt, "Never")}</Td>
            <Td>
              <Badge tone={STATUS_TONE[status]}>{status}</Badge>
            </Td>
            <Td className="text-right">
              {status === "active" && (
                <ConfirmButton
                  title={`Revoke “${token.name}”?`}
                  body={
                    <p>
                      Anything still using this {inSentence(noun)} (prefix {token.prefix}…) gets 401 from its next call.
                      This cannot be undone; you can create a new one at any time.
                    </p>
                  }
                  confirmLabel={`Revoke ${inSentence(noun)}`}
                  cancelLabel={`Keep ${inSentence(noun)}`}
                  onConfirm={() => onRevoke(token)}
                >
                  Revoke<span className="sr-only"> {token.name}</span>
                </ConfirmButton>
              )}
            </Td>
          </tr>
        );
      })}
    </Table>
  );
}
