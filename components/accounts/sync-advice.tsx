// What to do about a failed sync, in words, with a link when there is somewhere to go (the advice
// itself is errorAdvice in components/accounts/format.ts). The link's colour follows its context.
import Link from "next/link";
import { errorAdvice } from "@/components/accounts/format";

export function SyncAdvice({
  lastError,
  consentId,
  className,
  linkClassName,
}: {
  lastError: string;
  consentId: string;
  className: string;
  linkClassName: string;
}) {
  const advice = errorAdvice(lastError, consentId);
  return (
    <p className={className}>
      {advice.text}{" "}
      {advice.href && (
        <Link href={advice.href} className={linkClassName}>
          {advice.linkLabel}
        </Link>
      )}
    </p>
  );
}
