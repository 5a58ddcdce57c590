// A profile's preview for a country: which provider would be asked first for each subset, and why
// the ones before it would be passed over — from the providers' catalogue and this server's
// configuration alone, calling none (a provider's health can still send a lookup further down).
import { ineligible } from "@/lib/datasets/fetch-subsets";
import type { CompanyDataProvider } from "@/lib/datasets/providers/types";

type Preview = {
  country: string;
  subsets: { subset: string; provider: string | null; skipped: { provider: string; reason: string }[] }[];
};

export function previewProfile(
  profile: { subsetSelection: string[]; providerPriorities: string[] },
  country: string,
  providers: CompanyDataProvider[],
): Preview {
  const subsets = profile.subsetSelection.map((subset) => {
    const skipped: { provider: string; reason: string }[] = [];
    for (const id of profile.providerPriorities) {
      const reason = ineligible(
        id,
        providers.find((p) => p.id === id),
        subset,
        country,
      );
      if (!reason) return { subset, provider: id, skipped };
      skipped.push({ provider: id, reason });
    }
    return { subset, provider: null, skipped };
  });
  return { country, subsets };
}
