// An IBAN in groups of four, as banks print it. A narrow column may break it between groups, never
// inside one (each group is kept whole); a copy gives the groups with plain spaces.
import { Fragment } from "react";
import { formatIban } from "@/components/accounttracking/consent-bits";

export function Iban({ iban, className }: { iban: string | null; className?: string }) {
  const groups = formatIban(iban).split(" ");
  return (
    <span className={className} data-testid="iban">
      {groups.map((group, i) => (
        <Fragment key={i}>
          {i > 0 && " "}
          <span className="whitespace-nowrap">{group}</span>
        </Fragment>
      ))}
    </span>
  );
}
