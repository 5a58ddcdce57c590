// The GLEIF fake's own answers: its media type and links, a filter GLEIF does not have, paging, and
// the Level 2 parents.
import { describe, expect, it } from "vitest";
import { handleGleifFake } from "@/sandbox/registers/gleif/routes";
import { createRegisterFaults } from "@/sandbox/registers/shared/faults";

const options = { publicUrl: "http://banks.test", controlSecret: "secret", faults: createRegisterFaults() };
const ROOT = "http://banks.test/gleif-fake/api/v1";

const get = async (path: string) => {
  const response = await handleGleifFake(new Request(`${ROOT}${path}`), options);
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
};

describe("the GLEIF fake", () => {
  it("answers JSON:API with links to itself, never to GLEIF", async () => {
    const answer = await get("/lei-records/549300YX4S1LLSMK2627");
    expect([answer.status, answer.type]).toEqual([200, "application/vnd.api+json"]);
    expect(answer.text).toContain(`${ROOT}/lei-records/549300YX4S1LLSMK2627/direct-parent`);
    expect(answer.text).not.toContain("api.gleif.org");
  });

  it("refuses a filter GLEIF does not have (400), and pages a list", async () => {
    expect((await get("/lei-records?filter[siren]=352256424")).status).toBe(400);
    const page = JSON.parse(
      (await get("/lei-records?filter[entity.legalAddress.country]=GB&page[size]=1&page[number]=2")).text,
    ) as {
      meta: { pagination: Record<string, number> };
      links: Record<string, string>;
      data: { id: string }[];
    };
    expect(page.meta.pagination).toMatchObject({ currentPage: 2, perPage: 1, from: 2, to: 2, total: 2, lastPage: 2 });
    expect(Object.keys(page.links).sort()).toEqual(["first", "last", "prev"]);
    expect(page.data).toHaveLength(1);
  });

  it("gives each child its reported parents, and 404 where none is reported", async () => {
    const parent = JSON.parse((await get("/lei-records/969500ARVALSL3522583/ultimate-parent")).text) as {
      data: { id: string };
    };
    expect(parent.data.id).toBe("R0MUWSFPU8MPRO8K5P83");
    expect((await get("/lei-records/213800NGLOGI09876510/direct-parent")).status).toBe(404);
    expect((await get("/lei-records/549300YX4S1LLSMK2627/ultimate-parent")).status).toBe(404);
  });
});
