import React, { useCallback, useEffect, useState } from "react";
import type { PublishListEntry, PublishListReply } from "@mainstreet/rules/api/publish-api";
import type { SiteReply } from "@mainstreet/rules/api/site-api";
import { errorMessage } from "../api/client";
import { LoadState } from "../components/ui";
import { useSession } from "../session";
import { PreviewPanel } from "./preview-panel";
import { PublishPanel } from "./publish-panel";
import { PublishVersions, SiteVersionsSummary } from "./publish-versions";
import type { SiteSectionProps } from "./section-props";

/** Publishes read to find one still running and the versions kept (the service keeps five). */
const LISTED = 10;

interface Published {
  revision: number;
  live: SiteReply["live"];
  publishes: PublishListEntry[];
}

/** The address of the live site: the business's primary domain, else this service (which serves it to every host). */
function liveSiteUrl(document: SiteSectionProps["document"]): string {
  const domains = document.domains ?? [];
  const url = (domains.find((domain) => domain.primaryDomain === true) ?? domains[0])?.url;
  return url ? (/^https?:\/\//.test(url) ? url : `https://${url}`) : "/";
}

/**
 * The Site screen's Publish section (`#/site/publish`): the draft's revision and the live version, Preview,
 * Publish with its status, and the versions kept to roll back to. Staff see all of it but cannot act.
 */
export function PublishSection({ document, readOnly }: SiteSectionProps) {
  const { api } = useSession();
  const [state, setState] = useState<{ loading: boolean; error: string | null; data: Published | null }>({ loading: true, error: null, data: null });
  const [running, setRunning] = useState<string | null>(null);

  const load = useCallback(async () => {
    setState((previous) => ({ ...previous, loading: true, error: null }));
    try {
      const [site, list] = await Promise.all([api.get<SiteReply>("manage/site/"), api.get<PublishListReply>(`manage/site/publishes/?limit=${LISTED}`)]);
      setState({ loading: false, error: null, data: { revision: site.revision, live: site.live, publishes: list.publishes } });
      // A publish still under way (pressed before a reload, or by another owner) is followed from here.
      const underway = list.publishes.find((entry) => entry.status === "queued" || entry.status === "building");
      if (underway) setRunning(underway.id);
    } catch (error) {
      setState((previous) => ({ ...previous, loading: false, error: errorMessage(error) }));
    }
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);

  const data = state.data;
  const kept = data ? data.publishes.filter((entry) => entry.status === "live" && entry.kept).sort((a, b) => b.version - a.version) : [];
  return (
    <div className="publish">
      <LoadState loading={state.loading && !data} error={state.error} onRetry={() => void load()} what="the published versions" />
      {data ? <SiteVersionsSummary revision={data.revision} live={data.live} publishes={data.publishes} /> : null}
      <PreviewPanel readOnly={readOnly} />
      <PublishPanel readOnly={readOnly} running={running} liveSiteUrl={liveSiteUrl(document)} onSettled={() => void load()} />
      {data ? <PublishVersions versions={kept} live={data.live} readOnly={readOnly} onRolledBack={() => void load()} /> : null}
    </div>
  );
}
