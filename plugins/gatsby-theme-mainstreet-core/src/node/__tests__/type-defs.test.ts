import { parse, type DefinitionNode, type ObjectTypeDefinitionNode } from "gatsby/graphql";
import { typeDefs } from "../type-defs";
import { sampleNodes, type SampleName } from "../../__tests__/sample-nodes";

/**
 * The node tables are the one statement of the GraphQL schema (the compiler holds each table to its node's
 * TypeScript shape). These tests hold the printed SDL to what Gatsby needs of it, and the nodes the build
 * creates to what it declares: with @dontInfer, a field a node carries but the SDL leaves out is silently
 * unqueryable.
 */
const definitions = parse(typeDefs).definitions.filter((definition: DefinitionNode): definition is ObjectTypeDefinitionNode => definition.kind === "ObjectTypeDefinition");
const byName = new Map(definitions.map((definition) => [definition.name.value, definition]));

describe("the GraphQL types printed from the node tables", () => {
  it("parse as GraphQL, and declare only object types, each once", () => {
    expect(parse(typeDefs).definitions.map((definition) => definition.kind).filter((kind) => kind !== "ObjectTypeDefinition")).toEqual([]);
    expect(byName.size).toBe(definitions.length);
  });

  it("declare every node type as a Node Gatsby does not infer", () => {
    const nodes = definitions.filter((definition) => definition.name.value !== "MainstreetImage");
    expect(nodes.length).toBeGreaterThan(0);
    for (const definition of nodes) {
      expect([definition.name.value, (definition.interfaces ?? []).map((entry) => entry.name.value)]).toEqual([definition.name.value, ["Node"]]);
      expect([definition.name.value, (definition.directives ?? []).map((directive) => directive.name.value)]).toEqual([definition.name.value, ["dontInfer"]]);
    }
  });

  it.each<SampleName>(["salon", "restaurant", "merchant"])("declare every field the %s's nodes carry, on the node's type", (name) => {
    const { nodes } = sampleNodes(name, Date.UTC(2026, 4, 1, 12));
    expect(nodes.length).toBeGreaterThan(0);
    const undeclared = nodes.flatMap((node) => {
      const declared = new Set((byName.get(node.type)?.fields ?? []).map((field) => field.name.value));
      return Object.keys(node.fields).filter((field) => !declared.has(field)).map((field) => `${node.type}.${field}`);
    });
    expect([...new Set(undeclared)]).toEqual([]);
  });
});
