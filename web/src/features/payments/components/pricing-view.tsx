import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@pitchside/shared/constants';
import type { PaymentMethod, PaymentProviderId, Plan, PlansResponse } from '@pitchside/shared/payments';
import { showToast } from '../../../stores/toast-store.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { codeMessage } from '../../../lib/session/describe-auth-error.ts';
import { normaliseDealCode } from '../api/payments-rest.ts';
import { useCurrency } from '../hooks/use-currency.ts';
import { currencyName, formatMoney } from '../utils/money.ts';
import { dealName, periodText, planDescription, planName } from '../utils/plan-text.ts';
import type { PricingQuery } from '../hooks/use-pricing-query.ts';
import '../payments.css';

export interface PricingViewProps {
  data: PlansResponse;
  /** The deal the address carried and the reason it revealed nothing, if it did not. */
  dealCode: string | null;
  dealError: string | null;
  /** The address's ?currency= and ?plan= (a plan to come back to after signing in), and how to change it. */
  query: PricingQuery;
  /** Laid out by the page: the plans grouped its way (all together, or by sport). */
  children: (render: (plan: Plan, headingLevel?: 2 | 3) => ReactNode) => ReactNode;
}

/**
 * The shop of both pricing pages: the currency, a deal code, the payment method, and a card per plan with
 * its price (the list price struck through under a deal) and a Buy button. Buying checks the session
 * (a visitor signs in and comes back here), creates the order, then leaves for the provider's checkout.
 */
export function PricingView(props: PricingViewProps) {
  const { data, query } = props;
  const { language } = query;
  const { t } = useTranslation('account');
  const [currency, chooseCurrency] = useCurrency(data.currencies, language, query.currency);
  const [method, setMethod] = useState<PaymentProviderId | null>(data.methods[0]?.id ?? null);
  const [buying, setBuying] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const activeDeal = data.deal?.code ?? null;

  useEffect(() => {
    if (!data.methods.some((m) => m.id === method)) setMethod(data.methods[0]?.id ?? null);
  }, [data.methods, method]);

  // Back from signing in to buy: the plan chosen before is in view and its button in focus.
  useEffect(() => {
    if (!query.plan) return;
    const button = document.querySelector<HTMLButtonElement>(
      `[data-testid="buy-plan"][data-plan="${CSS.escape(query.plan)}"]`,
    );
    button?.scrollIntoView({ block: 'center' });
    button?.focus();
  }, [query.plan]);

  async function buy(plan: Plan) {
    if (!currency || !method || buying) return;
    if (!loggedIn) {
      query.goTo(query.signInHref({ plan: plan.id, currency }));
      return;
    }
    setBuying(plan.id);
    setFailure(null);
    try {
      const { createOrder } = await import('../api/payments-api.ts');
      const { redirectUrl } = await createOrder({
        planId: plan.id,
        currency,
        provider: method,
        ...(activeDeal ? { deal: activeDeal } : {}),
        lang: language as Language,
      });
      const target = new URL(redirectUrl, window.location.href);
      // The provider's checkout page, whatever host it is on; never a script or data URL.
      if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error('bad redirect');
      // A full navigation: the provider's page is not part of the site.
      window.location.assign(target.href);
    } catch (error) {
      const code = (error as { code?: unknown })?.code;
      const message = codeMessage(t, typeof code === 'string' ? code : 'server:internal');
      setFailure(message);
      showToast('error', message);
      setBuying(null);
    }
  }

  const renderPlan = (plan: Plan, headingLevel: 2 | 3 = 2) => (
    <PlanOffer
      key={plan.id}
      plan={plan}
      headingLevel={headingLevel}
      currency={currency}
      language={language}
      busy={buying === plan.id}
      disabled={buying !== null || !method}
      onBuy={() => void buy(plan)}
    />
  );

  return (
    <div className="pricing" data-testid="pricing" data-currency={currency ?? ''}>
      <div className="pricing-controls">
        {data.currencies.length > 0 && (
          <CurrencyPicker
            currencies={data.currencies}
            value={currency}
            language={language}
            onChange={(code) => {
              chooseCurrency(code);
              if (query.currency) query.setQuery({ currency: code });
            }}
          />
        )}
        {data.methods.length > 0 && data.plans.length > 0 && (
          <MethodPicker methods={data.methods} value={method} onChange={setMethod} />
        )}
        <DealForm
          code={props.dealCode}
          active={
            data.deal
              ? { code: data.deal.code, text: dealName(t, data.deal), percentOff: data.deal.percentOff }
              : null
          }
          error={props.dealError ? codeMessage(t, props.dealError) : null}
          onApply={(code) => query.setQuery({ deal: code, plan: null })}
        />
      </div>
      {data.plans.length === 0 ? (
        <p className="plans-note">{t('pricing.noPlans')}</p>
      ) : (
        props.children(renderPlan)
      )}
      {failure && (
        <p className="pricing-failure" role="alert" data-testid="buy-error">
          {failure}
        </p>
      )}
      {!loggedIn && data.plans.length > 0 && <p className="pricing-note">{t('pricing.signInFirst')}</p>}
      <p className="pricing-note">{t('pricing.secure')}</p>
    </div>
  );
}

