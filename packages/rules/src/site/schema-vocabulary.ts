/**
 * The schema.org vocabulary (release 30.0, gzipped JSON-LD in __tests__/fixtures beside this file) as lookup
 * tables, and a structural check of one JSON-LD document against it: every @type is a schema.org class,
 * every property exists, is neither superseded nor pending, has the node's type (or a supertype) in its
 * domain, and each value fits the property's range (nested nodes by class, enumeration urls by member
 * type, Time values as HH:mm[:ss], Date and DateTime values as ISO 8601, URL-only properties as absolute
 * urls, numbers only where a number fits).
 */
import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";

const DEFAULT_VOCABULARY_FILE = path.resolve(__dirname, "__tests__/fixtures/schemaorg-current-https.jsonld.gz");

interface VocabularyProperty {
  domains: string[];
  ranges: string[];
  superseded: boolean;
  pending: boolean;
}

export interface Vocabulary {
  /** Class name (without "schema:") → direct superclasses. */
  classes: Map<string, string[]>;
  properties: Map<string, VocabularyProperty>;
  /** Enumeration member name → its types. */
  members: Map<string, string[]>;
  /** Terms that are pending, in an extension, or superseded. */
  flagged: Set<string>;
}

type VocabularyNode = { "@id": string; "@type": string | string[]; [key: string]: unknown };

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** "schema:Thing" ids referenced by a vocabulary field, as bare names. */
function schemaRefs(value: unknown): string[] {
  return asList(value as { "@id"?: string } | { "@id"?: string }[])
    .map((ref) => ref?.["@id"])
    .filter((id): id is string => typeof id === "string" && id.startsWith("schema:"))
    .map((id) => id.slice("schema:".length));
}

function parseVocabulary(document: unknown): Vocabulary {
  const graph = (document as { "@graph"?: VocabularyNode[] })["@graph"];
  if (!Array.isArray(graph)) throw new Error('schema.org vocabulary: expected a JSON-LD document with an "@graph" array');
  const vocabulary: Vocabulary = { classes: new Map(), properties: new Map(), members: new Map(), flagged: new Set() };
  for (const node of graph) {
    const id = String(node["@id"]);
    if (!id.startsWith("schema:")) continue;
    const name = id.slice("schema:".length);
    const types = asList(node["@type"]);
    const superseded = node["schema:supersededBy"] !== undefined;
    const partOf = schemaRefs(node["schema:isPartOf"]);
    const pending = JSON.stringify(node["schema:isPartOf"] ?? "").includes("pending.schema.org");
    if (superseded || partOf.length > 0 || pending) vocabulary.flagged.add(name);
    if (types.includes("rdfs:Class")) {
      vocabulary.classes.set(name, schemaRefs(node["rdfs:subClassOf"]));
    } else if (types.includes("rdf:Property")) {
      vocabulary.properties.set(name, {
        domains: schemaRefs(node["schema:domainIncludes"]),
        ranges: schemaRefs(node["schema:rangeIncludes"]),
        superseded,
        pending,
      });
    }
    // Data types (Text, URL, Time…) are both classes and members of schema:DataType; keep them as classes only.
    const memberTypes = types.filter((type) => type.startsWith("schema:")).map((type) => type.slice("schema:".length));
    if (memberTypes.length > 0 && !types.includes("rdfs:Class")) vocabulary.members.set(name, memberTypes);
  }
  if (vocabulary.classes.size === 0) throw new Error("schema.org vocabulary: expected class definitions, found none");
  return vocabulary;
}

export function loadVocabulary(file: string = process.env.SCHEMAORG_VOCABULARY ?? DEFAULT_VOCABULARY_FILE): Vocabulary {
  if (!fs.existsSync(file)) {
    throw new Error(`schema.org vocabulary: expected ${file} (or SCHEMAORG_VOCABULARY=<file>), found nothing`);
  }
  const raw = fs.readFileSync(file);
  const text = file.endsWith(".gz") ? gunzipSync(raw).toString("utf8") : raw.toString("utf8");
  return parseVocabulary(JSON.parse(text));
}

/** The class and all its superclasses. */
function ancestors(vocabulary: Vocabulary, name: string): Set<string> {
  const seen = new Set<string>();
  const queue = [name];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    queue.push(...(vocabulary.classes.get(current) ?? []));
  }
  return seen;
}

export const isSubclassOf = (vocabulary: Vocabulary, name: string, parent: string) => ancestors(vocabulary, name).has(parent);

const TEXT_TYPES = ["Text", "URL"];
const NUMBER_TYPES = ["Number", "Integer", "Float"];
const SCHEMA_URL = /^https?:\/\/schema\.org\/([A-Za-z0-9]+)$/;

