// The route modules the OpenAPI document is built from: each path with the module that serves it.
// The operations (methods, schemas, summaries) are read from the modules' own route() declarations;
// lib/openapi/inventory.test.ts keeps this list equal to the route files under app/api.
import * as accounts from "@/app/api/accounttracking/v1/accounts/route";
import * as account from "@/app/api/accounttracking/v1/accounts/[id]/route";
import * as fileAccount from "@/app/api/accounttracking/v1/accounts/file/route";
import * as accountAutoUpdate from "@/app/api/accounttracking/v1/accounts/[id]/auto-update/route";
import * as accountCounterparts from "@/app/api/accounttracking/v1/accounts/[id]/counterparts/route";
import * as accountStats from "@/app/api/accounttracking/v1/accounts/[id]/stats/route";
import * as accountBalances from "@/app/api/accounttracking/v1/accounts/[id]/balances/route";
import * as accountReconciliation from "@/app/api/accounttracking/v1/accounts/[id]/reconciliation/route";
import * as reconciliationMonths from "@/app/api/accounttracking/v1/accounts/[id]/reconciliation/months/route";
import * as reconciliationMonth from "@/app/api/accounttracking/v1/accounts/[id]/reconciliation/months/[month]/route";
import * as statementImports from "@/app/api/accounttracking/v1/accounts/[id]/statements/route";
import * as statementImport from "@/app/api/accounttracking/v1/accounts/[id]/statements/[importId]/route";
import * as statementPreview from "@/app/api/accounttracking/v1/accounts/[id]/statements/preview/route";
import * as csvLayouts from "@/app/api/accounttracking/v1/csv-layouts/route";
import * as accountSyncStatus from "@/app/api/accounttracking/v1/accounts/[id]/sync-status/route";
import * as accountSync from "@/app/api/accounttracking/v1/accounts/[id]/sync-transactions/route";
import * as accountTransactions from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import * as accountTransactionsCsv from "@/app/api/accounttracking/v1/accounts/[id]/transactions.csv/route";
import * as accountTransactionTotals from "@/app/api/accounttracking/v1/accounts/[id]/transactions/totals/route";
import * as accountTransactionChanges from "@/app/api/accounttracking/v1/accounts/[id]/transactions/changes/route";
import * as active from "@/app/api/accounttracking/v1/active/route";
import * as banks from "@/app/api/accounttracking/v1/banks/route";
import * as consents from "@/app/api/accounttracking/v1/consents/route";
import * as consent from "@/app/api/accounttracking/v1/consents/[consent]/route";
import * as consentAccounts from "@/app/api/accounttracking/v1/consents/[consent]/accounts/route";
import * as consentRedirect from "@/app/api/accounttracking/v1/consents/[consent]/initiate-redirect/route";
import * as consentRemaining from "@/app/api/accounttracking/v1/consents/[consent]/remaining-days/route";
import * as consentRefresh from "@/app/api/accounttracking/v1/consents/[consent]/refresh/route";
import * as consentRenew from "@/app/api/accounttracking/v1/consents/[consent]/renew/route";
import * as consentRevoke from "@/app/api/accounttracking/v1/consents/[consent]/revoke/route";
import * as consentStatus from "@/app/api/accounttracking/v1/consents/[consent]/status/route";
import * as consentCallback from "@/app/api/accounttracking/v1/consents/callback/[integration]/route";
import * as counterpartNames from "@/app/api/accounttracking/v1/counterparts/route";
import * as counterpart from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/route";
import * as cpEntity from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/entity/route";
import * as cpCompany from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/company/route";
import * as cpCompanyCandidates from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/company-candidates/route";
import * as cpFamily from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/family/route";
import * as cpParent from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/parent/route";
import * as cpTransactions from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/transactions/route";
import * as consolidations from "@/app/api/accounttracking/v1/counterparts/consolidations/route";
import * as counterpartActivity from "@/app/api/accounttracking/v1/counterparts/activity/route";
import * as consolidation from "@/app/api/accounttracking/v1/counterparts/consolidations/[consolidationId]/route";
import * as categories from "@/app/api/accounttracking/v1/categories/route";
import * as category from "@/app/api/accounttracking/v1/categories/[id]/route";
import * as categoryMerge from "@/app/api/accounttracking/v1/categories/[id]/merge/route";
import * as cpDefaultCategory from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/default-category/route";
import * as countries from "@/app/api/accounttracking/v1/supported-countries/route";
import * as scopeTransactions from "@/app/api/accounttracking/v1/transactions/route";
import * as scopeTransactionTotals from "@/app/api/accounttracking/v1/transactions/totals/route";
import * as scopeTransactionsCsv from "@/app/api/accounttracking/v1/transactions.csv/route";
import * as transaction from "@/app/api/accounttracking/v1/transactions/[transactionId]/route";
import * as recurring from "@/app/api/accounttracking/v1/recurring/route";
import * as recurringStream from "@/app/api/accounttracking/v1/recurring/[streamId]/route";
import * as txCounterpart from "@/app/api/accounttracking/v1/transactions/[transactionId]/counterpart/route";
import * as txCategory from "@/app/api/accounttracking/v1/transactions/[transactionId]/category/route";
import * as txTransfer from "@/app/api/accounttracking/v1/transactions/[transactionId]/transfer/route";
import * as txChanges from "@/app/api/accounttracking/v1/transactions/changes/route";
import * as notifications from "@/app/api/accounttracking/v1/notifications/route";
import * as notificationRead from "@/app/api/accounttracking/v1/notifications/[id]/read/route";
import * as notificationsReadAll from "@/app/api/accounttracking/v1/notifications/read-all/route";
import * as categoryTotals from "@/app/api/accounttracking/v1/transactions/category-totals/route";
import * as trackingUsers from "@/app/api/accounttracking/v1/users/route";
import * as auditEvents from "@/app/api/audit/v1/events/route";
import * as apiKeys from "@/app/api/auth/v1/api-keys/route";
import * as apiKey from "@/app/api/auth/v1/api-keys/[id]/route";
import * as invites from "@/app/api/auth/v1/invites/route";
import * as acceptInvite from "@/app/api/auth/v1/invites/accept/route";
import * as me from "@/app/api/auth/v1/me/route";
import * as mePassword from "@/app/api/auth/v1/me/password/route";
import * as signOutEverywhere from "@/app/api/auth/v1/me/sign-out-everywhere/route";
import * as passwordReset from "@/app/api/auth/v1/password-reset/route";
import * as passwordResetConfirm from "@/app/api/auth/v1/password-reset/confirm/route";
import * as personalTokens from "@/app/api/auth/v1/personal-tokens/route";
import * as personalToken from "@/app/api/auth/v1/personal-tokens/[id]/route";
import * as revoke from "@/app/api/auth/v1/revoke/route";
import * as setup from "@/app/api/auth/v1/setup/route";
import * as signUp from "@/app/api/auth/v1/sign-up/route";
import * as token from "@/app/api/auth/v1/token/route";
import * as clients from "@/app/api/clients/v1/route";
import * as client from "@/app/api/clients/v1/[id]/route";
import * as lookup from "@/app/api/companies/v1/lookup/route";
import * as companySearch from "@/app/api/companies/v1/search/route";
import * as datasets from "@/app/api/datasets/v1/route";
import * as dataset from "@/app/api/datasets/v1/[id]/route";
import * as profiles from "@/app/api/datasets/v1/profiles/route";
import * as profile from "@/app/api/datasets/v1/profiles/[id]/route";
import * as profileUsage from "@/app/api/datasets/v1/profiles/[id]/increment-usage/route";
import * as profilePreview from "@/app/api/datasets/v1/profiles/[id]/preview/route";
import * as providers from "@/app/api/datasets/v1/providers/route";
import * as subsetTypes from "@/app/api/datasets/v1/subset-types/route";
import * as health from "@/app/api/health/route";
import * as rules from "@/app/api/accounttracking/v1/rules/route";
import * as rule from "@/app/api/accounttracking/v1/rules/[id]/route";
import * as ruleReorder from "@/app/api/accounttracking/v1/rules/reorder/route";
import * as ruleDraftPreview from "@/app/api/accounttracking/v1/rules/preview/route";
import * as rulePreview from "@/app/api/accounttracking/v1/rules/[id]/preview/route";
import * as ruleApply from "@/app/api/accounttracking/v1/rules/[id]/apply/route";
import * as ruleSuggestions from "@/app/api/accounttracking/v1/rules/suggestions/route";
import * as ruleSuggestionDismiss from "@/app/api/accounttracking/v1/rules/suggestions/dismiss/route";
import * as ruleApplication from "@/app/api/accounttracking/v1/rule-applications/[id]/route";
import * as ruleApplicationUndo from "@/app/api/accounttracking/v1/rule-applications/[id]/undo/route";
import * as webhookEndpoints from "@/app/api/webhooks/v1/endpoints/route";
import * as webhookEndpoint from "@/app/api/webhooks/v1/endpoints/[id]/route";
import * as webhookRotate from "@/app/api/webhooks/v1/endpoints/[id]/rotate-secret/route";
import * as webhookDeliveries from "@/app/api/webhooks/v1/endpoints/[id]/deliveries/route";
import * as webhookReplay from "@/app/api/webhooks/v1/endpoints/deliveries/[deliveryId]/replay/route";
import * as healthReady from "@/app/api/health/ready/route";
import * as metrics from "@/app/api/metrics/route";
import * as scopes from "@/app/api/scopes/v1/route";
import * as members from "@/app/api/scopes/v1/members/route";
import * as member from "@/app/api/scopes/v1/members/[userId]/route";
import { contractOf, type Handler, type Method } from "@/lib/api/methods";
import type { Contract } from "@/lib/api/contract";