function PlanOffer({
  plan,
  headingLevel,
  currency,
  language,
  busy,
  disabled,
  onBuy,
}: {
  plan: Plan;
  headingLevel: 2 | 3;
  currency: string | null;
  language: string;
  busy: boolean;
  disabled: boolean;
  onBuy: () => void;
}) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const name = planName(t, plan);
  const price = plan.prices.find((p) => p.currency === currency);
  const amount = price ? formatMoney(price.amount, price.currency, language) : null;
  const discounted = price && price.listAmount > price.amount;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const features = plan.kind === 'site' ? t('pricing.premium.features', { returnObjects: true }) : [];
  return (
    <section
      className={`plan-card${plan.hidden || discounted ? ' plan-card--featured' : ''}`}
      aria-labelledby={headingId}
      data-testid="plan-offer"
      data-plan={plan.id}
    >
      <Heading className="plan-card__name" id={headingId}>
        {name}
        {plan.hidden && <span className="plan-badge">{t('pricing.dealOnly')}</span>}
      </Heading>
      <p className="plan-card__price" data-testid="plan-price">
        {!price || !amount ? (
          t('pricing.noPrice', { currency })
        ) : discounted ? (
          <>
            <span className="visually-hidden">{t('pricing.was')} </span>
            <del className="plan-price__list" data-testid="plan-list-price">
              {formatMoney(price.listAmount, price.currency, language)}
            </del>{' '}
            <span className="visually-hidden">{t('pricing.now')} </span>
            <ins className="plan-price__deal">{amount}</ins>
          </>
        ) : (
          amount
        )}
        {price && <span className="plan-price__period"> {periodText(t, plan.period)}</span>}
      </p>
      <p className="plan-card__tagline">{planDescription(t, plan)}</p>
      {features.length > 0 && (
        <ul className="plan-card__features">
          {features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      )}
      <div className="plan-card__action">
        <button
          type="button"
          className="content-button content-button--primary"
          disabled={disabled || !price}
          aria-busy={busy}
          aria-label={amount ? t('pricing.buyLabel', { plan: name, price: amount }) : undefined}
          onClick={onBuy}
          data-testid="buy-plan"
          data-plan={plan.id}
        >
          {busy ? t('pricing.buying') : t('pricing.buy')}
        </button>
      </div>
    </section>
  );
}

function CurrencyPicker({
  currencies,
  value,
  language,
  onChange,
}: {
  currencies: readonly string[];
  value: string | null;
  language: string;
  onChange: (currency: string) => void;
}) {
  const { t } = useTranslation('account');
  const id = useId();
  const options = useMemo(
    () => currencies.map((code) => ({ code, name: currencyName(code, language) })),
    [currencies, language],
  );
  return (
    <div className="pricing-field">
      <label htmlFor={id}>{t('pricing.currency')}</label>
      <select
        className="form-control"
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        data-testid="currency-picker"
      >
        {options.map(({ code, name }) => (
          <option key={code} value={code}>
            {name === code ? code : `${code} · ${name}`}
          </option>
        ))}
      </select>
    </div>
  );
}

function DealForm({
  code,
  active,
  error,
  onApply,
}: {
  code: string | null;
  active: { code: string; text: string; percentOff: number } | null;
  error: string | null;
  onApply: (code: string | null) => void;
}) {
  const { t } = useTranslation('account');
  const id = useId();
  const [value, setValue] = useState(code ?? '');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setValue(code ?? ''), [code]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalised = normaliseDealCode(value);
    setInvalid(value.trim() !== '' && !normalised);
    if (value.trim() === '' || normalised) onApply(normalised);
  };
  const message = invalid ? t('pricing.deal.invalid') : error;
  return (
    <form className="pricing-field pricing-deal" onSubmit={submit} data-testid="deal-form" noValidate>
      <label htmlFor={id}>{t('pricing.deal.label')}</label>
      <span className="pricing-deal__row">
        <input
          className="form-control"
          id={id}
          name="deal"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
        />
        <button type="submit" className="content-button">
          {t('pricing.deal.apply')}
        </button>
      </span>
      {message && (
        <span className="pricing-deal__error" id={`${id}-message`} role="alert" data-testid="deal-error">
          {message}
        </span>
      )}
      {active && (
        <span className="pricing-deal__active" role="status" data-testid="deal-active">
          {active.percentOff > 0
            ? t('pricing.deal.activeOff', { name: active.text, percent: active.percentOff })
            : t('pricing.deal.active', { name: active.text })}{' '}
          <button type="button" className="pricing-link-button" onClick={() => onApply(null)}>
            {t('pricing.deal.remove')}
          </button>
        </span>
      )}
    </form>
  );
}

function MethodPicker({
  methods,
  value,
  onChange,
}: {
  methods: readonly PaymentMethod[];
  value: PaymentProviderId | null;
  onChange: (id: PaymentProviderId) => void;
}) {
  const { t } = useTranslation('account');
  return (
    <fieldset className="pricing-methods" data-testid="payment-methods">
      <legend>{t('pricing.method')}</legend>
      {methods.map((method) => (
        <label key={method.id} className="pricing-method">
          <input
            type="radio"
            name="payment-method"
            value={method.id}
            checked={value === method.id}
            onChange={() => onChange(method.id)}
          />
          {(t as unknown as (key: string, options: object) => string)(`pricing.methods.${method.id}`, {
            defaultValue: method.name,
          })}
        </label>
      ))}
    </fieldset>
  );
}
