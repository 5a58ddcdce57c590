"use client";
import { AddMemberForm } from "@/components/settings/add-member-form";
import { InviteForm } from "@/components/settings/invite-form";
import { ROLE_OPTIONS } from "@/components/settings/options";
import { Badge, Card, CardHeader, EmptyState, PageHeader } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { formatDate } from "@/components/ui/format";
import { Table, Td } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/errors";
import { useCurrentScope, useMe, useMembers, useRemoveMember, useUpdateMember } from "@/lib/client/hooks";
import type { Member, Role } from "@/lib/client/api-client";
import { QueryStates } from "@/components/ui/query-states";

export function MembersPage() {
  const { scope } = useCurrentScope();
  const members = useMembers();
  const isAdmin = scope?.role === "admin";

  return (
    <>
      <PageHeader
        title="Members"
        description={
          scope
            ? `People who can use ${scope.name}. Admins manage members and keys, members read and write, viewers only read.`
            : undefined
        }
      />
      {isAdmin && (
        <Card className="mb-6">
          <CardHeader title="Add a member" />
          <AddMemberForm />
        </Card>
      )}
      {isAdmin && (
        <Card className="mb-6">
          <CardHeader title="Invite someone new" />
          <InviteForm />
        </Card>
      )}
      <Card>
        <CardHeader
          title="Members of this scope"
          description={scope && !isAdmin ? `You are a ${scope.role} here, so this list is read-only.` : undefined}
        />
        <QueryStates
          query={members}
          rows={3}
          loading="Loading members"
          empty={<EmptyState title="No members">Add someone by email above.</EmptyState>}
        >
          {(data) => <MemberTable members={data} editable={isAdmin} />}
        </QueryStates>
      </Card>
    </>
  );
}

function MemberTable({ members, editable }: { members: Member[]; editable: boolean }) {
  const me = useMe();
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const toast = useToast();

  const changeRole = (member: Member, role: Role) =>
    update.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => toast.success(`${member.name} is now ${role === "admin" ? "an admin" : `a ${role}`}.`),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );

  return (
    <Table actions caption="Members" head={["Name", "Email", "Role", "Joined"]}>
      {members.map((m) => {
        const isMe = m.userId === me.data?.user?.id;
        return (
          <tr key={m.userId}>
            <Td className="font-medium text-slate-900">
              {m.name} {isMe && <span className="text-xs font-normal text-slate-500">(you)</span>}
            </Td>
            <Td>{m.email}</Td>
            <Td>
              {editable ? (
                <>
                  <label htmlFor={`role-${m.userId}`} className="sr-only">
                    Role of {m.name}
                  </label>
                  <select
                    id={`role-${m.userId}`}
                    value={m.role}
                    disabled={update.isPending && update.variables?.userId === m.userId}
                    onChange={(e) => changeRole(m, e.target.value as Role)}
                    className="rounded-md border-0 py-1 pl-2 pr-7 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
                  >
                    {ROLE_OPTIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </>
              ) : (
                <Badge tone={m.role === "admin" ? "indigo" : m.role === "member" ? "green" : "slate"}>{m.role}</Badge>
              )}
            </Td>
            <Td>{formatDate(m.joinedAt)}</Td>
            <Td className="text-right">
              {editable && (
                <ConfirmButton
                  title={isMe ? "Leave this scope?" : `Remove ${m.name}?`}
                  body={
                    <p>
                      {isMe
                        ? "You lose access to its accounts, clients and settings until an admin adds you again."
                        : `${m.name} loses access to this scope's accounts, clients and settings.`}
                    </p>
                  }
                  confirmLabel={isMe ? "Leave scope" : "Remove member"}
                  cancelLabel={isMe ? "Stay" : "Keep member"}
                  onConfirm={async () => {
                    await remove.mutateAsync(m.userId);
                    toast.success(isMe ? "You left the scope." : `${m.name} removed.`);
                  }}
                >
                  Remove<span className="sr-only"> {m.name}</span>
                </ConfirmButton>
              )}
            </Td>
          </tr>
        );
      })}
    </Table>
  );
}
