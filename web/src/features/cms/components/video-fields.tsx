import { useTranslation } from 'react-i18next';
import { VIDEO_EMBED_HOSTS, type VideoKind } from '@pitchside/shared/content';
import type { CmsAction } from '../hooks/use-cms-action.ts';
import { SelectField, TextField } from './cms-fields.tsx';

export const VIDEO_FIELDS = ['video.kind', 'video.url', 'video'] as const;

/** How a video plays (HLS, MP4 or a video host's player) and its address; the hint names the hosts allowed. */
export function VideoFields({
  kind,
  url,
  onKind,
  onUrl,
  action,
}: {
  kind: VideoKind;
  url: string;
  onKind: (kind: VideoKind) => void;
  onUrl: (url: string) => void;
  action: CmsAction;
}) {
  const { t } = useTranslation('cms');
  return (
    <fieldset className="cms-fieldset">
      <legend>{t('fields.video')}</legend>
      <SelectField
        label={t('fields.videoKind')}
        name="video.kind"
        value={kind}
        onValue={onKind}
        options={(['hls', 'mp4', 'embed'] as const).map((value) => ({
          value,
          label: t(`videoKind.${value}`),
        }))}
        error={action.fieldError('video.kind')}
      />
      <TextField
        label={t('fields.videoUrl')}
        name="video.url"
        type="url"
        value={url}
        onValue={onUrl}
        hint={
          kind === 'embed'
            ? t('fields.embedHint', { hosts: VIDEO_EMBED_HOSTS.join(', ') })
            : t('fields.videoUrlHint')
        }
        error={action.fieldError('video.url') ?? action.fieldError('video')}
      />
    </fieldset>
  );
}

/** '' is "none" in a form; the API says null. */
export const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());
/** A whole number from a form field, null when left empty (the API refuses anything else with its issue). */
export const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value));
