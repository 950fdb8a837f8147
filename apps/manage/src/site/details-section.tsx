import React from "react";
import { RECIPES, SOCIAL_TYPES } from "@mainstreet/rules/business/choices";
import { placeName, updateAt, withOptional } from "./paths";
import type { SiteSectionProps } from "./section-props";
import { FieldMessage, TextField, fieldAttributes } from "./site-fields";
import type { SiteDocument } from "./site-document";

type SocialLink = NonNullable<SiteDocument["socialMedia"]>[number];
type Brand = NonNullable<SiteDocument["brandIdentity"]>;

const NETWORK_NAMES: Record<(typeof SOCIAL_TYPES)[number], string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  twitter: "Twitter",
  x: "X",
  tiktok: "TikTok",
  youtube: "YouTube",
  linkedin: "LinkedIn",
  pinterest: "Pinterest",
  yelp: "Yelp",
  google: "Google",
  tripadvisor: "Tripadvisor",
  other: "Another site",
};

const BRAND_FIELDS: { key: keyof Brand; label: string; hint?: string }[] = [
  { key: "primaryColor", label: "Main colour", hint: "As # and 6 letters or digits, like #b4235a. The site keeps text readable on it." },
  { key: "secondaryColor", label: "Second colour" },
  { key: "accentColor", label: "Accent colour" },
  { key: "fontFamily", label: "Heading font" },
  { key: "tagline", label: "Tagline", hint: "A short line shown in the footer." },
];

const title = (recipe: string) => recipe.charAt(0).toUpperCase() + recipe.slice(1);

/** Sets an optional text of the document at `segments` (left out when emptied). */
function optionalText(change: SiteSectionProps["change"], segments: (string | number)[], value: string) {
  const key = segments[segments.length - 1] as string;
  change((current) => updateAt(current, segments.slice(0, -1), (record) => withOptional((record ?? {}) as object, key, value)));
}

function SocialLinks({ document, change, readOnly, errors }: SiteSectionProps) {
  const links: SocialLink[] = document.socialMedia ?? [];
  const setLinks = (edit: (links: SocialLink[]) => SocialLink[]) => change((current) => ({ ...current, socialMedia: edit(current.socialMedia ?? []) }));
  return (
    <section className="site-group" aria-labelledby="site-social-title">
      <h3 id="site-social-title" className="site-group__title">
        Social links
      </h3>
      {links.length === 0 ? <p className="muted">No social links.</p> : null}
      {links.map((link, index) => {
        const path = (key: string) => `socialMedia[${index}].${key}`;
        const typeAttributes = fieldAttributes(path("type"), errors);
        const network = NETWORK_NAMES[link.type as keyof typeof NETWORK_NAMES] ?? link.type;
        return (
          <fieldset className="site-row" key={index}>
            <legend>
              Link {index + 1}: {network}
            </legend>
            <div className="field">
              <label htmlFor={typeAttributes.id}>Site</label>
              <select {...typeAttributes} value={link.type} disabled={readOnly} onChange={(event) => setLinks((list) => list.map((entry, at) => (at === index ? { ...entry, type: event.target.value as SocialLink["type"] } : entry)))}>
                {SOCIAL_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {NETWORK_NAMES[type]}
                  </option>
                ))}
              </select>
              <FieldMessage path={path("type")} errors={errors} />
            </div>
            <TextField path={path("link")} label="Address" type="url" value={link.link} readOnly={readOnly} errors={errors} onChange={(value) => setLinks((list) => list.map((entry, at) => (at === index ? { ...entry, link: value } : entry)))} />
            <TextField path={path("label")} label="Name read by screen readers (optional)" value={link.label ?? ""} readOnly={readOnly} errors={errors} onChange={(value) => setLinks((list) => list.map((entry, at) => (at === index ? withOptional(entry, "label", value) : entry)))} />
            {readOnly ? null : (
              <button type="button" className="button button--quiet button--small" onClick={() => setLinks((list) => list.filter((_, at) => at !== index))}>
                Remove<span className="visually-hidden"> the {network} link</span>
              </button>
            )}
          </fieldset>
        );
      })}
      {readOnly ? null : (
        <button type="button" className="button" onClick={() => setLinks((list) => [...list, { type: "instagram", link: "" }])}>
          Add a social link
        </button>
      )}
    </section>
  );
}

function Design({ document, change, readOnly, errors }: SiteSectionProps) {
  const chosen = document.recipe ?? "hibiscus";
  return (
    <fieldset className="site-group choices" aria-describedby="site-recipe-hint">
      <legend className="site-group__title">Design</legend>
      <p className="hint" id="site-recipe-hint">
        The look of the whole site. Every design shows the same pages and information.
      </p>
      {RECIPES.map((recipe) => (
        <label className="choice" key={recipe}>
          <input type="radio" name="site-recipe" value={recipe} checked={chosen === recipe} disabled={readOnly} onChange={() => change((current) => ({ ...current, recipe }))} />
          {title(recipe)}
        </label>
      ))}
      <FieldMessage path="recipe" errors={errors} />
    </fieldset>
  );
}

/** Details and brand: the business's name and description, each location's phone and email, social links, brand and design. */
export function DetailsSection(props: SiteSectionProps) {
  const { document, change, readOnly, errors } = props;
  const brand: Brand = document.brandIdentity ?? {};
  return (
    <>
      <section className="site-group" aria-labelledby="site-business-title">
        <h3 id="site-business-title" className="site-group__title">
          The business
        </h3>
        <TextField path="name" label="Name" value={document.name} readOnly={readOnly} errors={errors} onChange={(value) => change((current) => ({ ...current, name: value }))} />
        <TextField path="description" label="Description" multiline hint="Shown on the home page and to search engines." value={document.description ?? ""} readOnly={readOnly} errors={errors} onChange={(value) => optionalText(change, ["description"], value)} />
        <TextField path="url" label="Website address (optional)" type="url" value={document.url ?? ""} readOnly={readOnly} errors={errors} onChange={(value) => optionalText(change, ["url"], value)} />
      </section>
      {document.locations.map((location, index) => {
        const phoneKey = location.phone === undefined && location.phoneNumber !== undefined ? "phoneNumber" : "phone";
        const name = placeName(location, index);
        return (
          <fieldset className="site-group" key={index}>
            <legend className="site-group__title">Contact at {name}</legend>
            <TextField path={`locations[${index}].${phoneKey}`} label="Phone" type="tel" value={location[phoneKey] ?? ""} readOnly={readOnly} errors={errors} onChange={(value) => optionalText(change, ["locations", index, phoneKey], value)} />
            <TextField path={`locations[${index}].email`} label="Email" type="email" value={location.email ?? ""} readOnly={readOnly} errors={errors} onChange={(value) => optionalText(change, ["locations", index, "email"], value)} />
          </fieldset>
        );
      })}
      <SocialLinks {...props} />
      <fieldset className="site-group">
        <legend className="site-group__title">Brand</legend>
        {BRAND_FIELDS.map(({ key, label, hint }) => {
          const value = brand[key] ?? "";
          const colour = key.endsWith("Color") && /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i.test(value) ? value : null;
          return (
            <div className="brand-field" key={key}>
              <TextField path={`brandIdentity.${key}`} label={label} hint={hint} value={value} readOnly={readOnly} errors={errors} onChange={(next) => optionalText(change, ["brandIdentity", key], next)} />
              {colour ? (
                // A presentation attribute, not a style: the workspace's policy allows no inline styles.
                <svg className="swatch" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
                  <rect width="32" height="32" rx="6" fill={colour} stroke="#545861" />
                </svg>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <Design {...props} />
    </>
  );
}
