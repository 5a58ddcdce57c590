// The route presets of records: `...CONSENT_READ` in a route's options names the path parameter, the
// finder (404 first) and who may act (403 after). The finders are the domains'; the presets are the
// request layer's, so domain code never imports lib/api.
import { recordRoute } from "@/lib/api/load";
import { findAccount, requireAccountId } from "@/lib/accounttracking/accounts/accounts";
import { findCategory } from "@/lib/categories/find";
import { findAppToken } from "@/lib/identity/tokens";
import { findConsent } from "@/lib/accounttracking/consents/consents";
import { findConsolidation } from "@/lib/counterparts/consolidate";
import { findCounterpart } from "@/lib/counterparts/find";
import { findMember } from "@/lib/scopes/scopes";
import { findProfile } from "@/lib/datasets/profiles";
import { findTransaction } from "@/lib/counterparts/transactions";
import { getClient } from "@/lib/clients/clients";
import { getDataset } from "@/lib/datasets/datasets";
import { findRule } from "@/lib/rules/rules";
import { findApplication } from "@/lib/rules/apply";

/** Routes about one tracked account, by {id}. */
export const accountRoute = recordRoute("id", findAccount);

/** Reading one account (App tokens too). */
export const ACCOUNT_READ = accountRoute("any", "accounts.read");

/** Reading one account's transactions, where only the id is needed (the hot-path check). */
export const ACCOUNT_ID_READ = recordRoute("id", (_db, scopeId, id) => requireAccountId(scopeId, id))(
  "any",
  "accounts.read",
);

/** Routes about one consent, by {consent}: reading it (App tokens too), or a person setting up accounts. */
const consentRoute = recordRoute("consent", findConsent);

export const CONSENT_READ = consentRoute("any", "accounts.read");

export const CONSENT_SETUP = consentRoute("user", "accounts.setup");

/** Routes about one client of the scope, by {id}. */
export const clientRoute = recordRoute("id", getClient);

/** Routes about one consolidation, by {consolidationId}. */
export const consolidationRoute = recordRoute("consolidationId", findConsolidation);

/** Routes about one counterpart, by {counterpartId}: reading it (App tokens too), or a person changing it. */
const counterpartRoute = recordRoute("counterpartId", findCounterpart);

export const COUNTERPART_READ = counterpartRoute("any", "accounts.read");

/** Searching the registers for who a counterpart is (it consults outside providers, as a lookup does). */
export const COUNTERPART_LOOKUP = counterpartRoute("any", "lookup.run");

export const COUNTERPART_WRITE = counterpartRoute("user", "counterparts.write");

/** Routes where a person binds one transaction, by {transactionId}, to a counterpart. */
export const TRANSACTION_BINDING = recordRoute("transactionId", findTransaction)("user", "counterparts.write");

/** Routes about one dataset of the scope's registry, by {id}. */
export const datasetRoute = recordRoute("id", getDataset);

/** Routes about one profile, by {id}; changing one needs profiles.write (and more for a default, below). */
export const profileRoute = recordRoute("id", findProfile);

export const PROFILE_WRITE = profileRoute("any", "profiles.write");

/** Routes about one App token of the scope, by {id}. */
export const appTokenRoute = recordRoute("id", findAppToken);

/** Routes where an admin manages one member, by {userId}. */
export const MEMBER_MANAGE = recordRoute("userId", findMember)("user", "members.manage");

/** Routes about one rule, by {id}: reading it (App tokens too), or a person changing it. */
const ruleRoute = recordRoute("id", findRule);
export const RULE_READ = ruleRoute("any", "accounts.read");
export const RULE_WRITE = ruleRoute("user", "counterparts.write");

/** Routes about one application of a rule to existing transactions, by {id}. */
const applicationRoute = recordRoute("id", findApplication);
export const RULE_APPLICATION_READ = applicationRoute("any", "accounts.read");
export const RULE_APPLICATION_WRITE = applicationRoute("user", "counterparts.write");

/** Routes about one category of the scope, by {id}: reading it (App tokens too), or an admin changing it. */
const categoryRoute = recordRoute("id", findCategory);

export const CATEGORY_READ = categoryRoute("any", "accounts.read");

export const CATEGORY_MANAGE = categoryRoute("user", "categories.manage");
