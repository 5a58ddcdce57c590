// THE registry: path + method → the route module's handler, with what the document says about it.
// Every route file under app/api (except Auth.js's, the catch-all and the sandbox bank) appears here;
// lib/openapi/inventory.test.ts fails when one is missing or stale.
import { z } from "zod";
import * as accountCounterparts from "@/app/api/accounttracking/v1/accounts/[id]/counterparts/route";
import * as cpEntity from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/entity/route";
import * as cpFamily from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/family/route";
import * as cpParent from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/parent/route";
import * as counterpart from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/route";
import * as cpTransactions from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/transactions/route";
import * as consolidation from "@/app/api/accounttracking/v1/counterparts/consolidations/[consolidationId]/route";
import * as consolidations from "@/app/api/accounttracking/v1/counterparts/consolidations/route";
import * as counterpartNames from "@/app/api/accounttracking/v1/counterparts/route";
import * as txCounterpart from "@/app/api/accounttracking/v1/transactions/[transactionId]/counterpart/route";
import * as accountAutoUpdate from "@/app/api/accounttracking/v1/accounts/[id]/auto-update/route";
import * as account from "@/app/api/accounttracking/v1/accounts/[id]/route";
import * as accountStats from "@/app/api/accounttracking/v1/accounts/[id]/stats/route";
import * as accountSyncStatus from "@/app/api/accounttracking/v1/accounts/[id]/sync-status/route";
import * as accountSync from "@/app/api/accounttracking/v1/accounts/[id]/sync-transactions/route";
import * as accountTransactions from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import * as accountTransactionsCsv from "@/app/api/accounttracking/v1/accounts/[id]/transactions.csv/route";
import * as accountTransactionTotals from "@/app/api/accounttracking/v1/accounts/[id]/transactions/totals/route";
import * as txTransfer from "@/app/api/accounttracking/v1/transactions/[transactionId]/transfer/route";
import * as accounts from "@/app/api/accounttracking/v1/accounts/route";
import * as active from "@/app/api/accounttracking/v1/active/route";
import * as banks from "@/app/api/accounttracking/v1/banks/route";
import * as consentAccounts from "@/app/api/accounttracking/v1/consents/[consent]/accounts/route";
import * as consentRedirect from "@/app/api/accounttracking/v1/consents/[consent]/initiate-redirect/route";
import * as consentRemaining from "@/app/api/accounttracking/v1/consents/[consent]/remaining-days/route";
import * as consentRenew from "@/app/api/accounttracking/v1/consents/[consent]/renew/route";
import * as consentRevoke from "@/app/api/accounttracking/v1/consents/[consent]/revoke/route";
import * as consent from "@/app/api/accounttracking/v1/consents/[consent]/route";
import * as consentStatus from "@/app/api/accounttracking/v1/consents/[consent]/status/route";
import * as consentCallback from "@/app/api/accounttracking/v1/consents/callback/[integration]/route";
import * as consents from "@/app/api/accounttracking/v1/consents/route";
import * as countries from "@/app/api/accounttracking/v1/supported-countries/route";
import * as trackingUsers from "@/app/api/accounttracking/v1/users/route";
import * as apiKey from "@/app/api/auth/v1/api-keys/[id]/route";
import * as apiKeys from "@/app/api/auth/v1/api-keys/route";
import * as me from "@/app/api/auth/v1/me/route";
import * as personalToken from "@/app/api/auth/v1/personal-tokens/[id]/route";
import * as personalTokens from "@/app/api/auth/v1/personal-tokens/route";
import * as revoke from "@/app/api/auth/v1/revoke/route";
import * as signUp from "@/app/api/auth/v1/sign-up/route";
import * as token from "@/app/api/auth/v1/token/route";
import * as client from "@/app/api/clients/v1/[id]/route";
import * as clients from "@/app/api/clients/v1/route";
import * as lookup from "@/app/api/companies/v1/lookup/route";
import * as dataset from "@/app/api/datasets/v1/[id]/route";
import * as profileUsage from "@/app/api/datasets/v1/profiles/[id]/increment-usage/route";
import * as profile from "@/app/api/datasets/v1/profiles/[id]/route";
import * as profiles from "@/app/api/datasets/v1/profiles/route";
import * as providers from "@/app/api/datasets/v1/providers/route";
import * as datasets from "@/app/api/datasets/v1/route";
import * as subsetTypes from "@/app/api/datasets/v1/subset-types/route";
import * as health from "@/app/api/health/route";
import * as member from "@/app/api/scopes/v1/members/[userId]/route";
import * as members from "@/app/api/scopes/v1/members/route";
import * as scopes from "@/app/api/scopes/v1/route";
import {
  AutoUpdateBody, BanksQuery, CreateConsentBody, InitiateRedirectBody, ListAccountsQuery, ListConsentsQuery,
  RenewConsentBody, TrackAccountBody, TransactionFilterQuery, TransactionsQuery, TransferBody,
} from "@/lib/accounttracking/schemas";
import { CreateClientBody, ListClientsQuery } from "@/lib/clients/schemas";
import {
  AccountFilterQuery, AliasBody, BindTransactionBody, ConsolidateBody, CounterpartNamesQuery, CounterpartsQuery, CounterpartTransactionsQuery,
  EntityBody, ParentBody,
} from "@/lib/counterparts/schemas";
import { ListProfilesQuery, LookupQuery } from "@/lib/datasets/schemas";
import { CreateApiKeyBody, CreatePersonalTokenBody, RevokeBody, SignUpBody, TokenGrantBody } from "@/lib/identity/schemas";
import { AddMemberBody, CreateScopeBody, UpdateMemberBody } from "@/lib/scopes/schemas";
import * as at from "@/lib/openapi/schemas/accounttracking";
import * as cp from "@/lib/openapi/schemas/counterparts";
import * as pf from "@/lib/openapi/schemas/platform";
import type { Operation } from "@/lib/openapi/types";

