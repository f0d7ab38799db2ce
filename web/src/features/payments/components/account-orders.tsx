import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Entitlement, Order } from '@pitchside/shared/payments';
import { useFormat } from '../../../lib/format.ts';
import { codeMessage } from '../../../lib/session/describe-auth-error.ts';
import { listEntitlements, listOrders } from '../api/payments-api.ts';
import { formatMoney } from '../utils/money.ts';
import { planName } from '../utils/plan-text.ts';
import '../payments.css';

interface Loaded {
  orders: Order[];
  entitlements: Entitlement[];
}

/**
 * The account's "Orders and plans": what the plans it holds cover and until when (active entitlements;
 * ended ones drop off), and every order with its verified state, amount and date, newest first.
 */
export function AccountOrders({
  pricingHref,
  sportName,
}: {
  pricingHref: string;
  sportName: (slug: string) => string;
}) {
  const { t } = useTranslation('account');
  const format = useFormat();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    Promise.all([listOrders(), listEntitlements()])
      .then(([orders, entitlements]) => current && setLoaded({ orders, entitlements }))
      .catch((failure: unknown) => {
        const code = (failure as { code?: unknown })?.code;
        if (current) setError(codeMessage(t, typeof code === 'string' ? code : 'server:internal'));
      });
    return () => {
      current = false;
    };
  }, [t]);

  const active = loaded?.entitlements.filter((e) => e.active) ?? [];
  const orders = loaded ? [...loaded.orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) : [];
  return (
    <section className="account-section" aria-labelledby="account-orders" data-testid="account-orders">
      <h2 id="account-orders">{t('orders.title')}</h2>
      {!loaded ? (
        <p role="status">{error ?? t('account.loading')}</p>
      ) : (
        <>
          <h3 className="account-orders__heading">{t('orders.plansTitle')}</h3>
          {active.length === 0 ? (
            <p data-testid="no-entitlement">{t('orders.noPlan')}</p>
          ) : (
            <ul className="account-entitlements">
              {active.map((entitlement) => (
                <li key={entitlement.id} data-testid="entitlement" data-plan={entitlement.planId}>
                  <span className="account-entitlements__plan">
                    {planName(t, { id: entitlement.planId, name: entitlement.planName })}
                  </span>
                  <span className="account-entitlements__meta">
                    {entitlement.sport ? sportName(entitlement.sport) : t('orders.allSports')}
                    {' · '}
                    {t('orders.until', { date: format.date(entitlement.endsAt, 'date') })}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <h3 className="account-orders__heading">{t('orders.ordersTitle')}</h3>
          {orders.length === 0 ? (
            <p data-testid="no-orders">{t('orders.none')}</p>
          ) : (
            <div className="account-orders__scroll">
              <table className="account-orders__table">
                <caption className="visually-hidden">{t('orders.ordersTitle')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('payment.facts.plan')}</th>
                    <th scope="col">{t('payment.facts.state')}</th>
                    <th scope="col">{t('payment.facts.amount')}</th>
                    <th scope="col">{t('payment.facts.date')}</th>
                  </tr>
                </thead>
                <tbody>
                  {orders.map((order) => (
                    <tr key={order.id} data-testid="order" data-state={order.state}>
                      <th scope="row">{planName(t, { id: order.planId, name: order.planName })}</th>
                      <td>
                        <span className={`order-state order-state--${order.state}`}>
                          {t(`orders.states.${order.state}`)}
                        </span>
                      </td>
                      <td>{formatMoney(order.amount, order.currency, format.locale)}</td>
                      <td>
                        <time dateTime={order.createdAt}>{format.date(order.createdAt, 'date')}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <Link className="auth-button" to={pricingHref} data-testid="see-plans">
        {t('account.plans')}
      </Link>
    </section>
  );
}
