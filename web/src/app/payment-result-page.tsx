import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { PaymentResultPage as ResultPage } from '@pitchside/shared/payments';
import { codeMessage } from '../lib/session/describe-auth-error.ts';
import { StatusPanel } from '../features/content/components/status-panel.tsx';
import { useVerifiedOrder } from '../features/payments/hooks/use-verified-order.ts';
import { formatMoney } from '../features/payments/utils/money.ts';
import { planName } from '../features/payments/utils/plan-text.ts';
import { useFormat } from '../lib/format.ts';
import { useSupportEmail } from './chrome/site-footer.tsx';
import { StaticPageHead } from './head/static-page-head.tsx';
import { useLocalPath, usePaths } from './paths.ts';

/**
 * /payment/success, /payment/failure and /payment/result: where the gateway sends a buyer back from the
 * payment provider, with `?order=`. Which of the three it is only says where the order stood when the
 * buyer came back; the page shows the order as the server verifies it now (GET /api/orders/:id, read
 * again until the provider settles it) and moves to the page that matches. It grants nothing: the
 * gateway grants the plan when it captures the payment. Not for robots.
 */
export function PaymentResultPage({ page }: { page: ResultPage }) {
  const supportEmail = useSupportEmail();
  const { t } = useTranslation('account');
  const to = useLocalPath();
  const paths = usePaths();
  const format = useFormat();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const orderId = search.get('order');
  const verified = useVerifiedOrder(orderId);

  // The address follows the verified state (a pending result that settles becomes success or failure).
  const settledPage = verified.phase === 'order' ? verified.outcome.page : null;
  useEffect(() => {
    if (settledPage && settledPage !== page && orderId)
      void navigate(`${to(`/payment/${settledPage}`)}?order=${encodeURIComponent(orderId)}`, {
        replace: true,
      });
  }, [settledPage, page, orderId, navigate, to]);

  const accountLink = (
    <Link className="button button--quiet" to={to('/account')} key="account">
      {t('payment.account')}
    </Link>
  );
  const pricingLink = (quiet: boolean) => (
    <Link className={`button${quiet ? ' button--quiet' : ''}`} to={to('/pricing')} key="pricing">
      {t('payment.pricing')}
    </Link>
  );
  const supportLink = (
    <a className="button button--quiet" href={`mailto:${supportEmail}`} key="support">
      {t('payment.support')}
    </a>
  );

  let panel;
  switch (verified.phase) {
    case 'none':
      panel = (
        <StatusPanel
          tone="pending"
          title={t('payment.none.title')}
          body={t('payment.none.body')}
          actions={[accountLink, pricingLink(true)]}
        />
      );
      break;
    case 'checking':
      panel = (
        <StatusPanel
          tone="pending"
          title={t('payment.states.pending.title')}
          body={t('payment.checking')}
          actions={[accountLink, supportLink]}
        />
      );
      break;
    case 'signed-out':
      panel = (
        <StatusPanel
          tone="pending"
          title={t('payment.signIn.title')}
          body={t('payment.signIn.body')}
          actions={[
            <Link
              className="button"
              key="sign-in"
              to={`${to('/login')}?redirect=${encodeURIComponent(`${pathname}?${search.toString()}`)}`}
            >
              {t('payment.signIn.action')}
            </Link>,
            pricingLink(true),
          ]}
        />
      );
      break;
    case 'error':
      panel = (
        <StatusPanel
          tone="failure"
          title={t('payment.unknown.title')}
          body={codeMessage(t, verified.code)}
          actions={[accountLink, supportLink]}
        >
          <p className="status-panel__help">{t('payment.unknown.help')}</p>
        </StatusPanel>
      );
      break;
    case 'order': {
      const { order, outcome, late } = verified;
      const key = outcome.key;
      const actions =
        key === 'captured'
          ? [
              <Link className="button" to={paths.liveMatches()} key="watch" data-testid="watch-streams">
                {t('payment.watch')}
              </Link>,
              accountLink,
            ]
          : key === 'pending'
            ? [accountLink, supportLink]
            : [pricingLink(false), accountLink, supportLink];
      panel = (
        <StatusPanel
          tone={outcome.tone}
          title={t(`payment.states.${key}.title`)}
          body={t(`payment.states.${key}.body`)}
          actions={actions}
        >
          <dl className="payment-facts" data-testid="order-facts">
            <div>
              <dt>{t('payment.facts.plan')}</dt>
              <dd>{planName(t, { id: order.planId, name: order.planName })}</dd>
            </div>
            <div>
              <dt>{t('payment.facts.amount')}</dt>
              <dd>{formatMoney(order.amount, order.currency, format.locale)}</dd>
            </div>
            <div>
              <dt>{t('payment.facts.state')}</dt>
              <dd data-testid="order-state" data-state={order.state}>
                {t(`orders.states.${order.state}`)}
              </dd>
            </div>
            <div>
              <dt>{t('payment.facts.date')}</dt>
              <dd>{format.date(order.capturedAt ?? order.createdAt, 'dateTime')}</dd>
            </div>
            <div>
              <dt>{t('payment.facts.order')}</dt>
              <dd className="payment-facts__id">{order.id}</dd>
            </div>
          </dl>
          {key === 'pending' && (
            <p className="status-panel__note">{late ? t('payment.late') : t('payment.checking')}</p>
          )}
          {(key === 'failed' || key === 'cancelled') && (
            <p className="status-panel__help">{t('payment.failureHelp')}</p>
          )}
        </StatusPanel>
      );
      break;
    }
  }

  return (
    <>
      <StaticPageHead page={`payment-${page}`} noindex />
      <div
        className="payment-result"
        data-testid="payment-result"
        data-phase={verified.phase}
        data-state={verified.phase === 'order' ? verified.order.state : ''}
        aria-live="polite"
      >
        {panel}
      </div>
    </>
  );
}
