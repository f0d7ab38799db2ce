import { useTranslation } from 'react-i18next';

/** Free or premium, as the stream tab's feed badges show it. */
export function AccessBadge({ access }: { access: 'free' | 'premium' }) {
  const { t } = useTranslation('media');
  return (
    <span className={`stream-badge stream-badge--${access}`} data-testid="access-badge" data-access={access}>
      {access === 'premium' ? t('common.premium') : t('common.free')}
    </span>
  );
}
