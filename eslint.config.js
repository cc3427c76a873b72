// ESLint (flat config): `npm run lint`, a step of `npm test`.
// - typescript-eslint's recommended rules (syntax only, no type information: it stays fast);
// - React's rules of hooks and exhaustive effect dependencies (app/ only: the server's
//   `useTestDatabase()` and Playwright's `use()` are not React hooks);
// - import-x/no-cycle: no module imports itself back through others;
// - the server's floors for tables (`no-restricted-imports`, below) and
//   house/no-foreign-table-writes (scripts/eslint-house.mjs): an area reads the tables of the
//   floors below it and writes only its own.
import fs from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import house from "./scripts/eslint-house.mjs";
import { SERVER_FLOORS } from "./scripts/server-floors.mjs";

// The floors of server/ (scripts/server-floors.mjs, shared with check-layers). An area may import
// the `*.tables.ts` of its own folder and of the floors below it (to read them: joins in lists
// and reports); a table of its own floor (a sibling's) or above is read through that area's
// service or view.
const FLOORS = Object.fromEntries(SERVER_FLOORS.flatMap((areas, floor) => areas.map((area) => [area, floor])));
// Folders the floor rule does not apply to: db/ assembles the schema and seeds every area;
// test/ holds the test helpers.
const UNFLOORED = new Set(["db", "seed", "test"]);
// Files that today import a tables file of their own floor or above; each says why. Shrink it.
const TABLE_IMPORT_EXCEPTIONS = [
  // master data referencing master data: products point at vehicle models; the vehicle pages
  // (product/vehicle.resources.ts) count the products of a model.
  "server/product/*.ts",
  // the line picker reads the lines of sale and purchase documents (trade/ sits beside them)
  "server/trade/line-pick.service.ts",
];
// Files allowed to write another area's tables (house/no-foreign-table-writes); each says why.
const TABLE_WRITE_EXCEPTIONS = [
  // system/ is the admin floor: it administers the kernel's users, roles, menus and message
  // templates and the reference data's business areas and scheduled jobs (company reset deletes
  // every area's rows of a company, in the document-type table's order)
  // (user admin also keeps the member's employee record and signs a locked user out)
  "server/system/*.ts",
  // 公司信息 (organization's page) updates the kernel's companies row: belongs in the kernel
  "server/organization/organization.resources.ts",
  // demo seeds and test fixtures create the rows other areas' documents need
  "server/**/*.seed.ts",
  "server/**/*.fixture.ts",
  "server/**/*-test-kit.ts",
];

const areas = fs
  .readdirSync("server", { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const unplaced = areas.filter((a) => !(a in FLOORS) && !UNFLOORED.has(a));
if (unplaced.length) throw new Error(`eslint.config.js: give server/${unplaced.join(", server/")} a floor in scripts/server-floors.mjs`);

/** One block per area: the `*.tables` imports of its own floor and above are restricted. */
function tableFloorBlocks() {
  return areas
    .filter((a) => a in FLOORS)
    .map((area) => {
      const forbidden = Object.keys(FLOORS).filter((other) => other !== area && FLOORS[other] >= FLOORS[area]);
      const alternatives = forbidden.join("|");
      return {
        files: [`server/${area}/**/*.{ts,tsx,mts}`],
        ignores: ["**/*.test.ts", ...TABLE_IMPORT_EXCEPTIONS],
        rules: {
          "no-restricted-imports": [
            "error",
            {
              patterns: [
                {
                  caseSensitive: true,
                  regex: `^(?:#server/|(?:\\.\\./)+)(?:${alternatives})/[^/]+\\.tables(?:\\.ts)?$`,
                  message: `server/${area} (floor ${FLOORS[area]}) reads this area's tables through its service or a view; only the tables of lower floors are imported (eslint.config.js FLOORS).`,
                },
              ],
            },
          ],
        },
      };
    });
}

export default tseslint.config(
  { ignores: ["build/", "public/", "data/", "drizzle/", ".cache/", "node_modules/", "test-results/", "playwright-report/", "tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: {
        console: "readonly",
        process: "readonly",
        Buffer: "readonly",
        URL: "readonly",
        URLSearchParams: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
      },
    },
    plugins: { "import-x": importX, house },
    settings: {
      // import-x parses the imported modules too: TypeScript needs its parser, or no cycle is seen.
      "import-x/extensions": [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      // Chinese text uses the ideographic space (U+3000) on purpose.
      "no-irregular-whitespace": ["error", { skipStrings: true, skipTemplates: true, skipJSXText: true }],
      // The input cleaners strip control characters on purpose (/[\x00-\x1f]/).
      "no-control-regex": "off",
    },
  },
  {
    // Tests are leaves: nothing imports them, so they close no cycle.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["server/**/*.ts"],
    ignores: ["**/*.test.ts", ...[...UNFLOORED].map((a) => `server/${a}/**`), ...TABLE_WRITE_EXCEPTIONS],
    rules: { "house/no-foreign-table-writes": "error" },
  },
  ...tableFloorBlocks(),
  {
    // Tests hand the code deliberately wrong shapes.
    files: ["**/*.test.ts", "server/test/**", "tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Playwright's fixtures are typed `base.extend<{}, …>()`.
    files: ["tests/e2e/**"],
    rules: { "@typescript-eslint/no-empty-object-type": "off" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { module: "writable", require: "readonly" } },
  },
);
