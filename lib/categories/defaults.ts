// The categories every scope starts with: a small set a company and a person both recognise, one
// level of children. `key` is stable (rules, the demo and the recurring detector name categories by
// it); the name is what admins may rename. No server imports: the browser reads this list too.
export type DefaultCategory = { key: string; name: string; parent?: string };

export const DEFAULT_CATEGORIES: readonly DefaultCategory[] = [
  { key: "income", name: "Income" },
  { key: "salary", name: "Salary", parent: "income" },
  { key: "sales", name: "Sales and customer payments", parent: "income" },
  { key: "refunds", name: "Refunds", parent: "income" },
  { key: "housing", name: "Housing and premises" },
  { key: "rent", name: "Rent", parent: "housing" },
  { key: "utilities", name: "Utilities", parent: "housing" },
  { key: "taxes", name: "Taxes" },
  { key: "fees", name: "Bank fees" },
  { key: "insurance", name: "Insurance" },
  { key: "software", name: "Software and subscriptions" },
  { key: "travel", name: "Travel and transport" },
  { key: "suppliers", name: "Suppliers" },
  { key: "payroll", name: "Payroll" },
  { key: "groceries", name: "Groceries" },
  { key: "dining", name: "Food and dining" },
  { key: "cash", name: "Cash withdrawals" },
  { key: "own_transfers", name: "Transfers between own accounts" },
  { key: "other", name: "Other" },
];
