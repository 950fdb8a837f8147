import fs from "node:fs";
import path from "node:path";
import { parse, print, type ConstDirectiveNode, type DefinitionNode } from "gatsby/graphql";
import { typeDefs } from "../type-defs";

/**
 * type-defs.graphql is the GraphQL schema sites, recipes and shadowed components query, kept as text so
 * that a change to it is read in review: the SDL printed from the node tables must declare the same
 * types, fields, GraphQL types, directives and descriptions.
 */
const contract = fs.readFileSync(path.join(__dirname, "type-defs.graphql"), "utf8");

const words = (text: string | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
const directives = (list: readonly ConstDirectiveNode[] | undefined) => (list ?? []).map((directive) => print(directive)).join(" ");

/** One line per type and per field, sorted, so a difference reads as the lines that differ. */
function declarations(sdl: string): string[] {
  const lines = parse(sdl).definitions.flatMap((definition: DefinitionNode) => {
    if (definition.kind !== "ObjectTypeDefinition") return [`unexpected ${definition.kind}`];
    const name = definition.name.value;
    const interfaces = (definition.interfaces ?? []).map((entry) => entry.name.value).join(", ");
    const head = `${name} implements [${interfaces}] ${directives(definition.directives)} "${words(definition.description?.value)}"`;
    const fields = (definition.fields ?? []).map(
      (field) => `${name}.${field.name.value}: ${print(field.type)} ${directives(field.directives)} "${words(field.description?.value)}"`,
    );
    return [head, ...fields];
  });
  return lines.sort();
}

describe("the GraphQL types printed from the node tables", () => {
  it("declare what the schema contract declares, field for field", () => {
    expect(declarations(typeDefs)).toEqual(declarations(contract));
  });

  it("parse as GraphQL", () => {
    expect(() => parse(typeDefs)).not.toThrow();
  });
});
