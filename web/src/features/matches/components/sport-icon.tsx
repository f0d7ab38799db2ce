import { useTranslation } from 'react-i18next';

/** The sports the lists have a name and an icon for; any other slug gets a generic one. */
const KNOWN = ['football', 'basketball'] as const;
type KnownSport = (typeof KNOWN)[number];
const isKnown = (sport: string): sport is KnownSport => (KNOWN as readonly string[]).includes(sport);

/** "Football", "Basketball", or "Other sport" for a sport this build does not know yet. */
export function useSportName(): (sport: string) => string {
  const { t } = useTranslation('matches');
  return (sport) => (isKnown(sport) ? t(`sport.${sport}`) : t('sport.other'));
}

/**
 * A small sport pictogram. Decorative unless `label` is set: lists write the sport's name next to it,
 * or give it as the icon's accessible name where there is no room for the word.
 */
export function SportIcon({ sport, label }: { sport: string; label?: string }) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  const kind = isKnown(sport) ? sport : 'other';
  return (
    <svg className={`sport-icon sport-icon--${kind}`} viewBox="0 0 16 16" width="14" height="14" {...a11y}>
      {label && <title>{label}</title>}
      {kind === 'basketball' ? (
        <>
          <circle cx="8" cy="8" r="6.6" fill="currentColor" />
          <path
            d="M1.6 8h12.8M8 1.4v13.2M3.3 3.3c2.2 2.4 2.2 7 0 9.4M12.7 3.3c-2.2 2.4-2.2 7 0 9.4"
            fill="none"
            stroke="var(--surface)"
            strokeWidth="0.9"
          />
        </>
      ) : kind === 'football' ? (
        <>
          <circle cx="8" cy="8" r="6.6" fill="none" stroke="currentColor" strokeWidth="1.4" />
          <path d="M8 4.6l2.4 1.8-.9 2.9H6.5l-.9-2.9z" fill="currentColor" />
        </>
      ) : (
        <>
          <circle cx="8" cy="8" r="6.6" fill="none" stroke="currentColor" strokeWidth="1.4" />
          <circle cx="8" cy="8" r="2" fill="currentColor" />
        </>
      )}
    </svg>
  );
}
