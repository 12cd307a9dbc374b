// The gates before a purchase flow, in order — logged in, account opened, a valid risk assessment — and the ones a
// failed quote names. Each gate is the kit's Gate with the feature's words and test ids `${testIdPrefix}-login`,
// `-open`, `-assess`.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ErrorBox } from '../error-box/error-box';
import { SkeletonList } from '../skeleton-list/skeleton-list';
import { specUrl } from '@/lib/routes';
import { startLogin } from '@/platform/login';
import { navigateToSpecUrl } from '@/platform/navigation';
import { PURCHASE_RESULT, purchaseErrorText, resultCodeOf } from './purchase-errors';
import { Gate } from './purchase-parts';

/** Who is buying, as the account store knows it (the page passes it in). */
export interface PurchaseAccess {
  status: 'unknown' | 'loggedIn' | 'anonymous';
  /** The account can trade (opened, trade password set); null while unknown. */
  openTrade: boolean | null;
  /** A risk assessment younger than two years is on file (flows without the assessment gate leave it out). */
  assessed?: boolean;
}

export interface GateText {
  title: string;
  description?: string;
  action: string;
}

export interface PurchaseGateTexts {
  login: GateText;
  open: GateText;
  /** The assessment's gate: only flows that need one (a purchase; not a sale). */
  assess?: GateText;
}

export interface PurchaseGatesProps {
  access: PurchaseAccess;
  /** The page to come back to after login, opening or the assessment. */
  here: string;
  /** 'trade-gate' → trade-gate-login, trade-gate-open, trade-gate-assess. */
  testIdPrefix: string;
  texts: PurchaseGateTexts;
  /** The risk assessment's order modal (the account feature's, composed by the page); true once assessed. */
  ensureAssessed?: () => Promise<boolean>;
  /** The flow, once every gate is passed. */
  children: ReactNode;
}

/**
 * The gates in order, then `children`. With `ensureAssessed` (and `texts.assess`), an investor without a valid
 * assessment is asked for it at once (the modal); declined, the assessment's gate stays with the way to it.
 */
export function PurchaseGates({ access, here, testIdPrefix, texts, ensureAssessed, children }: PurchaseGatesProps) {
  if (access.status === 'unknown') return <SkeletonList items={3} rows={2} />;
  if (access.status === 'anonymous') return <LoginGate testId={`${testIdPrefix}-login`} text={texts.login} here={here} />;
  if (access.openTrade !== true) return <OpenAccountGate testId={`${testIdPrefix}-open`} text={texts.open} here={here} />;
  if (!ensureAssessed || !texts.assess) return <>{children}</>;
  return (
    <AssessmentGate
      key={here}
      assessed={access.assessed ?? false}
      ensureAssessed={ensureAssessed}
      testId={`${testIdPrefix}-assess`}
      text={texts.assess}
    >
      {children}
    </AssessmentGate>
  );
}

/** The login gate (a flow's, a page's that shows the investor's own): the way in, then back to `here`. */
export function LoginGate({ testId, text, here }: { testId: string; text: GateText; here: string }) {
  return <Gate testId={testId} {...text} onAction={() => void startLogin({ redirect: here })} />;
}

/** The gate of an investor without an account: the way to open one, then back to `here`. */
export function OpenAccountGate({ testId, text, here }: { testId: string; text: GateText; here: string }) {
  return <Gate testId={testId} {...text} onAction={() => void navigateToSpecUrl(specUrl('openAccount', {}, { redirect: here }))} />;
}

function AssessmentGate(props: {
  assessed: boolean;
  ensureAssessed: () => Promise<boolean>;
  testId: string;
  text: GateText;
  children: ReactNode;
}) {
  const { assessed, ensureAssessed, testId, text, children } = props;
  const [passed, setPassed] = useState(assessed);
  const asked = useRef(false);
  const ask = () => void ensureAssessed().then((ok) => ok && setPassed(true));
  useEffect(() => {
    if (passed || asked.current) return;
    asked.current = true;
    ask();
  });
  if (!passed && !assessed) return <Gate testId={testId} {...text} onAction={ask} />;
  return <>{children}</>;
}

export interface QuoteFailureProps {
  error: unknown;
  retry: () => void;
  here: string;
  testIdPrefix: string;
  texts: PurchaseGateTexts;
  /** The feature's way to fix an answer (components/purchase `leadToFix` with its words). */
  leadToFix: (error: unknown, here: string) => Promise<boolean>;
}

/** The quote failed: the gate it names (login, opening, assessment — titles only), else the server's reason with a retry. */
export function QuoteFailure({ error, retry, here, testIdPrefix, texts, leadToFix }: QuoteFailureProps) {
  const gate = (kind: 'open' | 'assess', text: GateText | undefined) =>
    text ? (
      <Gate testId={`${testIdPrefix}-${kind}`} title={text.title} action={text.action} onAction={() => void leadToFix(error, here)} />
    ) : null;
  switch (resultCodeOf(error)) {
    case PURCHASE_RESULT.notLoggedIn:
      return <LoginGate testId={`${testIdPrefix}-login`} text={{ title: texts.login.title, action: texts.login.action }} here={here} />;
    case PURCHASE_RESULT.accountNotOpened:
      return gate('open', texts.open);
    case PURCHASE_RESULT.noRiskAssessment:
      return gate('assess', texts.assess) ?? <ErrorBox title={purchaseErrorText(error)} onRetry={retry} />;
    default:
      return <ErrorBox title={purchaseErrorText(error)} onRetry={retry} />;
  }
}
