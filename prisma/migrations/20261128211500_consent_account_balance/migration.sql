-- The balance a bank lists with each account (NextGenPSD2 withBalance), kept beside the account so
-- the person choosing which accounts to track sees what each holds. Null where the list gives none.
ALTER TABLE "consent_accounts" ADD COLUMN "balance_amount" DECIMAL,
ADD COLUMN "balance_currency" CHAR(3),
ADD COLUMN "balance_type" TEXT,
ADD COLUMN "balance_date" TEXT;
