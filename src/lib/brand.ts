// The operator's brand (issue 17): the name the app calls itself, its licence line, the service phone and hours, and the
// company the agreements name. Configuration, not code: the server reads it from BRAND_FILE (docs/DEPLOY.md "Brand")
// and serves it at GET /djapi/platform/brand, inlined in every H5 page's HTML; the app falls back to DEFAULT_BRAND.
// The default is a made-up open-source demo operator that passes for no real company.

export interface Brand {
  /** Full name, e.g. in the header, the home title and the share card: 澄观基金. */
  name: string;
  /** The name in the English interface: Chengguan Funds. */
  nameEn: string;
  /** Short name for tight places (the mini program's bar, the fee row "{short}费率"). */
  shortName: string;
  /** Logo image URL (absolute, or a path on this site); empty: the name is drawn as text. */
  logo: string;
  /** The licence line shown under agreements and in the footer ("基金销售业务资格 …"). */
  licence: string;
  /** The legal entity the agreements are made with. */
  company: string;
  /** Its registered address, as agreements state it. */
  address: string;
  /** Customer-service telephone (tap to call), digits and dashes. */
  servicePhone: string;
  /** Customer-service hours as people read them: 每天 9:00–21:00. */
  serviceHours: string;
  /** Customer-service hours in English. */
  serviceHoursEn: string;
  /** Where personal-data requests go (the privacy policy names it). */
  privacyEmail: string;
  /** True on a demonstration install: money shown is simulated and the pages say so. */
  demo: boolean;
}

export const DEFAULT_BRAND: Brand = {
  name: '澄观基金',
  nameEn: 'Chengguan Funds',
  shortName: '澄观',
  logo: '',
  licence: '开源演示程序，非持牌机构，未取得基金销售业务资格；页面数据与资金均为模拟',
  company: '澄观基金销售（演示）有限公司',
  address: '演示地址，不对应任何真实场所',
  servicePhone: '400-000-0000',
  serviceHours: '每天 9:00–21:00',
  serviceHoursEn: 'Every day, 9:00–21:00 (Beijing time)',
  privacyEmail: 'privacy@example.com',
  demo: true,
};

/** `GET /djapi/platform/brand` data (snake_case like the rest of the API). */
export interface BrandWire {
  name: string;
  name_en: string;
  short_name: string;
  logo: string;
  licence: string;
  company: string;
  address: string;
  service_phone: string;
  service_hours: string;
  service_hours_en: string;
  privacy_email: string;
  demo: boolean;
}

export function brandToWire(brand: Brand): BrandWire {
  return {
    name: brand.name,
    name_en: brand.nameEn,
    short_name: brand.shortName,
    logo: brand.logo,
    licence: brand.licence,
    company: brand.company,
    address: brand.address,
    service_phone: brand.servicePhone,
    service_hours: brand.serviceHours,
    service_hours_en: brand.serviceHoursEn,
    privacy_email: brand.privacyEmail,
    demo: brand.demo,
  };
}

const text = (value: unknown, fallback: string, max = 200): string =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : fallback;

/** The wire form read back; a missing or unusable field keeps the default's value, so a bad answer never blanks the page. */
export function brandFromWire(wire: Partial<Record<keyof BrandWire, unknown>> | null | undefined, base: Brand = DEFAULT_BRAND): Brand {
  if (!wire || typeof wire !== 'object') return base;
  return {
    name: text(wire.name, base.name, 40),
    nameEn: text(wire.name_en, base.nameEn, 60),
    shortName: text(wire.short_name, base.shortName, 20),
    logo: typeof wire.logo === 'string' && wire.logo.length <= 500 ? wire.logo.trim() : base.logo,
    licence: text(wire.licence, base.licence),
    company: text(wire.company, base.company, 100),
    address: text(wire.address, base.address),
    servicePhone:
      typeof wire.service_phone === 'string' && /^[0-9+\- ]{3,20}$/.test(wire.service_phone) ? wire.service_phone : base.servicePhone,
    serviceHours: text(wire.service_hours, base.serviceHours, 60),
    serviceHoursEn: text(wire.service_hours_en, base.serviceHoursEn, 80),
    privacyEmail: text(wire.privacy_email, base.privacyEmail, 100),
    demo: typeof wire.demo === 'boolean' ? wire.demo : base.demo,
  };
}

/** `tel:` link of the service phone (digits and + only). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}

/** The name as the interface in `locale` shows it. */
export function brandName(brand: Brand, locale: string): string {
  return locale === 'en-US' ? brand.nameEn : brand.name;
}

/** The header's mark when there is no logo: the short name's first character (English: the English name's initial). */
export function brandMark(brand: Brand, locale = 'zh-CN'): string {
  return [...(locale === 'en-US' ? brand.nameEn : brand.shortName)][0] ?? '';
}
