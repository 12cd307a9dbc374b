// The risk assessment's order-modal variant (before a purchase): a valid assessment passes at once; otherwise
// the modal asks, runs the questionnaire from the server and resolves true once the level is known.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useAccountStore } from '@/features/account/store';
import { useRiskGate } from '@/features/account/use-risk-gate';
import { setLocale } from '@/locales/i18n';
import { setToastPresenter } from '@/platform/feedback';
import { setSecureLayer, setTransport } from '@/platform/http';
import { envelopeResponse, stubTransport, type StubTransport } from '../unit/platform-test-transport';
import { buttonWithText, click, flush } from './login-helpers';

const QUESTIONNAIRE = {
  id: 'v1',
  questions: [
    {
      id: 'q1',
      title: 'Your age?',
      options: [
        { id: 'a', text: 'Under 30' },
        { id: 'b', text: '30 to 50' },
      ],
    },
    {
      id: 'q2',
      title: 'Your investment horizon?',
      options: [
        { id: 'a', text: 'Under 1 year' },
        { id: 'b', text: 'Over 3 years' },
      ],
    },
  ],
};

const RESULT = {
  level: 'C3',
  level_name: 'Balanced',
  score: 55,
  description: 'You accept moderate swings for moderate returns.',
  max_fund_risk: 'R3',
  valid_until: '2028-11-22',
};

let transport: StubTransport;
let outcome: boolean | null;

function Harness() {
  const { modal, ensureAssessed } = useRiskGate();
  return (
    <>
      <button type='button' onClick={() => void ensureAssessed().then((ok) => (outcome = ok))}>
        buy
      </button>
      {modal}
    </>
  );
}

describe('risk gate (order modal)', () => {
  beforeEach(() => {
    setLocale('en-US');
    outcome = null;
    transport = stubTransport();
    setTransport(transport);
    setSecureLayer(null);
    setToastPresenter(() => undefined);
    transport.respond((req) => {
      const path = new URL(req.url, 'http://localhost').pathname;
      if (path === '/djapi/risk/questionnaire') return envelopeResponse({ result_code: 0, data: QUESTIONNAIRE });
      if (path === '/djapi/risk/assessment') return envelopeResponse({ result_code: 0, data: RESULT });
      if (path === '/djapi/account') {
        return envelopeResponse({
          result_code: 0,
          data: { user: { id: 1, mask_telephone: '138****5678', risk_level: 'C3', risk_valid_until: '2028-11-22' } },
        });
      }
      if (path === '/xqapi/upload/web') return envelopeResponse({ result_code: 0, data: { accepted: 1 } });
      return envelopeResponse({ result_code: 404001, data: null }, 404);
    });
  });
  afterEach(() => {
    setTransport(null);
    setToastPresenter(null);
    setLocale('zh-CN');
    useAccountStore.getState().reset();
  });

  it('a valid assessment lets the purchase go on without a modal', async () => {
    useAccountStore.setState({ status: 'loggedIn', riskLevel: 'C4', riskExpired: false });
    render(<Harness />);
    fireEvent.click(screen.getByText('buy'));
    await flush();
    expect(outcome).toBe(true);
    expect(screen.queryByText('Please take the risk assessment before buying')).toBeNull();
  });

  it('no assessment: ask → questions → result → Done resolves true and the account knows the level', async () => {
    useAccountStore.setState({ status: 'loggedIn', riskLevel: null, riskExpired: false });
    render(<Harness />);
    fireEvent.click(screen.getByText('buy'));
    await flush();
    expect(screen.getByText('Please take the risk assessment before buying')).toBeInTheDocument();
    click(buttonWithText('Start the assessment'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByText('Question 1 of 2')).toBeInTheDocument();
    click(screen.getByText('30 to 50'));
    expect(screen.getByText('Question 2 of 2')).toBeInTheDocument();
    click(screen.getByText('Over 3 years'));
    click(buttonWithText('Submit'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const submitted = transport.requests.find((r) => r.method === 'POST' && r.url.includes('/djapi/risk/assessment'));
    expect(JSON.parse(new URLSearchParams(submitted?.body ?? '').get('answers') ?? '{}')).toEqual({ q1: 'b', q2: 'b' });
    expect(screen.getByText('C3 Balanced')).toBeInTheDocument();
    expect(screen.getByText('Valid until 2028-11-22')).toBeInTheDocument();
    expect(screen.getByText('You may buy funds rated up to R3')).toBeInTheDocument();
    expect(outcome).toBeNull();
    click(buttonWithText('Done'));
    await flush();
    expect(outcome).toBe(true);
    expect(useAccountStore.getState().riskLevel).toBe('C3');
  });

  it('"Not now" resolves false', async () => {
    useAccountStore.setState({ status: 'loggedIn', riskLevel: null, riskExpired: true });
    render(<Harness />);
    fireEvent.click(screen.getByText('buy'));
    await flush();
    expect(screen.getByText('Your risk assessment has expired; please take it again before buying')).toBeInTheDocument();
    click(buttonWithText('Not now'));
    await flush();
    expect(outcome).toBe(false);
  });
});
