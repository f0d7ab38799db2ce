import type { TFunction } from 'i18next';
import type { Deal, Period, Plan } from '@pitchside/shared/payments';

/**
 * The catalogue's names are the admin's (English): the plans the site ships with have translations, keyed
 * by plan id; a plan an admin adds later shows its own name until it gets one.
 */
type T = TFunction<'account'>;
const lookup = (t: T, key: string, fallback: string): string =>
  (t as unknown as (key: string, options: object) => string)(key, { defaultValue: fallback });

export const planName = (t: T, plan: Pick<Plan, 'id' | 'name'>): string =>
  lookup(t, `plans.names.${plan.id}`, plan.name);

export const planDescription = (t: T, plan: Pick<Plan, 'id' | 'description'>): string =>
  lookup(t, `plans.descriptions.${plan.id}`, plan.description);

export const dealName = (t: T, deal: Pick<Deal, 'code' | 'name'>): string =>
  lookup(t, `plans.deals.${deal.code}`, deal.name);

/** "per month", "every 6 months". */
export function periodText(t: T, period: Period): string {
  return period.count === 1
    ? lookup(t, `plans.period.${period.unit}`, period.unit)
    : (t as unknown as (key: string, options: object) => string)(`plans.period.${period.unit}s`, {
        count: period.count,
      });
}
