// Small pieces the trading screens share: shares and risk levels in words, the fund line. (The purchase flow's
// frame — timeline, steps, rows, disclosure, action bar — is components/purchase/purchase-parts.tsx.)
import { Text, View } from '@tarojs/components';
import { FigureRow, type Figure, type FigureLook } from '@/components/figure-cell/figure-cell';
import { formatAmount } from '@/lib/format';
import { LoginGate, OpenAccountGate } from '@/components/purchase/purchase-gates';
import { t } from '@/locales/trade';
import './trade.scss';

/** '197.89份' / '197.89 shares'. */
export function sharesText(shares: string): string {
  return t('trade.unit.shares', { shares });
}

export function riskLevelText(level: number): string {
  return t('trade.risk.level', { level, name: t(`trade.risk.${level}`) });
}

export function FundLine({ name, code, tags = [] }: { name: string; code: string; tags?: readonly string[] }) {
  return (
    <View className='trade-fund' data-testid='trade-fund'>
      <Text className='trade-fund__name'>{name}</Text>
      <View className='trade-fund__meta'>
        <Text className='trade-fund__code'>{code}</Text>
        {tags.map((tag) => (
          <Text key={tag} className='trade-tag'>
            {tag}
          </Text>
        ))}
      </View>
    </View>
  );
}

/** Trading's login gate with the page's title (trade.gate.login…Title); after login, back to `here`. */
export function TradeLoginGate({ title, here }: { title: string; here: string }) {
  return <LoginGate testId='trade-gate-login' text={{ title, action: t('trade.gate.login') }} here={here} />;
}

/** Trading's gate of an investor without an account; after opening, back to `here`. */
export function TradeOpenGate({ here }: { here: string }) {
  const text = { title: t('trade.gate.openTitle'), description: t('trade.gate.openDesc'), action: t('trade.gate.open') };
  return <OpenAccountGate testId='trade-gate-open' text={text} here={here} />;
}

/** The figures of a card's grid (the assets page's lines and holdings): value, gains, income. */
export const GRID_FIGURE: FigureLook = {
  row: 'trade-holding__grid',
  cell: 'trade-holding__cell',
  label: 'trade-holding__label',
  value: 'trade-holding__value',
  plain: 'trade-holding__plain',
};

/** The gains under a summary's big figure (the assets page, a holding). */
const GAIN_FIGURE: FigureLook = {
  row: 'trade-summary__gains',
  cell: 'trade-summary__gain',
  label: 'trade-summary__gain-label',
  value: 'trade-summary__gain-value',
};

/** An estimate's lines (fee, proceeds). */
export const FEE_FIGURE: FigureLook = { cell: 'trade-fee', label: 'trade-fee__label', value: 'trade-fee__value' };

/** A summary's big figure under its label (test id `totalTestId`), and its gains side by side under it. */
export function SummaryFigures(props: { label: string; total: string; totalTestId: string; gains: readonly Figure[] }) {
  return (
    <>
      <Text className='trade-summary__label'>{props.label}</Text>
      <Text className='trade-summary__total' data-testid={props.totalTestId}>
        {formatAmount(props.total)}
      </Text>
      <FigureRow look={GAIN_FIGURE} figures={props.gains} />
    </>
  );
}
