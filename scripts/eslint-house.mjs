// The house's own ESLint rule (eslint.config.js): `house/no-foreign-table-writes`.
// An area writes another area's tables only through that area's service
// (/work/shared/CONVENTIONS.md "The house"): a table imported from another server area's
// `*.tables.ts` may be read (joins in lists and reports) but never passed to
// `.insert(…)`, `.update(…)` or `.delete(…)`.
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const WRITES = new Set(["insert", "update", "delete"]);

/** "sale" for <root>/server/sale/x.ts; null outside server/. */
function areaOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  return rel[0] === "server" && rel.length > 2 ? rel[1] : null;
}

/** The area a `*.tables` import specifier points into, or null when it is not a tables file. */
function tablesAreaOf(specifier, file) {
  if (!/\.tables(\.ts)?$/.test(specifier)) return null;
  if (specifier.startsWith("#server/")) return specifier.split("/")[1];
  if (specifier.startsWith(".")) return areaOf(path.resolve(path.dirname(file), specifier));
  return null;
}

const noForeignTableWrites = {
  meta: {
    type: "problem",
    docs: { description: "an area writes another area's tables only through that area's service" },
    schema: [],
    messages: { write: "{{name}} belongs to server/{{owner}}: write it through a server/{{owner}} service, not with .{{method}}() here" },
  },
  create(context) {
    const file = context.filename;
    const here = areaOf(file);
    if (!here) return {};
    const foreign = new Map(); // local name → owning area
    return {
      ImportDeclaration(node) {
        const owner = tablesAreaOf(node.source.value, file);
        if (!owner || owner === here) return;
        for (const s of node.specifiers) if (s.type === "ImportSpecifier" || s.type === "ImportDefaultSpecifier") foreign.set(s.local.name, owner);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || callee.property.type !== "Identifier" || !WRITES.has(callee.property.name)) return;
        const arg = node.arguments[0];
        if (arg?.type !== "Identifier" || !foreign.has(arg.name)) return;
        context.report({ node, messageId: "write", data: { name: arg.name, owner: foreign.get(arg.name), method: callee.property.name } });
      },
    };
  },
};

export default { meta: { name: "house" }, rules: { "no-foreign-table-writes": noForeignTableWrites } };
