import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { SPORTS, type SportSlug } from '@pitchside/shared/domain';

const KNOWN = new Set<string>(SPORTS.map((s) => s.slug));

/** A sport's name in the page's language; a sport we have no message for keeps the API's name. */
export function useSportName(): (sport: { slug: string; name: string }) => string {
  const { t } = useTranslation('explore');
  return useCallback(
    (sport) => (KNOWN.has(sport.slug) ? t(`sports.name.${sport.slug as SportSlug}`) : sport.name),
    [t],
  );
}
