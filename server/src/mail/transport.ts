/**
 * Where mail goes: SMTP at SMTP_URL through nodemailer, or, with no SMTP_URL, nowhere: nodemailer's
 * JSON transport turns the mail into a record and the outbox keeps it as `recorded`
 * (docs/decisions/email.md). `npm start` points SMTP_URL at maildev, a local inbox.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.js';

export interface MailTransport {
  /** false: no SMTP_URL, nothing leaves this process. */
  readonly delivers: boolean;
  send(mail: {
    to: string;
    subject: string;
    html: string;
    text: string;
    headers: Record<string, string>;
  }): Promise<void>;
  close(): void;
}

/** An SMTP server that does not answer within these limits counts as down (the mail is retried). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailTransport(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  logger: Logger,
): MailTransport {
  const transporter: Transporter = config.smtpUrl
    ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({ jsonTransport: true });
  if (!config.smtpUrl) {
    logger.info(
      'mail: SMTP_URL is not set, so no mail is sent anywhere: each one is only recorded (GET /me/mails)',
    );
  }
  return {
    delivers: !!config.smtpUrl,
    async send(mail) {
      await transporter.sendMail({ from: config.mailFrom, ...mail });
    },
    close: () => transporter.close(),
  };
}
