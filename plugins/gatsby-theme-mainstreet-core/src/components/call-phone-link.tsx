import React from "react";
import { telHref } from "@mainstreet/rules/site/hrefs";
import { UI_TEXT } from "@mainstreet/rules/business/constants";
import { Icon } from "./icons";

interface CallPhoneLinkProps {
  phone?: string | null;
  /** Visible text; SPEC §2 default "Call Business". */
  label?: string;
  /** Icon-only: the label becomes the accessible name. */
  iconOnly?: boolean;
  className?: string;
}

/** A `tel:` link (SPEC §2 call-phone link); nothing when there is no usable number. */
export function CallPhoneLink({ phone, label = UI_TEXT.callBusiness, iconOnly = false, className }: CallPhoneLinkProps) {
  const href = telHref(phone);
  if (!href) return null;
  if (iconOnly) {
    return (
      <a className={className ?? "icon-button"} href={href} aria-label={label}>
        <Icon name="phone" size={20} />
      </a>
    );
  }
  return (
    <a className={["call-phone", className].filter(Boolean).join(" ")} href={href}>
      <Icon name="phone" size={18} />
      <span>{label}</span>
    </a>
  );
}
