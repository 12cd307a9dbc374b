// The chart of accounts, in code: every kind of ledger account (what it means, which asset it holds, the sign its
// balance keeps) and every kind of transfer (which accounts it may debit and credit). The posting path
// (ledger/post.ts) refuses a transfer the chart does not allow, and the invariants (ledger/check.ts) read the signs
// from here. docs/ARCHITECTURE.md "Money"; docs/PRODUCT.md §10.16.
//
// An account is named `<kind>` or `<kind>:<key>` (`bank`, `purchase:000001`, `lot:100000042`), always per investor:
// every transfer carries its user_id, so `bank` is that investor's card. An asset is 'CNY' (amounts in fen) or
// `F:<fund code>` (that fund's shares, in hundredths): both in hundredths of their unit, hence `amount_hundredths`.
//
// A product adds its own kinds in its own module (defineAccountKind, defineTransferKind) and posts them through the
// same path; nothing here changes. The module that defines them must be imported by whatever posts them and by the
// jobs (jobs/pipeline.ts), so the settlement's check knows them (an account of an unknown kind is a violation).
import { sql, type RawBuilder } from 'kysely';

/** 'CNY' in fen, or a fund's shares `F:<code>` in hundredths of a share. */
export type Asset = string;
export const CNY: Asset = 'CNY';

/** The asset of a fund's shares. */
export function sharesOf(fundCode: string): Asset {
  return `F:${fundCode}`;
}

/** The same, as SQL over a fund code expression. */
export function sharesOfSql(fundCode: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`('F:' || ${fundCode})`;
}

/** Which asset an account holds: money, or the shares of one fund. */
export type AssetClass = 'money' | 'shares';

export function assetClassOf(asset: Asset): AssetClass | null {
  if (asset === CNY) return 'money';
  return /^F:\d{6}$/.test(asset) ? 'shares' : null;
}

/**
 * The sign an account's balance (credits − debits) keeps at every moment:
 * - 'credit': never below zero — something held (a lot's shares, money in transit, fees charged);
 * - 'debit': never above zero — a claim on the investor (the platform's advance);
 * - 'any': the outside world (the card, fund companies, registrars): its balance is a net flow, either sign.
 */
export type NormalBalance = 'credit' | 'debit' | 'any';

/** What follows the kind in an account's name: nothing, a fund code, a lot id, or another key of the product's. */
export type AccountKey = 'none' | 'fund' | 'lot' | 'id';

export interface AccountKindSpec {
  /** `[a-z][a-z0-9_]*`, unique: the account name's prefix. */
  name: string;
  key: AccountKey;
  asset: AssetClass;
  normal: NormalBalance;
  /** Which product defines it ('trading', 'cash', 'advisory', …): for the docs and the reader. */
  product: string;
  /** One line: what the balance is. */
  meaning: string;
}

export interface AccountKind extends AccountKindSpec {
  /** The account's name for this key (none for key 'none'). */
  at(key?: string | number): string;
  /** The same, as SQL over a key expression (none for key 'none'). */
  sql(key?: RawBuilder<unknown>): RawBuilder<string>;
}

export interface TransferKindSpec {
  /** `[a-z][a-z0-9_]*`, unique: the `kind` column of the transfers. */
  name: string;
  asset: AssetClass;
  /** The kinds of account it may take from, and give to. */
  debit: readonly AccountKind[];
  credit: readonly AccountKind[];
  product: string;
  meaning: string;
}

export type TransferKind = TransferKindSpec;

const NAME = /^[a-z][a-z0-9_]*$/;
const accountKinds = new Map<string, AccountKind>();
const transferKinds = new Map<string, TransferKind>();

const KEY_PATTERN: Record<AccountKey, RegExp | null> = {
  none: null,
  fund: /^\d{6}$/,
  lot: /^[1-9]\d{0,15}$/,
  id: /^[A-Za-z0-9_.-]{1,64}$/,
};

