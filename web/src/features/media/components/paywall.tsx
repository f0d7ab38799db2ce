import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import '../../../components/player/player.css';

export interface PaywallProps {
  /** The film's or channel's name. */
  title: string;
  pricingHref: string;
  /** Shown to visitors who are not signed in (a plan they bought may be on their account). */
  signInHref: string | null;
}

/** What a premium film or channel shows a viewer without a plan: the premium match stream's paywall. */
export function Paywall({ title, pricingHref, signInHref }: PaywallProps) {
  const { t } = useTranslation('media');
  return (
    <div className="stream-paywall" data-testid="stream-paywall">
      <h3 className="stream-paywall__title">{t('paywall.title', { title })}</h3>
      <p>{t('paywall.body')}</p>
      <p className="stream-paywall__actions">
        <Link className="button" to={pricingHref} data-testid="paywall-pricing">
          {t('paywall.action')}
        </Link>
        {signInHref && (
          <Link className="stream-paywall__sign-in" to={signInHref}>
            {t('paywall.signIn')}
          </Link>
        )}
      </p>
    </div>
  );
}
