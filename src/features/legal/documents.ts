// The agreements' texts by id, with the brand filled in. Loaded only by the agreement pages (their own chunk on H5).
import type { AgreementId } from '@/lib/agreements';
import type { Brand } from '@/lib/brand';
import type { Locale } from '@/locales/types';
import { fundSaleAgreement } from './documents/fund-sale';
import { privacyPolicy } from './documents/privacy';
import { riskDisclosure } from './documents/risk-disclosure';
import { serviceAgreement } from './documents/service';
import type { AgreementSection, AgreementText } from './documents/types';

const TEXTS: Record<AgreementId, AgreementText> = {
  service: serviceAgreement,
  privacy: privacyPolicy,
  'risk-disclosure': riskDisclosure,
  'fund-sale': fundSaleAgreement,
};

/** `{company}`, `{name}`, `{short}`, `{phone}`, `{hours}`, `{email}`, `{address}`, `{licence}` → the brand's values. */
export function fillBrand(text: string, brand: Brand, locale: Locale): string {
  const values: Record<string, string> = {
    company: brand.company,
    name: brand.name,
    short: brand.shortName,
    phone: brand.servicePhone,
    hours: locale === 'en-US' ? brand.serviceHoursEn : brand.serviceHours,
    email: brand.privacyEmail,
    address: brand.address,
    licence: brand.licence,
  };
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

export function agreementSections(id: AgreementId, locale: Locale, brand: Brand): AgreementSection[] {
  return TEXTS[id][locale].map((section) => ({
    heading: fillBrand(section.heading, brand, locale),
    paragraphs: section.paragraphs.map((p) => fillBrand(p, brand, locale)),
  }));
}
