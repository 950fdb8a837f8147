import React, { useEffect, useState } from "react";
import type { SignInBrandReply } from "@mainstreet/rules/api/manage-api";
import type { Api } from "../api/client";

/**
 * Whose workspace this is, above the sign-in screens: the business's logo and name from the service's
 * public brand call. Nothing shows while it loads, when it fails, or when the service serves several
 * businesses.
 */
export function SignInBrand({ api }: { api: Api }) {
  const [business, setBusiness] = useState<SignInBrandReply["business"]>(null);
  useEffect(() => {
    let current = true;
    api.get<SignInBrandReply>("manage/brand/").then(
      (reply) => current && setBusiness(reply.business),
      // The screens work without it: the name is a courtesy, not a step.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api]);
  if (!business) return null;
  return (
    <p className="sign-in-brand">
      {business.logo ? <img className="sign-in-brand__logo" src={api.url(business.logo.path)} alt={business.logo.alt} /> : null}
      <span>{business.name}</span>
    </p>
  );
}
