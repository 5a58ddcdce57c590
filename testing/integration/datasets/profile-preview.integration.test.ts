// GET /api/datasets/v1/profiles/{id}/preview?country=: which provider would answer each subset of a
// profile for a company of that country, and why the ones before it are passed over; no provider is
// called. Another scope's profile is 404.
import { beforeAll, describe, expect, it } from "vitest";
import * as previewRoute from "@/app/api/datasets/v1/profiles/[id]/preview/route";
import { createProfile, globalProfile } from "@/testing/support/datasets/profile-helpers";
import { twoTenants } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";

type Preview = {
  data: {
    country: string;
    subsets: { subset: string; provider: string | null; skipped: { provider: string; reason: string }[] }[];
  };
};

let t: Awaited<ReturnType<typeof twoTenants>>;
let profileId: string;
const preview = (country: string, token = t.a.token, scopeId = t.a.scopeId) =>
  call<Preview>(previewRoute.GET, "GET", `/api/datasets/v1/profiles/${profileId}/preview`, {
    headers: bearer(token, scopeId),
    params: { id: profileId },
    query: `country=${country}`,
  });

beforeAll(async () => {
  t = await twoTenants();
  const p = await createProfile(
    t.a.token,
    t.a.scopeId,
    globalProfile({ subset_selection: ["information", "rating"], provider_priorities: ["gleif", "sandbox_registry"] }),
  );
  profileId = p.json.data.id;
});

describe("profile preview", () => {
  it("names the provider each subset would come from, and why the others are passed over", async () => {
    const fr = await preview("fr");
    expect(fr.status).toBe(200);
    expect(fr.json.data).toEqual({
      country: "FR",
      subsets: [
        {
          subset: "information",
          provider: "sandbox_registry",
          skipped: [{ provider: "gleif", reason: "switched off by configuration" }],
        },
        {
          subset: "rating",
          provider: "sandbox_registry",
          skipped: [{ provider: "gleif", reason: "switched off by configuration" }],
        },
      ],
    });
    const pt = await preview("PT");
    expect(pt.json.data.subsets[1]).toEqual({
      subset: "rating",
      provider: null,
      skipped: [
        { provider: "gleif", reason: "switched off by configuration" },
        { provider: "sandbox_registry", reason: "does not cover country PT" },
      ],
    });
  });

  it("wants a country, and does not show another scope's profile", async () => {
    expect((await preview("France")).status).toBe(422);
    expect((await preview("FR", t.b.token, t.b.scopeId)).status).toBe(404);
  });
});
