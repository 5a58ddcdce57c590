// Consent rows in sandbox_bank.consents and their serialisation. Dates travel as text so a `date`
// column never passes through a local-time JavaScript Date.
import type { DateOnly } from "@/sandbox/bank/data/dates";
import { query } from "@/sandbox/bank/store/db";

export type ScaApproach = "REDIRECT" | "DECOUPLED";
export type ConsentStatus = "received" | "valid" | "rejected" | "revokedByPsu" | "expired" | "terminatedByTpp";

export type AccountRef = { iban: string; currency?: string };
export type AllAccounts = "allAccounts" | "allAccountsWithOwnerName";
export type ConsentAccess = {
  accounts?: AccountRef[];
  balances?: AccountRef[];
  transactions?: AccountRef[];
  availableAccounts?: AllAccounts;
  availableAccountsWithBalance?: AllAccounts;
  allPsd2?: AllAccounts;
};

export type Consent = {
  id: string;
  bankId: string;
  psuId: string | null;
  status: ConsentStatus;
  access: ConsentAccess;
  recurringIndicator: boolean;
  validUntil: DateOnly;
  frequencyPerDay: number;
  combinedServiceIndicator: boolean;
  tppRedirectUri: string;
  tppNokRedirectUri: string | null;
  requestId: string;
  loginToken: string | null;
  scaApproach: ScaApproach;
  createdAt: Date;
  approvedAt: Date | null;
  lastActionDate: DateOnly | null;
};

type Row = {
  id: string;
  bank_id: string;
  psu_id: string | null;
  status: ConsentStatus;
  access: ConsentAccess;
  recurring_indicator: boolean;
  valid_until: string;
  frequency_per_day: number;
  combined_service_indicator: boolean;
  tpp_redirect_uri: string;
  tpp_nok_redirect_uri: string | null;
  request_id: string;
  login_token: string | null;
  sca_approach: ScaApproach;
  created_at: Date;
  approved_at: Date | null;
  last_action_date: string | null;
};

const COLUMNS = `id, bank_id, psu_id, status, access, recurring_indicator, valid_until::text AS valid_until, frequency_per_day,
  combined_service_indicator, tpp_redirect_uri, tpp_nok_redirect_uri, request_id, login_token, sca_approach, created_at, approved_at,
  last_action_date::text AS last_action_date`;

function fromRow(r: Row): Consent {
  return {
    id: r.id,
    bankId: r.bank_id,
    psuId: r.psu_id,
    status: r.status,
    access: r.access,
    recurringIndicator: r.recurring_indicator,
    validUntil: r.valid_until,
    frequencyPerDay: r.frequency_per_day,
    combinedServiceIndicator: r.combined_service_indicator,
    tppRedirectUri: r.tpp_redirect_uri,
    tppNokRedirectUri: r.tpp_nok_redirect_uri,
    requestId: r.request_id,
    loginToken: r.login_token,
    scaApproach: r.sca_approach,
    createdAt: r.created_at,
    approvedAt: r.approved_at,
    lastActionDate: r.last_action_date,
  };
}

export type NewConsent = Pick<
  Consent,
  | "id"
  | "bankId"
  | "access"
  | "recurringIndicator"
  | "validUntil"
  | "frequencyPerDay"
  | "combinedServiceIndicator"
  | "tppRedirectUri"
  | "tppNokRedirectUri"
  | "requestId"
  | "psuId"
  | "scaApproach"
>;

export async function insertConsent(c: NewConsent): Promise<Consent> {
  const { rows } = await query<Row>(
    `INSERT INTO sandbox_bank.consents (id, bank_id, status, access, recurring_indicator, valid_until, frequency_per_day,
       combined_service_indicator, tpp_redirect_uri, tpp_nok_redirect_uri, request_id, psu_id, sca_approach)
     VALUES ($1, $2, 'received', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`,
    [
      c.id,
      c.bankId,
      JSON.stringify(c.access),
      c.recurringIndicator,
      c.validUntil,
      c.frequencyPerDay,
      c.combinedServiceIndicator,
      c.tppRedirectUri,
      c.tppNokRedirectUri,
      c.requestId,
      c.psuId,
      c.scaApproach,
    ],
  );
  return fromRow(rows[0]);
}

export async function findConsent(id: string): Promise<Consent | null> {
  if (id.length > 100) return null;
  const { rows } = await query<Row>(`SELECT ${COLUMNS} FROM sandbox_bank.consents WHERE id = $1`, [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** Moves the consent to `status` when it is currently in one of `from`; returns the row after. */
export async function transition(
  id: string,
  status: ConsentStatus,
  from: readonly ConsentStatus[],
): Promise<Consent | null> {
  const { rows } = await query<Row>(
    `UPDATE sandbox_bank.consents SET status = $2, status_changed_at = now() WHERE id = $1 AND status = ANY($3::text[]) RETURNING ${COLUMNS}`,
    [id, status, from],
  );
  return rows[0] ? fromRow(rows[0]) : findConsent(id);
}

/** The decoupled requests waiting for `psuId`'s answer in the banking app, newest first. */
export async function awaitingInApp(psuId: string): Promise<Consent[]> {
  const { rows } = await query<Row>(
    `SELECT ${COLUMNS} FROM sandbox_bank.consents
     WHERE psu_id = $1 AND sca_approach = 'DECOUPLED' AND status = 'received' AND approved_at IS NULL
     ORDER BY created_at DESC LIMIT 20`,
    [psuId],
  );
  return rows.map(fromRow);
}

export async function recordLogin(id: string, psuId: string, loginToken: string): Promise<void> {
  await query(
    "UPDATE sandbox_bank.consents SET psu_id = $2, login_token = $3 WHERE id = $1 AND status = 'received' AND approved_at IS NULL",
    [id, psuId, loginToken],
  );
}

/**
 * Approval by the PSU: `status` is valid, or stays received for the slow user (approved_at starts its
 * delay). `access` is what the PSU granted (a bank-offered consent's chosen accounts).
 */
export async function recordApproval(
  id: string,
  status: ConsentStatus,
  validUntil: DateOnly,
  access: ConsentAccess,
): Promise<Consent | null> {
  const { rows } = await query<Row>(
    `UPDATE sandbox_bank.consents SET status = $2, valid_until = $3, access = $4, approved_at = now(), status_changed_at = now()
     WHERE id = $1 AND status = 'received' AND approved_at IS NULL RETURNING ${COLUMNS}`,
    [id, status, validUntil, JSON.stringify(access)],
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function touchLastAction(id: string, today: DateOnly): Promise<void> {
  await query(
    "UPDATE sandbox_bank.consents SET last_action_date = $2 WHERE id = $1 AND last_action_date IS DISTINCT FROM $2::date",
    [id, today],
  );
}
