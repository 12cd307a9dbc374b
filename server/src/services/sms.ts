/**
 * Sends verification codes. The SMS-login issue builds on this: the default outbox keeps
 * messages in memory (and logs them) so development and tests can read the code;
 * a webhook provider posts them to a real gateway.
 */
export interface SmsMessage {
  telephone: string;
  code: string;
  /** SPEC §4: a voice call instead of a text. */
  voice: boolean;
  sentAt: Date;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** Keeps sent messages; `latestFor` is what the dev-only route and tests read. */
export class OutboxSmsProvider implements SmsProvider {
  readonly sent: SmsMessage[] = [];

  constructor(private readonly log: (line: string) => void = () => undefined) {}

  async send(message: SmsMessage): Promise<void> {
    this.sent.push(message);
    // Keep memory bounded on a long-running dev server.
    if (this.sent.length > 1000) this.sent.shift();
    this.log(`SMS outbox: ${message.voice ? 'voice' : 'text'} code ${message.code} to ${message.telephone}`);
  }

  latestFor(telephone: string): SmsMessage | undefined {
    for (let i = this.sent.length - 1; i >= 0; i--) {
      const message = this.sent[i];
      if (message?.telephone === telephone) return message;
    }
    return undefined;
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