const AT = "/api/accounttracking/v1";
const BANK: Operation["errors"] = ["conflict", "bad_gateway", "service_unavailable"];
const list = <T extends z.ZodType>(item: T) => z.array(item);

export const TAGS = [
  { name: "Authentication", description: "Sign-up, tokens, personal access tokens and API keys." },
  { name: "Scopes", description: "Scopes (workspaces), their members and roles." },
  { name: "Clients", description: "The clients of a scope." },
  { name: "Account tracking", description: "Registration, banks and PSD2 consents." },
  { name: "Tracked accounts", description: "Tracked bank accounts, transactions, stats and syncs." },
  { name: "Counterparts", description: "Who an account's transactions are with: totals, aliases, consolidation, families and bindings." },
  { name: "Data registry", description: "Datasets, subset types, providers, profiles and company lookup." },
  { name: "Health", description: "Liveness." },
] as const;

export const OPERATIONS: Operation[] = [
  // Authentication
  { method: "post", path: "/api/auth/v1/sign-up", handler: signUp.POST, operationId: "signUp", tag: "Authentication", summary: "Create an account and its own scope", auth: "public", scoped: false, body: SignUpBody, success: { 201: pf.SignUpResultSchema }, errors: ["conflict"] },
  { method: "post", path: "/api/auth/v1/token", handler: token.POST, operationId: "issueToken", tag: "Authentication", summary: "Exchange a password or refresh token for an access token (15 min) and a rotating refresh token (30 days)", auth: "public", scoped: false, body: TokenGrantBody, success: { 200: pf.TokenPairSchema }, errors: ["unauthenticated"] },
  { method: "post", path: "/api/auth/v1/revoke", handler: revoke.POST, operationId: "revokeToken", tag: "Authentication", summary: "Revoke a token (a refresh token ends its whole sign-in)", auth: "public", scoped: false, body: RevokeBody, success: { 200: pf.RevokedSchema } },
  { method: "get", path: "/api/auth/v1/me", handler: me.GET, operationId: "getMe", tag: "Authentication", summary: "Who the caller is", auth: "any", scoped: false, success: { 200: pf.MeSchema }, errors: ["not_found"] },
  { method: "get", path: "/api/auth/v1/personal-tokens", handler: personalTokens.GET, operationId: "listPersonalTokens", tag: "Authentication", summary: "List your personal access tokens", auth: "user", scoped: false, success: { 200: list(pf.TokenRecordSchema) } },
  { method: "post", path: "/api/auth/v1/personal-tokens", handler: personalTokens.POST, operationId: "createPersonalToken", tag: "Authentication", summary: "Create a personal access token (the secret is shown once)", auth: "user", scoped: false, body: CreatePersonalTokenBody, success: { 201: pf.CreatedTokenSchema } },
  { method: "delete", path: "/api/auth/v1/personal-tokens/{id}", handler: personalToken.DELETE, operationId: "revokePersonalToken", tag: "Authentication", summary: "Revoke a personal access token", auth: "user", scoped: false, uuidParams: ["id"], success: { 200: pf.TokenRecordSchema } },
  { method: "get", path: "/api/auth/v1/api-keys", handler: apiKeys.GET, operationId: "listApiKeys", tag: "Authentication", summary: "List the scope's App tokens (API keys, connector apps, delegated agents)", auth: "user", scoped: true, capability: "tokens.manage", success: { 200: list(pf.TokenRecordSchema) } },
  { method: "post", path: "/api/auth/v1/api-keys", handler: apiKeys.POST, operationId: "createApiKey", tag: "Authentication", summary: "Create an App token bound to this scope (the secret is shown once)", auth: "user", scoped: true, capability: "tokens.manage", body: CreateApiKeyBody, success: { 201: pf.CreatedTokenSchema } },
  { method: "delete", path: "/api/auth/v1/api-keys/{id}", handler: apiKey.DELETE, operationId: "revokeApiKey", tag: "Authentication", summary: "Revoke an App token", auth: "user", scoped: true, capability: "tokens.manage", uuidParams: ["id"], success: { 200: pf.TokenRecordSchema } },

  // Scopes
  { method: "get", path: "/api/scopes/v1", handler: scopes.GET, operationId: "listScopes", tag: "Scopes", summary: "The scopes the caller may name in X-Scope", auth: "any", scoped: false, success: { 200: list(pf.ScopeSchema) } },
  { method: "post", path: "/api/scopes/v1", handler: scopes.POST, operationId: "createScope", tag: "Scopes", summary: "Create a scope (the creator is admin)", auth: "user", scoped: false, body: CreateScopeBody, success: { 201: pf.ScopeSchema } },
  { method: "get", path: "/api/scopes/v1/members", handler: members.GET, operationId: "listMembers", tag: "Scopes", summary: "List the scope's members", auth: "any", scoped: true, capability: "scope.read", success: { 200: list(pf.MemberSchema) } },
  { method: "post", path: "/api/scopes/v1/members", handler: members.POST, operationId: "addMember", tag: "Scopes", summary: "Add an existing account to the scope", auth: "user", scoped: true, capability: "members.manage", body: AddMemberBody, success: { 201: pf.MemberSchema } },
  { method: "patch", path: "/api/scopes/v1/members/{userId}", handler: member.PATCH, operationId: "updateMember", tag: "Scopes", summary: "Change a member's role (a scope always keeps one admin)", auth: "user", scoped: true, capability: "members.manage", uuidParams: ["userId"], body: UpdateMemberBody, success: { 200: pf.MemberSchema } },
  { method: "delete", path: "/api/scopes/v1/members/{userId}", handler: member.DELETE, operationId: "removeMember", tag: "Scopes", summary: "Remove a member", auth: "user", scoped: true, capability: "members.manage", uuidParams: ["userId"], success: { 204: null } },

  // Clients
  { method: "get", path: "/api/clients/v1", handler: clients.GET, operationId: "listClients", tag: "Clients", summary: "List clients, newest first", auth: "any", scoped: true, capability: "clients.read", query: ListClientsQuery, paginated: true, success: { 200: pf.ClientSchema } },
  { method: "post", path: "/api/clients/v1", handler: clients.POST, operationId: "createClient", tag: "Clients", summary: "Create a client", auth: "any", scoped: true, capability: "clients.write", body: CreateClientBody, success: { 201: pf.ClientSchema } },
  { method: "get", path: "/api/clients/v1/{id}", handler: client.GET, operationId: "getClient", tag: "Clients", summary: "Get a client", auth: "any", scoped: true, capability: "clients.read", uuidParams: ["id"], success: { 200: pf.ClientSchema } },

  // Account tracking
  { method: "get", path: `${AT}/active`, handler: active.GET, operationId: "getTrackingStatus", tag: "Account tracking", summary: "Is the caller registered for tracking in this scope?", auth: "user", scoped: true, capability: "accounts.read", success: { 200: at.TrackingStatusSchema } },
  { method: "post", path: `${AT}/users`, handler: trackingUsers.POST, operationId: "registerForTracking", tag: "Account tracking", summary: "Register the caller for tracking (201 the first time, 200 after)", auth: "user", scoped: true, capability: "accounts.setup", success: { 201: at.TrackingStatusSchema, 200: at.TrackingStatusSchema } },
  { method: "get", path: `${AT}/supported-countries`, handler: countries.GET, operationId: "listSupportedCountries", tag: "Account tracking", summary: "Countries with banks", auth: "any", scoped: true, capability: "accounts.read", success: { 200: list(at.CountrySchema) }, errors: BANK },
  { method: "get", path: `${AT}/banks`, handler: banks.GET, operationId: "listBanks", tag: "Account tracking", summary: "Banks of a country", auth: "any", scoped: true, capability: "accounts.read", query: BanksQuery, success: { 200: list(at.BankSchema) }, errors: BANK },
  { method: "get", path: `${AT}/consents`, handler: consents.GET, operationId: "listConsents", tag: "Account tracking", summary: "List consents, newest first (stored state)", auth: "any", scoped: true, capability: "accounts.read", query: ListConsentsQuery, paginated: true, success: { 200: at.ConsentSchema } },
  { method: "post", path: `${AT}/consents`, handler: consents.POST, operationId: "createConsent", tag: "Account tracking", summary: "Create a consent (pending until the account holder approves it at the bank)", auth: "user", scoped: true, capability: "accounts.setup", body: CreateConsentBody, success: { 201: at.ConsentSchema }, errors: BANK },
  { method: "get", path: `${AT}/consents/{consent}`, handler: consent.GET, operationId: "getConsent", tag: "Account tracking", summary: "Get a consent (stored state, no bank call)", auth: "any", scoped: true, capability: "accounts.read", uuidParams: ["consent"], success: { 200: at.ConsentSchema } },
  { method: "post", path: `${AT}/consents/{consent}/initiate-redirect`, handler: consentRedirect.POST, operationId: "initiateConsentRedirect", tag: "Account tracking", summary: "Start the bank redirect: returns the URL to send the account holder to", auth: "user", scoped: true, capability: "accounts.setup", uuidParams: ["consent"], body: InitiateRedirectBody, bodyOptional: true, success: { 200: at.RedirectSchema }, errors: BANK },
  { method: "get", path: `${AT}/consents/callback/{integration}`, handler: consentCallback.GET, operationId: "consentCallback", tag: "Account tracking", summary: "The bank's redirect back (303 to the result page)", auth: "public", scoped: false, query: z.object({ state: z.string().optional(), result: z.enum(["ok", "nok"]).optional() }), success: { 303: null } },
  { method: "get", path: `${AT}/consents/{consent}/status`, handler: consentStatus.GET, operationId: "refreshConsentStatus", tag: "Account tracking", summary: "Ask the bank for the consent's status; stores and returns it", auth: "any", scoped: true, capability: "accounts.read", uuidParams: ["consent"], success: { 200: at.ConsentSchema }, errors: BANK },
  { method: "get", path: `${AT}/consents/{consent}/remaining-days`, handler: consentRemaining.GET, operationId: "getConsentRemainingDays", tag: "Account tracking", summary: "Days of validity left, counted from the bank's date", auth: "any", scoped: true, capability: "accounts.read", uuidParams: ["consent"], success: { 200: at.RemainingDaysSchema }, errors: BANK },
  { method: "get", path: `${AT}/consents/{consent}/accounts`, handler: consentAccounts.GET, operationId: "listConsentAccounts", tag: "Account tracking", summary: "The bank accounts a valid consent exposes", auth: "any", scoped: true, capability: "accounts.read", uuidParams: ["consent"], success: { 200: list(at.BankAccountSchema) }, errors: BANK },
  { method: "post", path: `${AT}/consents/{consent}/renew`, handler: consentRenew.POST, operationId: "renewConsent", tag: "Account tracking", summary: "Renew or reconnect (valid, expired or revoked): a new pending consent for the same bank; once approved the tracked accounts move to it (200 with it if one is pending)", auth: "user", scoped: true, capability: "accounts.setup", uuidParams: ["consent"], body: RenewConsentBody, bodyOptional: true, success: { 201: at.ConsentSchema, 200: at.ConsentSchema }, errors: BANK },
  { method: "post", path: `${AT}/consents/{consent}/revoke`, handler: consentRevoke.POST, operationId: "revokeConsent", tag: "Account tracking", summary: "Revoke a consent at the bank and here", auth: "user", scoped: true, capability: "accounts.setup", uuidParams: ["consent"], success: { 200: at.ConsentSchema }, errors: BANK },

  // Tracked accounts
  { method: "get", path: `${AT}/accounts`, handler: accounts.GET, operationId: "listAccounts", tag: "Tracked accounts", summary: "List tracked accounts, oldest first, each with its latest sync", auth: "any", scoped: true, capability: "accounts.read", query: ListAccountsQuery, paginated: true, success: { 200: at.AccountSchema } },
  { method: "post", path: `${AT}/accounts`, handler: accounts.POST, operationId: "trackAccount", tag: "Tracked accounts", summary: "Track a bank account; starts its first sync", description: "Send bankId, countryCode and accountType alone to track the one shared account of that type under the only valid consent for the bank. Where several shared accounts match, the answer is 422 and `error.details.accountId` lists each candidate with its accountId (and name, IBAN, currency): repeat the request with the chosen accountId. Where several valid consents exist for the bank, send consentId.", auth: "user", scoped: true, capability: "accounts.setup", body: TrackAccountBody, success: { 201: at.TrackedSchema }, errors: BANK },
  { method: "get", path: `${AT}/accounts/{id}`, handler: account.GET, operationId: "getAccount", tag: "Tracked accounts", summary: "Get a tracked account", auth: "any", scoped: true, capability: "accounts.read", uuidParams: ["id"], success: { 200: at.AccountSchema } },
  { method: "get", path: `${AT}/accounts/{id}/transactions`, handler: accountTransactions.GET, operationId: "listTransactions", tag: "Tracked accounts", summary: "Transactions, newest first, page by page (cursor)", description: "perPage default 100, max 500. Dates are inclusive, YYYY-MM-DD.", auth: "any", scoped: true, capability: "accounts.read", uuidParams: ["id"], query: TransactionsQuery, paginated: true, success: { 200: at.TransactionSchema } },
  { method: "get", path: `${AT}/accounts/{id}/transactions/totals`, handler: accountTransactionTotals.GET, operationId: "getTransactionTotals", tag: "Tracked accounts", summary: "Totals of the filtered transactions (same filters as the list): count, and per currency money in, out and net; own-account transfers apart", auth: "any", scoped: true, capability: "accounts.read", uuidParams: ["id"], query: TransactionFilterQuery, success: { 200: at.TransactionTotalsSchema } },
  { method: "get", path: `${AT}/accounts/{id}/transactions.csv`, handler: accountTransactionsCsv.GET, operationId: "exportTransactionsCsv", tag: "Tracked accounts", summary: "The filtered transactions (same filters as the list, no paging) as a CSV download, newest first", description: "RFC 4180, UTF-8, CRLF; a header row, then one row per transaction. Errors are JSON in the envelope.", auth: "any", scoped: true, capability: "accounts.read", uuidParams: ["id"], query: TransactionFilterQuery, mediaType: "text/csv", success: { 200: z.string() } },
  { method: "get", path: `${AT}/accounts/{id}/stats`, handler: accountStats.GET, operationId: "getAccountStats", tag: "Tracked accounts", summary: "Balance, counts, monthly in/out over the whole history (own-account transfers apart) and top counterparts", auth: "any", scoped: true, capability: "accounts.read", uuidParams: ["id"], success: { 200: at.StatsSchema } },
  { method: "get", path: `${AT}/accounts/{id}/sync-status`, handler: accountSyncStatus.GET, operationId: "getSyncStatus", tag: "Tracked accounts", summary: "The latest sync run, schedule and PSD2 unattended-access budget", auth: "any", scoped: true, capability: "accounts.read", uuidParams: ["id"], success: { 200: at.SyncStatusSchema } },
  { method: "post", path: `${AT}/accounts/{id}/sync-transactions`, handler: accountSync.POST, operationId: "syncTransactions", tag: "Tracked accounts", summary: "Start a sync (202; while one is queued or running, that run)", auth: "user", scoped: true, capability: "accounts.sync", uuidParams: ["id"], success: { 202: at.SyncRunSchema } },
  { method: "put", path: `${AT}/accounts/{id}/auto-update`, handler: accountAutoUpdate.PUT, operationId: "setAutoUpdate", tag: "Tracked accounts", summary: "Automatic updates per day (0–3)", auth: "user", scoped: true, capability: "accounts.setup", uuidParams: ["id"], body: AutoUpdateBody, success: { 200: at.AutoUpdateSchema } },

  // Counterparts
  { method: "get", path: `${AT}/accounts/{id}/counterparts`, handler: accountCounterparts.GET, operationId: "listAccountCounterparts", tag: "Counterparts", summary: "The parties an account's transactions are with, with totals", auth: "any", scoped: true, capability: "accounts.read", uuidParams: ["id"], query: CounterpartsQuery, paginated: true, success: { 200: cp.CounterpartListItemSchema } },
  { method: "get", path: `${AT}/counterparts`, handler: counterpartNames.GET, operationId: "getCounterpartNames", tag: "Counterparts", summary: "Display names of up to 200 counterparts by id (consolidation resolved; other scopes' ids left out)", auth: "any", scoped: true, capability: "accounts.read", query: CounterpartNamesQuery, success: { 200: list(cp.CounterpartNameSchema) } },
  { method: "get", path: `${AT}/counterparts/{counterpartId}`, handler: counterpart.GET, operationId: "getCounterpart", tag: "Counterparts", summary: "A counterpart with its members, match keys, bank names, totals and monthly totals", auth: "any", scoped: true, capability: "accounts.read", uuidParams: ["counterpartId"], query: AccountFilterQuery, success: { 200: cp.CounterpartDetailSchema } },
  { method: "patch", path: `${AT}/counterparts/{counterpartId}`, handler: counterpart.PATCH, operationId: "setCounterpartAlias", tag: "Counterparts", summary: "Set or clear (null) the alias", auth: "user", scoped: true, capability: "counterparts.write", uuidParams: ["counterpartId"], body: AliasBody, success: { 200: cp.CounterpartSchema } },
  { method: "put", path: `${AT}/counterparts/{counterpartId}/entity`, handler: cpEntity.PUT, operationId: "bindCounterpartEntity", tag: "Counterparts", summary: "Bind the counterpart to an entity (e.g. a client)", auth: "user", scoped: true, capability: "counterparts.write", uuidParams: ["counterpartId"], body: EntityBody, success: { 200: cp.CounterpartSchema } },
  { method: "delete", path: `${AT}/counterparts/{counterpartId}/entity`, handler: cpEntity.DELETE, operationId: "unbindCounterpartEntity", tag: "Counterparts", summary: "Unbind the counterpart from its entity", auth: "user", scoped: true, capability: "counterparts.write", uuidParams: ["counterpartId"], success: { 200: cp.CounterpartSchema } },
  { method: "get", path: `${AT}/counterparts/{counterpartId}/family`, handler: cpFamily.GET, operationId: "getCounterpartFamily", tag: "Counterparts", summary: "The counterpart's family tree with own and rolled-up totals", auth: "any", scoped: true, capability: "accounts.read", uuidParams: ["counterpartId"], query: AccountFilterQuery, success: { 200: cp.FamilyNodeSchema } },
  { method: "put", path: `${AT}/counterparts/{counterpartId}/parent`, handler: cpParent.PUT, operationId: "setCounterpartParent", tag: "Counterparts", summary: "Make the counterpart a child of another (a cycle → 422)", auth: "user", scoped: true, capability: "counterparts.write", uuidParams: ["counterpartId"], body: ParentBody, success: { 200: cp.CounterpartSchema } },
  { method: "delete", path: `${AT}/counterparts/{counterpartId}/parent`, handler: cpParent.DELETE, operationId: "unlinkCounterpartParent", tag: "Counterparts", summary: "Unlink the counterpart from its parent", auth: "user", scoped: true, capability: "counterparts.write", uuidParams: ["counterpartId"], success: { 200: cp.CounterpartSchema } },
  { method: "get", path: `${AT}/counterparts/{counterpartId}/transactions`, handler: cpTransactions.GET, operationId: "listCounterpartTransactions", tag: "Counterparts", summary: "The counterpart's transactions (consolidated members included), newest first", auth: "any", scoped: true, capability: "accounts.read", uuidParams: ["counterpartId"], query: CounterpartTransactionsQuery, paginated: true, success: { 200: cp.CounterpartTransactionSchema } },
  { method: "post", path: `${AT}/counterparts/consolidations`, handler: consolidations.POST, operationId: "consolidateCounterparts", tag: "Counterparts", summary: "Consolidate counterparts into a target", auth: "user", scoped: true, capability: "counterparts.write", body: ConsolidateBody, success: { 201: cp.ConsolidationSchema } },
  { method: "get", path: `${AT}/counterparts/consolidations/{consolidationId}`, handler: consolidation.GET, operationId: "getConsolidation", tag: "Counterparts", summary: "Get a consolidation", auth: "any", scoped: true, capability: "accounts.read", uuidParams: ["consolidationId"], success: { 200: cp.ConsolidationSchema } },
  { method: "delete", path: `${AT}/counterparts/consolidations/{consolidationId}`, handler: consolidation.DELETE, operationId: "undoConsolidation", tag: "Counterparts", summary: "Undo a consolidation (already undone → 409)", auth: "user", scoped: true, capability: "counterparts.write", uuidParams: ["consolidationId"], success: { 200: cp.ConsolidationSchema } },
  { method: "put", path: `${AT}/transactions/{transactionId}/counterpart`, handler: txCounterpart.PUT, operationId: "bindTransactionCounterpart", tag: "Counterparts", summary: "Bind one transaction to a counterpart (survives re-syncs)", auth: "user", scoped: true, capability: "counterparts.write", uuidParams: ["transactionId"], body: BindTransactionBody, success: { 200: cp.CounterpartTransactionSchema } },
  { method: "delete", path: `${AT}/transactions/{transactionId}/counterpart`, handler: txCounterpart.DELETE, operationId: "unbindTransactionCounterpart", tag: "Counterparts", summary: "Remove a transaction's binding (the derived counterpart applies again)", auth: "user", scoped: true, capability: "counterparts.write", uuidParams: ["transactionId"], success: { 200: cp.CounterpartTransactionSchema } },
  { method: "put", path: `${AT}/transactions/{transactionId}/transfer`, handler: txTransfer.PUT, operationId: "markTransactionTransfer", tag: "Tracked accounts", summary: "Say whether a transaction is a transfer between own accounts (wins over detection; survives re-syncs)", auth: "user", scoped: true, capability: "counterparts.write", uuidParams: ["transactionId"], body: TransferBody, success: { 200: at.TransactionSchema } },
  { method: "delete", path: `${AT}/transactions/{transactionId}/transfer`, handler: txTransfer.DELETE, operationId: "clearTransactionTransfer", tag: "Tracked accounts", summary: "Return a transaction to own-account transfer detection", auth: "user", scoped: true, capability: "counterparts.write", uuidParams: ["transactionId"], success: { 200: at.TransactionSchema } },

  // Data registry
  { method: "get", path: "/api/datasets/v1", handler: datasets.GET, operationId: "listDatasets", tag: "Data registry", summary: "List datasets", auth: "any", scoped: true, capability: "datasets.read", success: { 200: list(pf.DatasetSchema) } },
  { method: "get", path: "/api/datasets/v1/{id}", handler: dataset.GET, operationId: "getDataset", tag: "Data registry", summary: "Get a dataset", auth: "any", scoped: true, capability: "datasets.read", uuidParams: ["id"], success: { 200: pf.DatasetSchema } },
  { method: "get", path: "/api/datasets/v1/subset-types", handler: subsetTypes.GET, operationId: "listSubsetTypes", tag: "Data registry", summary: "List subset types", auth: "any", scoped: true, capability: "datasets.read", success: { 200: list(pf.SubsetTypeSchema) } },
  { method: "get", path: "/api/datasets/v1/providers", handler: providers.GET, operationId: "listProviders", tag: "Data registry", summary: "List company-data providers in the default order", auth: "any", scoped: true, capability: "datasets.read", success: { 200: list(pf.ProviderSchema) } },
  { method: "get", path: "/api/datasets/v1/profiles", handler: profiles.GET, operationId: "listProfiles", tag: "Data registry", summary: "List profiles, newest first", auth: "any", scoped: true, capability: "datasets.read", query: ListProfilesQuery, paginated: true, success: { 200: pf.ProfileSchema } },
  { method: "post", path: "/api/datasets/v1/profiles", handler: profiles.POST, operationId: "createProfile", tag: "Data registry", summary: "Create a profile", auth: "any", scoped: true, capability: "profiles.write", body: pf.ProfileRequestSchema, success: { 201: pf.ProfileSchema } },
  { method: "get", path: "/api/datasets/v1/profiles/{id}", handler: profile.GET, operationId: "getProfile", tag: "Data registry", summary: "Get a profile", auth: "any", scoped: true, capability: "datasets.read", uuidParams: ["id"], success: { 200: pf.ProfileSchema } },
  { method: "put", path: "/api/datasets/v1/profiles/{id}", handler: profile.PUT, operationId: "replaceProfile", tag: "Data registry", summary: "Replace a profile", auth: "any", scoped: true, capability: "profiles.write", uuidParams: ["id"], body: pf.ProfileRequestSchema, success: { 200: pf.ProfileSchema } },
  { method: "delete", path: "/api/datasets/v1/profiles/{id}", handler: profile.DELETE, operationId: "deleteProfile", tag: "Data registry", summary: "Delete a profile", auth: "any", scoped: true, capability: "profiles.write", uuidParams: ["id"], success: { 204: null } },
  { method: "post", path: "/api/datasets/v1/profiles/{id}/increment-usage", handler: profileUsage.POST, operationId: "incrementProfileUsage", tag: "Data registry", summary: "Add one to a profile's usage count", auth: "any", scoped: true, capability: "profiles.write", uuidParams: ["id"], success: { 200: pf.ProfileSchema } },
  { method: "get", path: "/api/companies/v1/lookup", handler: lookup.GET, operationId: "lookupCompany", tag: "Data registry", summary: "Look up a company through the applicable profile", auth: "any", scoped: true, capability: "lookup.run", query: LookupQuery, success: { 200: pf.LookupResultSchema }, errors: ["conflict"] },

  // Health
  { method: "get", path: "/api/health", handler: health.GET, operationId: "health", tag: "Health", summary: "Liveness", auth: "public", scoped: false, bare: true, success: { 200: z.object({ status: z.literal("ok") }) } },
];

const byHandler = new Map<unknown, Operation>(OPERATIONS.map((op) => [op.handler, op]));

/** The operation whose route handler this is, or undefined (sandbox bank, ad-hoc test routes, 405 stubs). */
export function operationOf(handler: unknown): Operation | undefined {
  return byHandler.get(handler);
}
