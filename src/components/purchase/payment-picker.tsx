// The payment picker of a purchase flow (and any "one of these ways" choice of one: 快速取现 or 普通取现): radio
// rows, the chosen one lit, an unavailable one shown with why but not chosen. NutUI's Radio has no room for the
// lines under each way (limits, what is available), so the rows are ours, with the radio roles and states.
import { Text, View } from '@tarojs/components';
import { cashCovers } from '@/lib/cash-rules';
import { yuanToFen } from '@/lib/money';
import { roleProps } from '@/components/a11y/role-props';
import './purchase.scss';

/** A line under a way's name: muted, or a problem (red), with its own test id when a test reads it. */
export interface PaymentLine {
  text: string;
  testId?: string;
  problem?: boolean;
}

export interface PaymentOption<M extends string> {
  method: M;
  testId: string;
  /** The way's name ('招商银行（尾号2565）', '现金宝'); none: the lines only (no card bound). */
  name?: string;
  lines: readonly PaymentLine[];
  /** Shown, not choosable (aria-disabled): 现金宝 that cannot cover the amount. */
  disabled?: boolean;
}

export interface PaymentPickerProps<M extends string> {
  /** The group's accessible name ('支付方式'): the feature shows it as its card's title. */
  label: string;
  options: readonly PaymentOption<M>[];
  value: M;
  onChoose: (method: M) => void;
}

/**
 * The ways to pay, one chosen. One way only (no 现金宝 to offer): shown as plain information, nothing to choose.
 * Build 现金宝's row with `cashOption` so it is unavailable whenever its balance cannot cover the amount.
 */
export function PaymentPicker<M extends string>({ label, options, value, onChoose }: PaymentPickerProps<M>) {
  if (options.length === 1) {
    const only = options[0]!;
    return (
      <View role='radiogroup' aria-label={label}>
        <View data-testid={only.testId}>
          <OptionBody option={only} />
        </View>
      </View>
    );
  }
  return (
    <View role='radiogroup' aria-label={label}>
      {options.map((option) => {
        const on = option.method === value;
        return (
          <View
            key={option.method}
            className={`purchase-option${on ? ' purchase-option--on' : ''}${option.disabled ? ' purchase-option--off' : ''}`}
            {...roleProps('radio')}
            aria-checked={on}
            aria-disabled={option.disabled ? true : undefined}
            data-testid={option.testId}
            onClick={() => {
              if (!option.disabled) onChoose(option.method);
            }}
          >
            <View className='purchase-option__radio' />
            <OptionBody option={option} />
          </View>
        );
      })}
    </View>
  );
}

function OptionBody<M extends string>({ option }: { option: PaymentOption<M> }) {
  return (
    <View className='purchase-option__body'>
      {option.name ? <Text className='purchase-option__name'>{option.name}</Text> : null}
      {option.lines.map((line, index) => (
        <Text
          key={`${index}-${line.text}`}
          className={line.problem ? 'purchase-option__line purchase-option__line--problem' : 'purchase-option__line'}
          data-testid={line.testId}
        >
          {line.text}
        </Text>
      ))}
    </View>
  );
}

export interface CashOptionTexts {
  /** '现金宝'. */
  name: string;
  /** '可用 2,345.67 元', shown while it can pay. */
  available: string;
  /** '余额不足，可用 0.00 元', shown when it cannot (defaults to `available`). */
  short?: string;
  /** What paying with it means ('扣款日从现金宝支付…'). */
  note: string;
}

/**
 * 现金宝's row: unavailable while its `available` balance (yuan) cannot cover `amountFen` (`cashCovers`: 0.00 never
 * does; null amount: the balance alone counts) — unless `mustCover` is false (the amount check of the form then
 * says it is short).
 */
export function cashOption<M extends string>(options: {
  method: M;
  testId: string;
  available: string;
  amountFen: number | null;
  mustCover?: boolean;
  availableTestId?: string;
  texts: CashOptionTexts;
}): PaymentOption<M> {
  const { method, testId, available, amountFen, mustCover = true, availableTestId, texts } = options;
  const short = mustCover && !cashCovers(fenOf(available), amountFen);
  return {
    method,
    testId,
    name: texts.name,
    disabled: short,
    lines: [
      { text: short ? (texts.short ?? texts.available) : texts.available, testId: availableTestId, problem: short },
      { text: texts.note },
    ],
  };
}

/** A balance as fen; one the server never sends (not a 2-decimal amount) pays nothing. */
function fenOf(yuan: string): number {
  try {
    return yuanToFen(yuan);
  } catch {
    return 0;
  }
}
