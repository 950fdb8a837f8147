/**
 * HTML validity of the served page with html-validate: its "standard" preset (the HTML standard's
 * conformance rules, not style), plus a required doctype and id references that must resolve.
 */
import { HtmlValidate, type ConfigData } from "html-validate";

export const HTML_VALIDATE_CONFIG: ConfigData = {
  extends: ["html-validate:standard"],
  rules: {
    "missing-doctype": "error",
    "no-missing-references": "error",
  },
};

export interface HtmlFinding {
  ruleId: string;
  message: string;
  line: number;
  column: number;
  selector: string | null;
}

const validator = new HtmlValidate(HTML_VALIDATE_CONFIG);

/** Errors only (severity 2); html-validate's warnings are about its own configuration. */
export async function validateHtml(html: string, filename = "page.html"): Promise<HtmlFinding[]> {
  const report = await validator.validateString(html, filename);
  return report.results
    .flatMap((result) => result.messages)
    .filter((message) => message.severity === 2)
    .map((message) => ({ ruleId: message.ruleId, message: message.message, line: message.line, column: message.column, selector: message.selector ?? null }));
}
