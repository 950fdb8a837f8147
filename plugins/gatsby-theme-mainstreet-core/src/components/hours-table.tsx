import React from "react";
import { dailyRows, groupedRows, hasAnyHours, type HoursInput } from "@mainstreet/rules/hours/hours-format";
import { useSiteFormats } from "../hooks/site-formats";

interface HoursTableProps {
  hours: HoursInput[];
  display?: "daily" | "grouped";
  caption?: string;
}

/** Opening hours as a table; nothing at all when no entry has times (SPEC §5). */
export function HoursTable({ hours, display = "grouped", caption = "Opening hours" }: HoursTableProps) {
  const { locale } = useSiteFormats();
  if (!hasAnyHours(hours)) return null;
  const rows =
    display === "daily"
      ? dailyRows(hours, { locale }).map((row) => ({ key: String(row.day), days: row.name, longDays: row.name, times: row.text, note: row.secondaryLabel }))
      : groupedRows(hours, { locale }).map((row) => ({ key: row.label, days: row.label, longDays: row.longLabel, times: row.text, note: row.secondaryLabel }));
  return (
    <table className="hours">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">
              <abbr title={row.longDays}>{row.days}</abbr>
            </th>
            <td>
              {row.times}
              {row.note ? <span className="hours__note"> ({row.note})</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