/** Adds an account kind to the chart (once per name; a product calls it from its own module). */
export function defineAccountKind(spec: AccountKindSpec): AccountKind {
  if (!NAME.test(spec.name)) throw new Error(`ledger: account kind name '${spec.name}' is not [a-z][a-z0-9_]*`);
  if (accountKinds.has(spec.name)) throw new Error(`ledger: account kind '${spec.name}' is defined twice`);
  const prefix = spec.key === 'none' ? spec.name : `${spec.name}:`;
  const kind: AccountKind = {
    ...spec,
    at(key) {
      if (spec.key === 'none') {
        if (key !== undefined) throw new Error(`ledger: account '${spec.name}' takes no key`);
        return spec.name;
      }
      const text = String(key);
      if (!KEY_PATTERN[spec.key]?.test(text)) throw new Error(`ledger: '${text}' is not a ${spec.key} key of account '${spec.name}'`);
      return `${prefix}${text}`;
    },
    sql(key) {
      if (spec.key === 'none') return sql<string>`${sql.lit(spec.name)}::text`;
      if (!key) throw new Error(`ledger: account '${spec.name}' needs a key`);
      return sql<string>`(${sql.lit(prefix)} || ${key})`;
    },
  };
  accountKinds.set(spec.name, kind);
  return kind;
}

/** Adds a transfer kind to the chart: which account kinds it may debit and credit, in which asset. */
export function defineTransferKind(spec: TransferKindSpec): TransferKind {
  if (!NAME.test(spec.name)) throw new Error(`ledger: transfer kind name '${spec.name}' is not [a-z][a-z0-9_]*`);
  if (transferKinds.has(spec.name)) throw new Error(`ledger: transfer kind '${spec.name}' is defined twice`);
  for (const account of [...spec.debit, ...spec.credit]) {
    if (accountKinds.get(account.name) !== account) throw new Error(`ledger: '${account.name}' of '${spec.name}' is not in the chart`);
    if (account.asset !== spec.asset)
      throw new Error(`ledger: transfer '${spec.name}' moves ${spec.asset}, account '${account.name}' holds ${account.asset}`);
  }
  const kind: TransferKind = { ...spec, debit: [...spec.debit], credit: [...spec.credit] };
  transferKinds.set(spec.name, kind);
  return kind;
}

/** The kind and key of an account name, or null when its kind is not in the chart (or the key is malformed). */
export function parseAccount(account: string): { kind: AccountKind; key: string | null } | null {
  const colon = account.indexOf(':');
  const kind = accountKinds.get(colon < 0 ? account : account.slice(0, colon));
  if (!kind) return null;
  if (kind.key === 'none') return colon < 0 ? { kind, key: null } : null;
  const key = colon < 0 ? '' : account.slice(colon + 1);
  return KEY_PATTERN[kind.key]?.test(key) ? { kind, key } : null;
}

export function accountKind(name: string): AccountKind | undefined {
  return accountKinds.get(name);
}

export function transferKind(name: string): TransferKind | undefined {
  return transferKinds.get(name);
}

/** Every kind defined so far (the core's below, and those of the products imported). */
export function chart(): { accounts: AccountKind[]; transfers: TransferKind[] } {
  return { accounts: [...accountKinds.values()], transfers: [...transferKinds.values()] };
}

// ---- The core: trading, 现金宝 (docs/PRODUCT.md §10.16, §10.17) -------------------------------------------------

/** The investor's bound card: the outside world money comes from and goes to. */
export const BANK = defineAccountKind({
  name: 'bank',
  key: 'none',
  asset: 'money',
  normal: 'any',
  product: 'trading',
  meaning: "the investor's bank card (outside): money paid in is debited here, money paid out credited",
});

/** The platform's advance (垫资) to the investor, repaid by the redemption behind it. */
export const ADVANCE = defineAccountKind({
  name: 'advance',
  key: 'none',
  asset: 'money',
  normal: 'debit',
  product: 'cash',
  meaning:
    'what the platform has advanced to the investor (快速取现 to the card, a purchase paid with 现金宝) and the redemptions behind it still owe: minus their shares',
});

export const PURCHASE = defineAccountKind({
  name: 'purchase',
  key: 'fund',
  asset: 'money',
  normal: 'credit',
  product: 'trading',
  meaning: 'money paid for purchases of the fund not yet confirmed: in transit to the fund company',
});