export const ROUTE_MODULES: Record<string, Partial<Record<Method, unknown>>> = {
  "/api/accounttracking/v1/accounts": accounts,
  "/api/accounttracking/v1/accounts/file": fileAccount,
  "/api/accounttracking/v1/accounts/{id}": account,
  "/api/accounttracking/v1/accounts/{id}/auto-update": accountAutoUpdate,
  "/api/accounttracking/v1/accounts/{id}/counterparts": accountCounterparts,
  "/api/accounttracking/v1/accounts/{id}/stats": accountStats,
  "/api/accounttracking/v1/accounts/{id}/balances": accountBalances,
  "/api/accounttracking/v1/accounts/{id}/reconciliation": accountReconciliation,
  "/api/accounttracking/v1/accounts/{id}/reconciliation/months": reconciliationMonths,
  "/api/accounttracking/v1/accounts/{id}/reconciliation/months/{month}": reconciliationMonth,
  "/api/accounttracking/v1/accounts/{id}/statements": statementImports,
  "/api/accounttracking/v1/accounts/{id}/statements/{importId}": statementImport,
  "/api/accounttracking/v1/accounts/{id}/statements/preview": statementPreview,
  "/api/accounttracking/v1/csv-layouts": csvLayouts,
  "/api/accounttracking/v1/accounts/{id}/sync-status": accountSyncStatus,
  "/api/accounttracking/v1/accounts/{id}/sync-transactions": accountSync,
  "/api/accounttracking/v1/accounts/{id}/transactions": accountTransactions,
  "/api/accounttracking/v1/accounts/{id}/transactions.csv": accountTransactionsCsv,
  "/api/accounttracking/v1/accounts/{id}/transactions/totals": accountTransactionTotals,
  "/api/accounttracking/v1/accounts/{id}/transactions/changes": accountTransactionChanges,
  "/api/accounttracking/v1/active": active,
  "/api/accounttracking/v1/banks": banks,
  "/api/accounttracking/v1/consents": consents,
  "/api/accounttracking/v1/consents/{consent}": consent,
  "/api/accounttracking/v1/consents/{consent}/accounts": consentAccounts,
  "/api/accounttracking/v1/consents/{consent}/initiate-redirect": consentRedirect,
  "/api/accounttracking/v1/consents/{consent}/remaining-days": consentRemaining,
  "/api/accounttracking/v1/consents/{consent}/refresh": consentRefresh,
  "/api/accounttracking/v1/consents/{consent}/renew": consentRenew,
  "/api/accounttracking/v1/consents/{consent}/revoke": consentRevoke,
  "/api/accounttracking/v1/consents/{consent}/status": consentStatus,
  "/api/accounttracking/v1/consents/callback/{integration}": consentCallback,
  "/api/accounttracking/v1/counterparts": counterpartNames,
  "/api/accounttracking/v1/counterparts/{counterpartId}": counterpart,
  "/api/accounttracking/v1/counterparts/{counterpartId}/entity": cpEntity,
  "/api/accounttracking/v1/counterparts/{counterpartId}/company": cpCompany,
  "/api/accounttracking/v1/counterparts/{counterpartId}/company-candidates": cpCompanyCandidates,
  "/api/accounttracking/v1/counterparts/{counterpartId}/family": cpFamily,
  "/api/accounttracking/v1/counterparts/{counterpartId}/parent": cpParent,
  "/api/accounttracking/v1/counterparts/{counterpartId}/transactions": cpTransactions,
  "/api/accounttracking/v1/counterparts/activity": counterpartActivity,
  "/api/accounttracking/v1/counterparts/consolidations": consolidations,
  "/api/accounttracking/v1/counterparts/consolidations/{consolidationId}": consolidation,
  "/api/accounttracking/v1/recurring": recurring,
  "/api/accounttracking/v1/recurring/{streamId}": recurringStream,
  "/api/accounttracking/v1/supported-countries": countries,
  "/api/accounttracking/v1/transactions": scopeTransactions,
  "/api/accounttracking/v1/transactions/totals": scopeTransactionTotals,
  "/api/accounttracking/v1/transactions/category-totals": categoryTotals,
  "/api/accounttracking/v1/notifications": notifications,
  "/api/accounttracking/v1/notifications/{id}/read": notificationRead,
  "/api/accounttracking/v1/notifications/read-all": notificationsReadAll,
  "/api/accounttracking/v1/transactions.csv": scopeTransactionsCsv,
  "/api/accounttracking/v1/transactions/{transactionId}": transaction,
  "/api/accounttracking/v1/transactions/{transactionId}/counterpart": txCounterpart,
  "/api/accounttracking/v1/transactions/{transactionId}/category": txCategory,
  "/api/accounttracking/v1/categories": categories,
  "/api/accounttracking/v1/categories/{id}": category,
  "/api/accounttracking/v1/categories/{id}/merge": categoryMerge,
  "/api/accounttracking/v1/counterparts/{counterpartId}/default-category": cpDefaultCategory,
  "/api/accounttracking/v1/transactions/{transactionId}/transfer": txTransfer,
  "/api/accounttracking/v1/transactions/changes": txChanges,
  "/api/accounttracking/v1/users": trackingUsers,
  "/api/audit/v1/events": auditEvents,
  "/api/auth/v1/api-keys": apiKeys,
  "/api/auth/v1/api-keys/{id}": apiKey,
  "/api/auth/v1/invites": invites,
  "/api/auth/v1/invites/accept": acceptInvite,
  "/api/auth/v1/me": me,
  "/api/auth/v1/me/password": mePassword,
  "/api/auth/v1/me/sign-out-everywhere": signOutEverywhere,
  "/api/auth/v1/password-reset": passwordReset,
  "/api/auth/v1/password-reset/confirm": passwordResetConfirm,
  "/api/auth/v1/personal-tokens": personalTokens,
  "/api/auth/v1/personal-tokens/{id}": personalToken,
  "/api/auth/v1/revoke": revoke,
  "/api/auth/v1/setup": setup,
  "/api/auth/v1/sign-up": signUp,
  "/api/auth/v1/token": token,
  "/api/clients/v1": clients,
  "/api/clients/v1/{id}": client,
  "/api/companies/v1/lookup": lookup,
  "/api/companies/v1/search": companySearch,
  "/api/datasets/v1": datasets,
  "/api/datasets/v1/{id}": dataset,
  "/api/datasets/v1/profiles": profiles,
  "/api/datasets/v1/profiles/{id}": profile,
  "/api/datasets/v1/profiles/{id}/increment-usage": profileUsage,
  "/api/datasets/v1/profiles/{id}/preview": profilePreview,
  "/api/datasets/v1/providers": providers,
  "/api/datasets/v1/subset-types": subsetTypes,
  "/api/accounttracking/v1/rules": rules,
  "/api/accounttracking/v1/rules/{id}": rule,
  "/api/accounttracking/v1/rules/reorder": ruleReorder,
  "/api/accounttracking/v1/rules/preview": ruleDraftPreview,
  "/api/accounttracking/v1/rules/{id}/preview": rulePreview,
  "/api/accounttracking/v1/rules/{id}/apply": ruleApply,
  "/api/accounttracking/v1/rules/suggestions": ruleSuggestions,
  "/api/accounttracking/v1/rules/suggestions/dismiss": ruleSuggestionDismiss,
  "/api/accounttracking/v1/rule-applications/{id}": ruleApplication,
  "/api/accounttracking/v1/rule-applications/{id}/undo": ruleApplicationUndo,
  "/api/webhooks/v1/endpoints": webhookEndpoints,
  "/api/webhooks/v1/endpoints/{id}": webhookEndpoint,
  "/api/webhooks/v1/endpoints/{id}/rotate-secret": webhookRotate,
  "/api/webhooks/v1/endpoints/{id}/deliveries": webhookDeliveries,
  "/api/webhooks/v1/endpoints/deliveries/{deliveryId}/replay": webhookReplay,
  "/api/health": health,
  "/api/health/ready": healthReady,
  "/api/metrics": metrics,
  "/api/scopes/v1": scopes,
  "/api/scopes/v1/members": members,
  "/api/scopes/v1/members/{userId}": member,
};

/** One documented operation: a method of a route module that declares its contract. */
export type Operation = { method: Method; path: string; contract: Contract; handler: Handler };

const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

function collect(): Operation[] {
  return Object.entries(ROUTE_MODULES).flatMap(([path, module]) =>
    METHODS.flatMap((method) => {
      const declared = contractOf(module[method]);
      if (!declared) return [];
      const { tag } = declared;
      if (!tag) throw new Error(`${method} ${path} has no tag: export its methods through methods(tag, {...})`);
      return [{ method, path, contract: { ...declared, tag }, handler: module[method] as Handler }];
    }),
  );
}

let cached: Operation[] | null = null;

/** Every documented operation, in path order. */
export function operations(): Operation[] {
  cached ??= collect();
  return cached;
}

/** The operation whose route handler this is, or undefined (sandbox bank, ad-hoc test routes, 405 stubs). */
export function operationOf(handler: unknown): Operation | undefined {
  return operations().find((op) => op.handler === handler);
}
