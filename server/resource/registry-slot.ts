import type { ResourceDef } from "../lib/resource";

/**
 * Where the resource page and API kit finds resources by API name or page url. The kit sits on a
 * low floor (server-floors.mjs: resource), the registry of every area's resources on a high one
 * (master-data/registry.ts): the kit may not import it. The registry fills this slot when it is
 * loaded: the app's routes load it through app/server/kit.server.ts; a test that calls the kit
 * directly imports "../master-data/registry" once.
 */
export interface ResourceRegistry {
  /** The resource behind `/api/app/{name}`, or undefined (→ 404). */
  byName(name: string | undefined): ResourceDef | undefined;
  /** The resource behind a list page's url, or undefined for any other string (user input). */
  ofPage(url: string): ResourceDef | undefined;
}

let slot: ResourceRegistry | undefined;

export function provideResourceRegistry(registry: ResourceRegistry) {
  slot = registry;
}

function registry(): ResourceRegistry {
  if (!slot) throw new Error("resource registry not loaded: import server/master-data/registry before the resource kit runs");
  return slot;
}

export const resourceByName = (name: string | undefined) => registry().byName(name);
export const resourceOfPage = (url: string) => registry().ofPage(url);

/** The resource of a page the app defines (a route's own url): a missing one is a programming error. */
export function resourceByPage(url: string): ResourceDef {
  const def = resourceOfPage(url);
  if (!def) throw new Error(`no resource for page ${url}`);
  return def;
}
