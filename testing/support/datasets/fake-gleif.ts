// A local fake of GLEIF's LEI API for tests (nothing reaches the internet). Serves the JSON:API
// fixtures for one Belgian company; `mode` switches it to failing or to "no parents reported".
import { createServer, type Server } from "node:http";
import search from "@/sandbox/registers/gleif/records/be-0403170701-search.json";
import directParent from "@/sandbox/registers/gleif/records/be-0403170701-direct-parent.json";
import ultimateParent from "@/sandbox/registers/gleif/records/be-0403170701-ultimate-parent.json";
import { listenOnLoopback } from "@/testing/support/http-listener";

export const FAKE_GLEIF_NUMBER = "0403170701";
export const FAKE_GLEIF_LEI = search.data[0].id;
export type FakeGleifMode = "normal" | "failing" | "no_parents";

export type FakeGleif = {
  baseUrl: string;
  requests: string[];
  setMode: (mode: FakeGleifMode) => void;
  close: () => Promise<void>;
};

const NOT_FOUND = { errors: [{ status: "404", title: "Not Found" }] };

export async function startFakeGleif(): Promise<FakeGleif> {
  let mode: FakeGleifMode = "normal";
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/vnd.api+json" });
      res.end(JSON.stringify(body));
    };
    if (mode === "failing") return send(503, { errors: [{ status: "503", title: "Service Unavailable" }] });
    if (url.pathname === "/api/v1/lei-records") {
      const number = url.searchParams.get("filter[entity.registeredAs]");
      const country = url.searchParams.get("filter[entity.legalAddress.country]");
      const hit = number === FAKE_GLEIF_NUMBER && country === "BE";
      return send(200, { ...search, data: hit ? search.data : [] });
    }
    const parent = /^\/api\/v1\/lei-records\/([^/]+)\/(direct-parent|ultimate-parent)$/.exec(url.pathname);
    if (parent && parent[1] === FAKE_GLEIF_LEI && mode === "normal") {
      return send(200, parent[2] === "direct-parent" ? directParent : ultimateParent);
    }
    return send(404, NOT_FOUND);
  });
  const { origin, close } = await listenOnLoopback(server);
  return {
    baseUrl: `${origin}/api/v1`,
    requests,
    setMode: (m) => {
      mode = m;
    },
    close,
  };
}
