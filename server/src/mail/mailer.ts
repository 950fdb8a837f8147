import nodemailer from "nodemailer";

/** A file sent with a message (an appointment's calendar invitation). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface MailMessage {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Where mail goes, for logs and replies: an SMTP server, or nowhere (kept in the outbox table). */
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<{ messageId: string }>;
}

/** Mail through the SMTP server of `SMTP_URL` (smtp://user:pass@host:port, smtps:// for TLS). */
export function createSmtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport(url, {
    // A dead SMTP server must not hold a visitor's request for minutes (nodemailer's defaults).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  });
  return {
    kind: "smtp",
    async send(message) {
      const info = await transport.sendMail({
        from: message.from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments?.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })),
      });
      return { messageId: String(info.messageId) };
    },
  };
}

/** No SMTP configured: messages stay queued in the outbox table, where an operator can read them. */
export const outboxOnlyMailer: Mailer = {
  kind: "outbox",
  async send() {
    throw new Error("outbox-only mailer: no SMTP_URL configured, mail stays in the outbox table");
  },
};
