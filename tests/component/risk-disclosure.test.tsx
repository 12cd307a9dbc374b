import { render, screen } from '@testing-library/react';
import { RiskDisclosure } from '@/components/risk-disclosure/risk-disclosure';
import { setLocale } from '@/locales/i18n';

describe('RiskDisclosure', () => {
  afterEach(() => setLocale('zh-CN'));

  it('says funds carry risk and past performance does not predict the future', () => {
    render(<RiskDisclosure />);
    const box = screen.getByTestId('risk-disclosure');
    expect(box).toHaveTextContent('基金有风险，投资需谨慎');
    expect(box).toHaveTextContent('过往业绩不代表未来表现');
  });

  it('leaves out the past-performance line where no returns are shown, and speaks English', () => {
    setLocale('en-US');
    render(<RiskDisclosure past={false} />);
    const box = screen.getByTestId('risk-disclosure');
    expect(box).toHaveTextContent('Funds carry risk; invest with care');
    expect(box).not.toHaveTextContent('Past performance');
  });
});
