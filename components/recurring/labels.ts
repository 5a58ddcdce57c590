// Words for a stream's period and status, and the tone of its status badge.
import type { Stream } from "@/lib/client/recurring";

export const PERIOD_LABEL: Record<Stream["period"], string> = {
  weekly: "Weekly",
  biweekly: "Every two weeks",
  monthly: "Monthly",
  quarterly: "Quarterly",
  yearly: "Yearly",
};

export const STATUS_LABEL: Record<Stream["status"], string> = {
  active: "On time",
  late: "Late",
  ended: "Ended",
  amount_changed: "Amount changed",
};

export const STATUS_TONE = { active: "green", late: "red", ended: "slate", amount_changed: "amber" } as const;
