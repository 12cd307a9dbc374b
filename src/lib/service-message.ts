// The customer-service form's rules (issue 17), shared by the form and the server (POST /djapi/service/messages), so a
// refusal reads the same on both sides. Pure.

export const SERVICE_TOPICS = ['account', 'trade', 'cash', 'privacy', 'other'] as const;
export type ServiceTopic = (typeof SERVICE_TOPICS)[number];

export const SERVICE_MESSAGE_MIN = 5;
export const SERVICE_MESSAGE_MAX = 500;
/** Messages a client may send per hour (per IP address, IPv6 /64). */
export const SERVICE_MESSAGES_PER_HOUR = 5;

export type ServiceMessageProblem = 'messageEmpty' | 'messageShort' | 'messageLong' | 'contactInvalid' | 'topicInvalid';

export function isServiceTopic(value: string): value is ServiceTopic {
  return (SERVICE_TOPICS as readonly string[]).includes(value);
}

/** Characters as people count them (an emoji or a rare Han character is one). */
export function textLength(text: string): number {
  return [...text].length;
}

export function serviceMessageProblem(message: string): ServiceMessageProblem | null {
  const text = message.trim();
  if (text === '') return 'messageEmpty';
  if (textLength(text) < SERVICE_MESSAGE_MIN) return 'messageShort';
  if (textLength(text) > SERVICE_MESSAGE_MAX) return 'messageLong';
  return null;
}

/** A mainland mobile number or an e-mail address (one @, a dot in the domain, no spaces, at most 100 characters). */
export function serviceContactProblem(contact: string): ServiceMessageProblem | null {
  const text = contact.trim();
  if (/^1[3-9]\d{9}$/.test(text)) return null;
  if (text.length <= 100 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return null;
  return 'contactInvalid';
}

/** The contact as the confirmation repeats it: the middle of a phone number or a mailbox's name masked. */
export function maskContact(contact: string): string {
  const text = contact.trim();
  if (/^1\d{10}$/.test(text)) return `${text.slice(0, 3)}****${text.slice(7)}`;
  const at = text.indexOf('@');
  if (at > 0) return `${text.slice(0, 1)}***${text.slice(at)}`;
  return '***';
}
