// /n/xjb/trade-rules and /n/xjb/withdrawal-rules (issue 13 §6): the rules the code applies, stated from the one
// source the server applies them from (src/lib/cash-rules.ts) plus the live dates of an order placed now
// (GET /djapi/xjb/rules, the same business calendar the orders use), so text and behaviour cannot drift.
import { Text, View } from '@tarojs/components';
import { useRemote } from '@/components/use-remote/use-remote';
import {
  CASH_CONFIRM_TRADING_DAYS,
  CASH_CUTOFF,
  CASH_MIN_AMOUNT_FEN,
  NORMAL_WITHDRAW_TRADING_DAYS,
  QUICK_WITHDRAW_DAILY_LIMIT_FEN,
} from '@/lib/cash-rules';
import { formatFen } from '@/lib/format';
import { t } from '@/locales/cash';
import type { CashRules } from '@/lib/api-types/cash';
import { purchaseErrorText } from '@/components/purchase/purchase-errors';
import { getCashRules } from './api';
import './cash.scss';

/** The figures every rule text names, from the constants: '10,000.00', '15:00', '0.01', 1, 1. */
export function ruleFigures() {
  return {
    limit: formatFen(QUICK_WITHDRAW_DAILY_LIMIT_FEN),
    cutoff: CASH_CUTOFF,
    min: formatFen(CASH_MIN_AMOUNT_FEN),
    confirmDays: CASH_CONFIRM_TRADING_DAYS,
    arrivalDays: NORMAL_WITHDRAW_TRADING_DAYS,
  };
}

function Rule({ n, children, testId }: { n: number; children: string; testId: string }) {
  return (
    <View className='cash-rule-item' data-testid={testId}>
      <Text className='cash-rule-item__n'>{`${n}.`}</Text>
      <Text className='cash-rule-item__text'>{children}</Text>
    </View>
  );
}

/** The live example: what an order placed now does, on which days (loads beside the rules, never holds them up). */
function LiveExample({ render, testId }: { render: (rules: CashRules) => string; testId: string }) {
  const rules = useRemote(() => getCashRules(), []);
  return (
    <View className='cash-card cash-live' data-testid={testId}>
      <Text className='cash-card__title'>{t('cash.rules.liveTitle')}</Text>
      {rules.status === 'loading' ? <Text className='cash-muted'>{t('cash.rules.liveLoading')}</Text> : null}
      {rules.status === 'error' ? (
        <View className='cash-live__error'>
          <Text className='cash-muted'>{purchaseErrorText(rules.error)}</Text>
          <Text className='cash-link' data-testid={`${testId}-retry`} onClick={rules.retry}>
            {t('cash.rules.retry')}
          </Text>
        </View>
      ) : null}
      {rules.status === 'ready' ? (
        <Text className='cash-live__text' data-testid={`${testId}-text`}>
          {render(rules.data)}
        </Text>
      ) : null}
    </View>
  );
}

export function TradeRulesScreen() {
  const f = ruleFigures();
  const rules = [
    t('cash.rules.trade.product'),
    t('cash.rules.trade.deposit', { cutoff: f.cutoff, days: f.confirmDays }),
    t('cash.rules.trade.min', { min: f.min }),
    t('cash.rules.trade.income'),
    t('cash.rules.trade.weekend'),
    t('cash.rules.trade.yield'),
    t('cash.rules.trade.unavailable'),
    t('cash.rules.trade.pay'),
    t('cash.rules.trade.sell'),
  ];
  return (
    <View className='cash-page cash-rules' data-testid='cash-trade-rules'>
      <LiveExample
        testId='cash-rules-live'
        render={(r) =>
          t('cash.rules.trade.live', { trade: r.deposit_trade_date, confirm: r.deposit_confirm_date, income: r.deposit_income_date })
        }
      />
      <View className='cash-card'>
        <Text className='cash-card__title'>{t('cash.rules.tradeTitle')}</Text>
        {rules.map((text, i) => (
          <Rule key={i} n={i + 1} testId='cash-rule'>
            {text}
          </Rule>
        ))}
      </View>
    </View>
  );
}

export function WithdrawalRulesScreen() {
  const f = ruleFigures();
  const rules = [
    t('cash.rules.withdrawal.quick', { limit: f.limit }),
    t('cash.rules.withdrawal.reset'),
    t('cash.rules.withdrawal.normal', { cutoff: f.cutoff, days: f.arrivalDays }),
    t('cash.rules.withdrawal.over', { limit: f.limit }),
    t('cash.rules.withdrawal.min', { min: f.min }),
    t('cash.rules.withdrawal.card'),
    t('cash.rules.withdrawal.advance'),
  ];
  return (
    <View className='cash-page cash-rules' data-testid='cash-withdrawal-rules'>
      <LiveExample
        testId='cash-rules-live'
        render={(r) => t('cash.rules.withdrawal.live', { trade: r.normal_trade_date, arrival: r.normal_arrival_date, limit: f.limit })}
      />
      <View className='cash-card'>
        <Text className='cash-card__title'>{t('cash.rules.withdrawalTitle')}</Text>
        {rules.map((text, i) => (
          <Rule key={i} n={i + 1} testId='cash-rule'>
            {text}
          </Rule>
        ))}
      </View>
    </View>
  );
}
