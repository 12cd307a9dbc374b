import type { Locale } from '@/locales/types';

/** One numbered part of an agreement: a heading and its paragraphs. `{company}`, `{name}`, … are filled from the brand. */
export interface AgreementSection {
  heading: string;
  paragraphs: readonly string[];
}

/** An agreement's text in each locale (src/lib/agreements.ts holds its id, version and effective date). */
export type AgreementText = Record<Locale, readonly AgreementSection[]>;
