/**
 * Stripe's API takes application/x-www-form-urlencoded bodies with nested keys in brackets:
 * `line_items[0][price_data][unit_amount]=999`, `metadata[order_id]=...`.
 */
export type StripeFormValue =
  string | number | boolean | undefined | StripeFormValue[] | { [key: string]: StripeFormValue };

export function toStripeForm(params: Record<string, StripeFormValue>): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, value: StripeFormValue): void => {
    if (value === undefined) return;
    if (Array.isArray(value)) value.forEach((item, i) => add(`${key}[${i}]`, item));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form;
}