/** A JSON-LD @type value as bare schema.org names: "schema:X", "https://schema.org/X" and "X" all give "X". */
export function typeNames(value: unknown): string[] {
  return asList(value as string | string[])
    .filter((type): type is string => typeof type === "string")
    .map((type) => type.replace(/^schema:/, "").replace(/^https?:\/\/schema\.org\//, ""));
}

/**
 * Problems in one JSON-LD node tree, each as `<where>: <what>`; `where` starts at `at` (for example
 * `block 2 $`). Expects the document's @context to be schema.org (the caller checks that).
 */
export function vocabularyProblems(vocabulary: Vocabulary, root: unknown, at = "$"): string[] {
  const problems: string[] = [];
  const fits = (type: string, ranges: readonly string[]) => ranges.some((range) => isSubclassOf(vocabulary, type, range));

  const checkValue = (value: unknown, ranges: string[], where: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => checkValue(item, ranges, `${where}[${index}]`));
      return;
    }
    if (value !== null && typeof value === "object") {
      const node = value as Record<string, unknown>;
      if (node["@type"] === undefined) {
        const isReference = typeof node["@id"] === "string" && Object.keys(node).length === 1;
        if (!isReference) problems.push(`${where}: expected a nested node with @type (or a bare {"@id"} reference), found an object without @type`);
        return;
      }
      const types = typeNames(node["@type"]);
      if (!types.some((type) => fits(type, ranges))) problems.push(`${where}: expected a ${ranges.join(" or ")}, found @type ${types.join(",")}`);
      checkNode(node, where);
      return;
    }
    if (typeof value === "string") {
      const member = SCHEMA_URL.exec(value);
      if (member && vocabulary.members.has(member[1])) {
        const memberTypes = vocabulary.members.get(member[1]) as string[];
        if (!memberTypes.some((type) => fits(type, ranges))) problems.push(`${where}: expected a ${ranges.join(" or ")}, found ${value} (a ${memberTypes.join(",")})`);
        return;
      }
      const enumerationOnly = ranges.every((range) => vocabulary.classes.has(range) && isSubclassOf(vocabulary, range, "Enumeration"));
      if (enumerationOnly) {
        problems.push(`${where}: expected a member of ${ranges.join(" or ")} as a https://schema.org/<Member> url, found ${JSON.stringify(value)}`);
        return;
      }
      if (ranges.includes("Time") && !ranges.some((range) => TEXT_TYPES.includes(range))) {
        if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value)) problems.push(`${where}: expected a Time as HH:mm:ss, found ${JSON.stringify(value)}`);
        return;
      }
      if ((ranges.includes("Date") || ranges.includes("DateTime")) && !ranges.some((range) => TEXT_TYPES.includes(range))) {
        if (!/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/.test(value)) {
          problems.push(`${where}: expected an ISO 8601 ${ranges.join(" or ")} like 2025-03-14 or 2025-03-14T09:30:00-04:00, found ${JSON.stringify(value)}`);
        }
        return;
      }
      if (ranges.includes("URL") && !ranges.includes("Text")) {
        if (!/^https?:\/\/\S+$/.test(value)) problems.push(`${where}: expected an absolute http(s) URL, found ${JSON.stringify(value)}`);
        return;
      }
      // Text, or a Thing given by name or url, which schema.org allows for any Thing-valued property.
      const textFits = ranges.some((range) => TEXT_TYPES.includes(range) || NUMBER_TYPES.includes(range) || isSubclassOf(vocabulary, range, "Thing") || range === "Date" || range === "DateTime" || range === "Time");
      if (!textFits) problems.push(`${where}: expected a ${ranges.join(" or ")}, found text ${JSON.stringify(value)}`);
      return;
    }
    if (typeof value === "number") {
      if (!ranges.some((range) => NUMBER_TYPES.includes(range))) problems.push(`${where}: expected a ${ranges.join(" or ")}, found number ${value}`);
      return;
    }
    if (typeof value === "boolean") {
      if (!ranges.includes("Boolean")) problems.push(`${where}: expected a ${ranges.join(" or ")}, found boolean ${value}`);
      return;
    }
    problems.push(`${where}: expected a ${ranges.join(" or ")}, found ${JSON.stringify(value)}`);
  };

  const checkNode = (node: Record<string, unknown>, where: string) => {
    if (Array.isArray(node["@graph"])) {
      (node["@graph"] as unknown[]).forEach((child, index) => {
        const childWhere = `${where}.@graph[${index}]`;
        if (child === null || typeof child !== "object" || Array.isArray(child)) problems.push(`${childWhere}: expected a node object, found ${JSON.stringify(child)}`);
        else checkNode(child as Record<string, unknown>, childWhere);
      });
      return;
    }
    const types = typeNames(node["@type"]);
    if (types.length === 0) problems.push(`${where}: expected an @type, found none`);
    for (const type of types) {
      if (!vocabulary.classes.has(type)) problems.push(`${where}: @type ${type} is not a schema.org class`);
      else if (vocabulary.flagged.has(type)) problems.push(`${where}: @type ${type} is pending, in an extension or superseded`);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("@")) continue;
      const name = key.replace(/^schema:/, "");
      const property = vocabulary.properties.get(name);
      if (!property) {
        problems.push(`${where}.${key}: not a schema.org property`);
        continue;
      }
      if (property.superseded || property.pending) problems.push(`${where}.${key}: the property is superseded or pending`);
      const known = types.filter((type) => vocabulary.classes.has(type));
      if (known.length > 0 && !known.some((type) => property.domains.some((domain) => isSubclassOf(vocabulary, type, domain)))) {
        problems.push(`${where}.${key}: not a property of ${known.join(",")} (its domain is ${property.domains.join(", ")})`);
      }
      checkValue(value, property.ranges, `${where}.${key}`);
    }
  };

  if (root === null || typeof root !== "object" || Array.isArray(root)) {
    problems.push(`${at}: expected a JSON-LD node object, found ${Array.isArray(root) ? "an array" : JSON.stringify(root)}`);
  } else {
    checkNode(root as Record<string, unknown>, at);
  }
  return problems;
}
