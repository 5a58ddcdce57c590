"use client";
// Connect a bank: pick a bank, choose how long, and go to the bank. Account tracking is activated
// by itself on the way in (POST /users once), so a person never meets that step as a chore.
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { BankPicker } from "@/components/accounttracking/bank-picker";
import { StickyContinue } from "@/components/accounttracking/sticky-continue";
import { Button, ButtonLink, Spinner } from "@/components/ui/button";
import { Card, CardHeader, PageHeader, SkeletonRows } from "@/components/ui/card";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import {
  useConnectBank,
  useRegisterForTracking,
  useTrackingStatus,
  type Bank,
  type Consent,
} from "@/lib/client/accounttracking";
import { errorMessage } from "@/lib/client/errors";
import { useCurrentScope } from "@/lib/client/hooks";

const VALIDITY = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days (recommended)" },
  { value: "180", label: "180 days (the PSD2 maximum)" },
];
const PURPOSE = [
  { value: "account_access", label: "Accounts, balances and transactions" },
  { value: "account_list", label: "Only the list of accounts" },
];

function Step({ n, title, done, children }: { n: number; title: string; done?: boolean; children: React.ReactNode }) {
  return (
    <Card className="mb-4">
      <div className="flex items-start gap-4 p-5">
        <span
          aria-hidden
          className={
            done
              ? "flex h-7 w-7 items-center justify-center rounded-full bg-emerald-500 text-sm font-semibold text-white"
              : "flex h-7 w-7 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
          }
        >
          {done ? "✓" : n}
        </span>
        <div className="flex-1">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          <div className="mt-3">{children}</div>
        </div>
      </div>
    </Card>
  );
}

export function ConnectWizard() {
  const { scope } = useCurrentScope();
  const status = useTrackingStatus();
  const register = useRegisterForTracking();
  const connect = useConnectBank();
  const [bank, setBank] = useState<Bank | null>(null);
  const [expiryDays, setExpiryDays] = useState("90");
  const [purpose, setPurpose] = useState<Consent["purpose"]>("account_access");
  const [psuId, setPsuId] = useState("");
  const canSetUp = scope ? scope.role !== "viewer" : false;
  const params = useSearchParams();
  const needsActivation = status.data?.active === false && canSetUp;
  const { mutate: activate, isIdle } = register;
  useEffect(() => {
    if (needsActivation && isIdle) activate();
  }, [needsActivation, isIdle, activate]);

  return (
    <>
      <PageHeader
        title="Connect a bank"
        description="Link an account through your bank's own approval page (PSD2). You can revoke access at any time."
      />
      {!canSetUp && scope ? (
        // A viewer reads what is connected; whether tracking is active for them personally says nothing about the scope.
        <Card className="mb-4">
          <CardHeader
            title="Viewers can't connect banks"
            description={`You can see this scope's bank connections and accounts. To connect a bank, ask an admin of ${scope.name} to make you a member, or switch scope.`}
            action={
              <ButtonLink href="/consents" variant="secondary">
                See bank connections
              </ButtonLink>
            }
          />
        </Card>
      ) : status.isPending ? (
        <SkeletonRows rows={2} label="Checking account tracking" />
      ) : (
        <>
          {!status.data?.active && (
            <Card className="mb-4 p-5">
              {register.isError ? (
                <div className="space-y-3">
                  <FormError
                    message={`Account tracking could not be switched on for ${scope?.name ?? "this scope"}. ${errorMessage(register.error)}`}
                  />
                  <Button onClick={() => register.mutate()} pending={register.isPending}>
                    Try again
                  </Button>
                </div>
              ) : canSetUp ? (
                <p className="text-sm text-slate-600">
                  <Spinner /> Getting account tracking ready in {scope?.name ?? "this scope"}…
                </p>
              ) : (
                <p className="text-sm text-slate-600">
                  Account tracking is not active in this scope yet; a member or admin can connect the first bank.
                </p>
              )}
            </Card>
          )}
          {status.data?.active && (
            // One block around both steps: the sticky Continue at its end stays in view over all of it.
            <div>
              <Step n={1} title="Choose your bank" done={bank !== null}>
                <BankPicker
                  selected={bank}
                  onSelect={setBank}
                  initialCountry={params.get("country")}
                  initialBankId={params.get("bank")}
                />
              </Step>
              <Step n={2} title="Choose what to share and for how long">
                <div className="grid gap-4 sm:grid-cols-2">
                  <SelectField
                    label="Access"
                    value={purpose}
                    onChange={(e) => setPurpose(e.target.value as Consent["purpose"])}
                    options={PURPOSE}
                  />
                  <SelectField
                    label="Valid for"
                    value={expiryDays}
                    onChange={(e) => setExpiryDays(e.target.value)}
                    options={VALIDITY}
                    hint="After this you approve again at your bank."
                  />
                  <TextField
                    label="Your user id at the bank (optional)"
                    value={psuId}
                    onChange={(e) => setPsuId(e.target.value)}
                    autoComplete="off"
                    maxLength={140}
                    hint="Only banks that ask you to approve in their app need it."
                  />
                </div>
                <p className="mt-4 text-sm text-slate-600">
                  {bank ? (
                    <>
                      You will be sent to <strong>{bank.name}</strong> to log in and approve. Ledgerlink then updates
                      each account you track twice a day on its own (you can choose once to three times), and whenever
                      you press “Sync now”.
                    </>
                  ) : (
                    "Pick a bank above to continue."
                  )}
                </p>
                <FormError message={connect.isError ? errorMessage(connect.error) : null} />
              </Step>
              <StickyContinue>
                <Button
                  disabled={!bank || !canSetUp}
                  pending={connect.isPending || connect.isSuccess}
                  onClick={() =>
                    bank &&
                    connect.mutate({
                      integrationName: bank.integrationName,
                      purpose,
                      expiryDays: Number(expiryDays),
                      bankId: bank.bankId,
                      psuId: psuId.trim(),
                    })
                  }
                >
                  {bank ? `Continue to ${bank.name}` : "Continue to your bank"}
                </Button>
              </StickyContinue>
            </div>
          )}
        </>
      )}
    </>
  );
}
