"use client";
// The counterpart's company part of its page: the bound registry company with its data, or "Who is
// this?" to find and bind one (for people who may look companies up: members and admins).
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { CompanySection } from "@/components/counterparts/company-section";
import { WhoIsThis } from "@/components/counterparts/who-is-this";
import type { CounterpartDetail } from "@/lib/client/counterparts";

export function CounterpartCompany({ counterpart, canEdit }: { counterpart: CounterpartDetail; canEdit: boolean }) {
  const [isSearching, setSearching] = useState(false);
  const { company } = counterpart;
  const toggle = (
    <Button size="sm" variant={isSearching ? "ghost" : "secondary"} onClick={() => setSearching(!isSearching)}>
      {isSearching ? "Close the search" : company ? "Choose another company" : "Who is this?"}
    </Button>
  );
  return (
    <>
      {company && <CompanySection counterpartId={counterpart.id} company={company} action={canEdit && toggle} />}
      {(!company || isSearching) && canEdit && (
        <Card>
          <CardHeader
            title="Who is this?"
            description="Search the company registers for this counterpart and choose the company it is: it becomes a client, and its data shows here."
            action={company ? undefined : toggle}
          />
          {isSearching && (
            <WhoIsThis
              key={company?.clientId ?? "none"}
              counterpartId={counterpart.id}
              name={counterpart.displayName}
            />
          )}
        </Card>
      )}
    </>
  );
}
