import { useTranslation } from 'react-i18next';
import { VIDEO_EMBED_HOSTS, type VideoKind } from '@pitchside/shared/content';
import type { CmsAction } from '../hooks/use-cms-action.ts';
import type { Bound } from '../hooks/use-cms-form.ts';
import { Fieldset, SelectField, TextField } from './cms-fields.tsx';

export const VIDEO_FIELDS = ['video.kind', 'video.url', 'video'] as const;

/**
 * How a video plays (HLS, MP4 or a video host's player) and its address; the hint names the hosts allowed.
 * An issue on `video` itself shows under the address.
 */
export function VideoFields({
  kind,
  url,
  action,
}: {
  kind: Bound<VideoKind>;
  url: Bound<string>;
  action: CmsAction;
}) {
  const { t } = useTranslation('cms');
  return (
    <Fieldset legend={t('fields.video')}>
      <SelectField
        label={t('fields.videoKind')}
        options={(['hls', 'mp4', 'embed'] as const).map((value) => ({
          value,
          label: t(`videoKind.${value}`),
        }))}
        {...kind}
      />
      <TextField
        label={t('fields.videoUrl')}
        type="url"
        hint={
          kind.value === 'embed'
            ? t('fields.embedHint', { hosts: VIDEO_EMBED_HOSTS.join(', ') })
            : t('fields.videoUrlHint')
        }
        {...url}
        error={url.error ?? action.fieldError('video')}
      />
    </Fieldset>
  );
}

/** '' is "none" in a form; the API says null. */
export const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());
/** A whole number from a form field, null when left empty (the API refuses anything else with its issue). */
export const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value));