export const COMPANY = defineAccountKind({
  name: 'company',
  key: 'fund',
  asset: 'money',
  normal: 'any',
  product: 'trading',
  meaning: 'the fund company (outside): receives confirmed purchases, pays redemptions and cash dividends',
});

export const FEE = defineAccountKind({
  name: 'fee',
  key: 'fund',
  asset: 'money',
  normal: 'credit',
  product: 'trading',
  meaning: 'purchase and redemption fees charged on the fund',
});

export const PROCEEDS = defineAccountKind({
  name: 'proceeds',
  key: 'fund',
  asset: 'money',
  normal: 'credit',
  product: 'trading',
  meaning: 'confirmed redemption money not yet paid out: in transit to the card, the advance or 现金宝',
});

export const REGISTRAR = defineAccountKind({
  name: 'registrar',
  key: 'fund',
  asset: 'shares',
  normal: 'any',
  product: 'trading',
  meaning:
    "the fund's registrar (outside): issues shares (purchases, reinvested dividends, money-market income) and cancels them (redemptions)",
});

export const LOT = defineAccountKind({
  name: 'lot',
  key: 'lot',
  asset: 'shares',
  normal: 'credit',
  product: 'trading',
  meaning: 'a holding lot: its shares (the lots table mirrors it)',
});

export const SELLING = defineAccountKind({
  name: 'selling',
  key: 'fund',
  asset: 'shares',
  normal: 'credit',
  product: 'trading',
  meaning: 'shares of the fund frozen by pending redemptions',
});

/**
 * The personal pension's 资金账户 (issue 24, PRODUCT §10.13): closed-loop — money comes in only as contributions
 * from the card, refunds, redemption proceeds and cash dividends of Y classes; goes out only to Y-class purchases,
 * the withdrawal tax and the payout to the social-security-card account. Defined here because the core transfers
 * (purchase payment, refund, payout, cash dividend) may touch it.
 */
export const PENSION = defineAccountKind({
  name: 'pension',
  key: 'none',
  asset: 'money',
  normal: 'credit',
  product: 'pension',
  meaning: "the investor's personal pension 资金账户 (closed-loop): contributions not yet invested, proceeds and dividends of Y classes",
});

/** The social-security-card bank account (outside): where pension withdrawals are paid. */
export const SOCIAL_CARD = defineAccountKind({
  name: 'social_card',
  key: 'none',
  asset: 'money',
  normal: 'any',
  product: 'pension',
  meaning: "the investor's social-security-card account (outside): receives pension withdrawals net of tax",
});

/** The tax authority (outside): the 3 % withheld on pension withdrawals. */
export const TAX_AUTHORITY = defineAccountKind({
  name: 'tax',
  key: 'none',
  asset: 'money',
  normal: 'any',
  product: 'pension',
  meaning: 'the tax authority (outside): income tax withheld (the 3 % on pension withdrawals)',
});

export const PURCHASE_PAYMENT = defineTransferKind({
  name: 'purchase_payment',
  asset: 'money',
  debit: [BANK, ADVANCE, PENSION],
  credit: [PURCHASE],
  product: 'trading',
  meaning: 'a purchase paid: from the card, advanced by the platform against 现金宝 shares, or (a Y class) from the pension account',
});

export const PURCHASE_FEE = defineTransferKind({
  name: 'purchase_fee',
  asset: 'money',
  debit: [PURCHASE],
  credit: [FEE],
  product: 'trading',
  meaning: "a confirmed purchase's fee",
});

export const PURCHASE_COST = defineTransferKind({
  name: 'purchase_cost',
  asset: 'money',
  debit: [PURCHASE],
  credit: [COMPANY],
  product: 'trading',
  meaning: "a confirmed purchase's net amount, to the fund company",
});

export const PURCHASE_REFUND = defineTransferKind({
  name: 'purchase_refund',
  asset: 'money',
  debit: [PURCHASE],
  credit: [BANK, ADVANCE, COMPANY, PENSION],
  product: 'trading',
  meaning:
    'a cancelled or refused purchase (or the excess over a large-purchase limit) back where it came from: the card, the advance, 现金宝 (bought from its fund company) or the pension account',
});

