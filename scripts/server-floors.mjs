// The floors of server/, bottom first: ONE list, read by scripts/check-layers.mjs (which area may
// import which) and eslint.config.js (whose tables an area may import). Areas on one floor are
// siblings: they may use each other's services (never round a loop: check-layers refuses
// mutual imports and loops) but not each other's tables. A new folder under server/ gets its
// floor here; both checks refuse a folder without one.
export const SERVER_FLOORS = [
  ["db"], // the client, transactions, migrations
  ["lib"], // pure helpers and the request context
  ["setting"],
  ["kernel"], // identity tables, numbering, notifications, the document kernel, lock phases
  ["reference"], // dictionaries, administrative areas, logistics carriers, banks
  ["auth"],
  ["resource"], // the resource page and API kit
  ["vehicle", "product", "organization"], // master data
  ["stock"], // the stock ledger
  ["print"],
  ["finance", "trade", "warehouse", "sale", "purchase"], // the trade areas
  ["report", "home", "market"],
  ["documents"], // the document-type table: every document type, its tables, print, reset order
  ["system"], // admin: company admin and reset, users and roles, scheduler, attachments
  ["master-data", "admin", "api"], // the resource registry and print pages
  ["seed"], // demo and base data over every area
];

/** The floor of a server area (folder under server/), or -1 when it has none. */
export function floorOf(area) {
  return SERVER_FLOORS.findIndex((floor) => floor.includes(area));
}
