import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { SPORTS } from '@pitchside/shared/domain';
import { loadPasswordPolicy } from '../../features/auth/api/auth-api.ts';
import { DeleteAccount } from '../../features/auth/components/delete-account.tsx';
import { PasswordForm } from '../../features/auth/components/password-form.tsx';
import { ProfileForm } from '../../features/auth/components/profile-form.tsx';
import { SessionList } from '../../features/auth/components/session-list.tsx';
import { useAccount } from '../../features/auth/hooks/use-account.ts';
import { AccountOrders } from '../../features/payments/components/account-orders.tsx';
import { apiFrom } from '../../lib/api.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

export async function loader({ context }: LoaderFunctionArgs) {
  return { policy: await loadPasswordPolicy(apiFrom(context)) };
}

export const shouldRevalidate = () => false;

/**
 * /account (layout 'user', middleware 'auth'): the profile, the password, where one is signed in, the
 * orders and plans, and deleting the account; for an admin a link to the admin side (/cms). Everything here comes from
 * bearer calls in the browser: the server renders the frame (it knows only that the visitor says they
 * are signed in).
 */
export function Component() {
  const { t } = useTranslation('account');
  const { policy } = useLoaderData<typeof loader>();
  const to = useLocalPath();
  const { user, error } = useAccount();
  const sportName = (slug: string) =>
    t(`pricingSport.sports.${slug}` as 'pricingSport.sports.football', {
      defaultValue: SPORTS.find((s) => s.slug === slug)?.name ?? slug,
    });
  return (
    <>
      <StaticPageHead page="account" noindex />
      <div className="page-heading">
        <h1>{t('account.title')}</h1>
      </div>
      {!user ? (
        <p className="account-section" role="status" data-testid="account-loading">
          {error ?? t('account.loading')}
        </p>
      ) : (
        <div className="account-sections" data-testid="account-sections">
          <ProfileForm key={`${user.uid}:${user.displayName}:${user.photoURL}`} user={user} />
          {user.scope.includes('admin') && (
            // The users moved to the admin side's dashboard; the old #admin anchor still leads there.
            <p className="account-section" id="admin">
              <Link to={to('/cms')}>{t('ops.title')}</Link>
            </p>
          )}
          <PasswordForm user={user} policy={policy} />
          <SessionList />
          <AccountOrders pricingHref={to('/pricing')} sportName={sportName} />
          <DeleteAccount user={user} />
        </div>
      )}
    </>
  );
}