export const SHARE_ISSUE = defineTransferKind({
  name: 'share_issue',
  asset: 'shares',
  debit: [REGISTRAR],
  credit: [LOT],
  product: 'trading',
  meaning: "a confirmed purchase's shares into its lot",
});

export const REDEEM_FREEZE = defineTransferKind({
  name: 'redeem_freeze',
  asset: 'shares',
  debit: [LOT],
  credit: [SELLING],
  product: 'trading',
  meaning: "a redemption placed: a lot's shares frozen",
});

export const REDEEM_UNFREEZE = defineTransferKind({
  name: 'redeem_unfreeze',
  asset: 'shares',
  debit: [SELLING],
  credit: [LOT],
  product: 'trading',
  meaning: 'a redemption cancelled or refused: the shares back in their lot',
});

export const SHARE_REDEEM = defineTransferKind({
  name: 'share_redeem',
  asset: 'shares',
  debit: [SELLING],
  credit: [REGISTRAR],
  product: 'trading',
  meaning: "a confirmed redemption's shares cancelled",
});

export const REDEEM_FEE = defineTransferKind({
  name: 'redeem_fee',
  asset: 'money',
  debit: [COMPANY],
  credit: [FEE],
  product: 'trading',
  meaning: "a confirmed redemption's fee",
});

export const REDEEM_PROCEEDS = defineTransferKind({
  name: 'redeem_proceeds',
  asset: 'money',
  debit: [COMPANY],
  credit: [PROCEEDS],
  product: 'trading',
  meaning: "a confirmed redemption's net proceeds, on their way",
});

export const PAYOUT = defineTransferKind({
  name: 'payout',
  asset: 'money',
  debit: [PROCEEDS],
  credit: [BANK, ADVANCE, COMPANY, PENSION],
  product: 'trading',
  meaning:
    'proceeds arrived: on the card, repaying the advance, into 现金宝 (bought from its fund company), or (a Y class) into the pension account',
});

export const ADVANCE_PAYMENT = defineTransferKind({
  name: 'advance',
  asset: 'money',
  debit: [ADVANCE],
  credit: [BANK],
  product: 'cash',
  meaning: '快速取现: the platform pays the card at once',
});

export const DIVIDEND_CASH = defineTransferKind({
  name: 'dividend_cash',
  asset: 'money',
  debit: [COMPANY],
  credit: [BANK, PENSION],
  product: 'trading',
  meaning: 'a cash dividend to the card (of a Y class: into the pension account)',
});

export const DIVIDEND_REINVEST = defineTransferKind({
  name: 'dividend_reinvest',
  asset: 'shares',
  debit: [REGISTRAR],
  credit: [LOT],
  product: 'trading',
  meaning: 'a reinvested dividend: new shares in a new lot',
});

export const MMF_INCOME = defineTransferKind({
  name: 'mmf_income',
  asset: 'shares',
  debit: [REGISTRAR],
  credit: [LOT],
  product: 'cash',
  meaning: "a money-market fund's daily income carried into shares (the investor's income lot)",
});

// ---- The personal pension (issue 24, PRODUCT §10.13) ------------------------------------------------------------

export const PENSION_CONTRIBUTION = defineTransferKind({
  name: 'pension_contribution',
  asset: 'money',
  debit: [BANK],
  credit: [PENSION],
  product: 'pension',
  meaning: 'a contribution from the card into the pension account (≤ 12,000.00 a calendar year)',
});

export const PENSION_TAX = defineTransferKind({
  name: 'pension_tax',
  asset: 'money',
  debit: [PENSION],
  credit: [TAX_AUTHORITY],
  product: 'pension',
  meaning: "a withdrawal's 3 % tax, withheld",
});

export const PENSION_PAYOUT = defineTransferKind({
  name: 'pension_payout',
  asset: 'money',
  debit: [PENSION],
  credit: [SOCIAL_CARD],
  product: 'pension',
  meaning: "a withdrawal's net amount, to the social-security-card account",
});
