// The buy page's registration coupon (issue 25, docs/PRODUCT.md §7.4): the investor's coupons for this fund and
// amount, each usable one with the fee before and after (the server prices it with the rule of src/lib/coupon.ts),
// the others with the reason they do not apply. The chosen coupon's id goes with the order (coupon_id).
import { useEffect, useState } from 'react';
import { Text, View } from '@tarojs/components';
import type { Coupon } from '@/lib/api-types/activity';
import { formatAmount } from '@/lib/format';
import { t } from '@/locales/activity';
import { localizedText } from '@/locales/i18n';
import { get } from '@/platform/http';

function getCoupons(fundCode: string, amount: string): Promise<{ items: Coupon[] }> {
  return get<{ items: Coupon[] }>('/djapi/coupons', { fd_code: fundCode, amount }, { silent: true });
}

export interface CouponOfferProps {
  fundCode: string;
  /** Yuan ('1000.00'), or null while the amount is not valid. */
  amount: string | null;
  chosen: string | null;
  onChoose: (couponId: string | null) => void;
}

export function CouponOffer({ fundCode, amount, chosen, onChoose }: CouponOfferProps) {
  const [coupons, setCoupons] = useState<Coupon[]>([]);
  useEffect(() => {
    if (amount === null) return undefined;
    let live = true;
    // Asked again for each amount (after the typing settles): whether a coupon applies depends on it.
    const timer = setTimeout(() => {
      getCoupons(fundCode, amount)
        .then((answer) => {
          if (!live) return;
          const open = answer.items.filter((c) => c.status === 'available');
          setCoupons(open);
          const stillUsable = open.find((c) => c.coupon_id === chosen)?.applies?.usable;
          if (chosen !== null && !stillUsable) onChoose(null);
          // The best usable coupon is chosen by default.
          if (chosen === null) {
            const best = open.find((c) => c.applies?.usable);
            if (best) onChoose(best.coupon_id);
          }
        })
        .catch(() => live && setCoupons([]));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // Asked again when the fund or the amount changes only (the choice is this effect's own output).
  }, [fundCode, amount]);
  if (amount === null || coupons.length === 0) return null;
  return (
    <View className='trade-coupons' data-testid='buy-coupons'>
      <Text className='trade-muted'>{t('activity.coupon.pick')}</Text>
      {coupons.map((c) => {
        const applies = c.applies;
        const on = chosen === c.coupon_id;
        return (
          <View
            key={c.coupon_id}
            className={`trade-coupon${on ? ' trade-coupon--on' : ''}${applies?.usable ? '' : ' trade-coupon--off'}`}
            data-testid='buy-coupon'
            onClick={() => applies?.usable && onChoose(on ? null : c.coupon_id)}
          >
            <Text className='trade-coupon__title'>{localizedText(c.title, c.title_en)}</Text>
            <Text className='trade-muted'>
              {applies?.usable
                ? t('activity.coupon.saves', {
                    before: formatAmount(applies.fee_before),
                    after: formatAmount(applies.fee_after),
                    saved: formatAmount(applies.discount_amount),
                  })
                : (applies?.reason ?? '')}
            </Text>
            <Text className='trade-coupon__tick'>{on ? '✓' : ''}</Text>
          </View>
        );
      })}
    </View>
  );
}
