import React, { useCallback, useEffect, useState } from "react";
import type { PublishCreated, PublishStatusReply } from "@mainstreet/rules/api/publish-api";
import { errorMessage } from "../api/client";
import { ErrorText } from "../components/ui";
import { useSession } from "../session";
import { useJobPolling } from "./publish-polling";

const publishFinished = (status: PublishStatusReply) => status.status === "live" || status.status === "failed";

/** The status line: `Queued…`, `Building… 12 s`, `Live: version 4 (published 31 s after you pressed Publish)`, or why it failed. */
function publishSentence(status: PublishStatusReply): string {
  switch (status.status) {
    case "queued":
      return "Queued…";
    case "building":
      return `Building… ${status.seconds} s`;
    case "live":
      return `Live: version ${status.version} (published ${status.seconds} s after you pressed Publish)`;
    default:
      return status.message ?? "The site could not be built, so your live site was left as it was.";
  }
}

/** What is said aloud when the phase changes (the seconds are not read every second). */
const spoken = (status: PublishStatusReply) => (status.status === "building" ? "Building the site." : publishSentence(status));

/**
 * Publish: queues a build of the draft and follows it, queued → building → live (or the failure's sentence).
 * `running` is a publish already under way when the section opened (found after a reload of the workspace).
 */
export function PublishPanel({
  readOnly,
  running,
  liveSiteUrl,
  onSettled,
}: {
  readOnly: boolean;
  running: string | null;
  liveSiteUrl: string;
  /** Called once the job is live or failed, so the draft and the versions shown are read again. */
  onSettled: () => void;
}) {
  const { api, announce } = useSession();
  const [id, setId] = useState<string | null>(running);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (running !== null) setId((current) => current ?? running);
  }, [running]);
  const load = useCallback((job: string) => api.get<PublishStatusReply>(`manage/site/publishes/${job}/`), [api]);
  const { status, error: pollError } = useJobPolling(id, load, publishFinished);
  const phase = status?.status ?? null;
  useEffect(() => {
    if (!status) return;
    announce(spoken(status));
    if (publishFinished(status)) onSettled();
    // Once per phase: the seconds change every beat.
  }, [phase, id]);

  const underway = status !== null && !publishFinished(status);
  const publish = async () => {
    if (busy || underway) return;
    setBusy(true);
    setError(null);
    try {
      const created = await api.send<PublishCreated>("POST", "manage/site/publishes/");
      setId(created.id);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  const failed = status?.status === "failed";

  return (
    <section aria-labelledby="publish-heading" className="card publish__part">
      <h3 id="publish-heading">Publish the draft</h3>
      <p className="muted">Builds the draft and makes it the site everyone sees. The site you have now stays live until the new one is ready.</p>
      {readOnly ? (
        <p className="muted">Only owners can publish or roll back the site.</p>
      ) : (
        <button type="button" className="button button--primary" aria-disabled={busy || underway} onClick={() => void publish()}>
          Publish
        </button>
      )}
      {/* The seconds tick every second here; phase changes are announced once (announce above). */}
      <p role="status" aria-live="off" className={failed ? "error publish__status" : "publish__status"}>
        {status ? publishSentence(status) : ""}
      </p>
      {status?.status === "live" ? (
        <p>
          <a href={liveSiteUrl} target="_blank" rel="noopener noreferrer">
            Open the live site
          </a>
        </p>
      ) : null}
      <ErrorText message={error ?? (underway ? pollError : null)} />
    </section>
  );
}
