/**
 * Sends verification codes through a provider. The default outbox keeps messages in memory so development and
 * tests can read the code at `GET /__dev/sms` (this machine only; the log never holds a code or a full number);
 * the webhook provider (SMS_WEBHOOK_URL) posts them to a real gateway. Codes, throttles and tries
 * live in Postgres (services/verification-codes.ts); the provider only delivers.
 */
export interface SmsMessage {
  telephone: string;
  code: string;
  /** docs/PRODUCT.md §4: a voice call instead of a text. */
  voice: boolean;
  sentAt: Date;
  /** What the code is for: SMS login, the simulated bank's check of a card's reserved phone, or an account setting. */
  purpose?: 'login' | 'bank' | 'account';
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** 13812345678 → 138****5678 */
const masked = (telephone: string): string =>
  telephone.length >= 7 ? `${telephone.slice(0, 3)}****${telephone.slice(-4)}` : '*'.repeat(telephone.length);

/** Keeps sent messages; `messagesFor` is what the dev-only route and tests read. */
export class OutboxSmsProvider implements SmsProvider {
  readonly sent: SmsMessage[] = [];

  /**
   * @param log where the one-line notice goes (masked number, never the code)
   * @param opts.production say that nothing is delivered (no SMS_WEBHOOK_URL) instead of where the code is read
   */
  constructor(
    private readonly log: (line: string) => void = () => undefined,
    private readonly opts: { production?: boolean } = {},
  ) {}

  async send(message: SmsMessage): Promise<void> {
    this.sent.push(message);
    // Keep memory bounded on a long-running dev server.
    if (this.sent.length > 1000) this.sent.shift();
    const kind = message.voice ? 'voice' : 'text';
    this.log(
      this.opts.production
        ? `SMS outbox: ${kind} code to ${masked(message.telephone)} (not delivered: set SMS_WEBHOOK_URL)`
        : `SMS outbox: ${kind} code to ${masked(message.telephone)} (read it at GET /__dev/sms on this machine)`,
    );
  }

  latestFor(telephone: string): SmsMessage | undefined {
    return this.messagesFor(telephone)[0];
  }

  /** Messages to one number, newest first. */
  messagesFor(telephone: string): SmsMessage[] {
    return this.sent.filter((message) => message.telephone === telephone).reverse();
  }
}

/** Posts each message as JSON to a gateway URL (SMS_WEBHOOK_URL). */
export class WebhookSmsProvider implements SmsProvider {
  constructor(private readonly url: string) {}

  async send(message: SmsMessage): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...message, sentAt: message.sentAt.toISOString() }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
  }
}

/** The provider the configuration asks for: the webhook when SMS_WEBHOOK_URL is set, else the outbox. */
export function smsProviderFor(config: { smsWebhookUrl?: string | undefined; nodeEnv: string }, log: (line: string) => void): SmsProvider {
  if (config.smsWebhookUrl) return new WebhookSmsProvider(config.smsWebhookUrl);
  const production = config.nodeEnv === 'production';
  if (production) log('SMS_WEBHOOK_URL is not set: verification codes stay in the outbox and reach nobody');
  return new OutboxSmsProvider(log, { production });
}
