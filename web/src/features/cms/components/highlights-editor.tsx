import { useTranslation } from 'react-i18next';
import { deleteHighlight, listHighlights, putHighlight, type AdminHighlight } from '../api/cms-api.ts';
import { useCmsForm } from '../hooks/use-cms-form.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { CatalogueSection, type FormProps } from './catalogue-section.tsx';
import { KeyField, SelectField, TextField } from './cms-fields.tsx';
import { EditorForm } from './editor-form.tsx';
import { matchName, usePickableMatches } from './match-picker.tsx';
import { numberOrNull, orNull, VIDEO_FIELDS, VideoFields } from './video-fields.tsx';

const FIELDS = ['id', 'matchId', 'title', 'posterUrl', 'durationS', 'publishedAt', ...VIDEO_FIELDS];

/** Highlights: match clips and compilations (PUT /api/admin/content/highlights/:id creates or replaces). */
export function HighlightsEditor() {
  const { t } = useTranslation('cms');
  const list = useCmsList(listHighlights);
  return (
    <CatalogueSection<AdminHighlight>
      catalogue="highlights"
      list={list}
      keyOf={(h) => h.id}
      nameOf={(h) => h.title}
      columns={[
        { header: t('fields.title'), cell: (h) => h.title },
        { header: t('fields.matchId'), cell: (h) => h.matchId ?? t('highlights.compilation') },
        { header: t('fields.videoKind'), cell: (h) => t(`videoKind.${h.video.kind}`) },
        { header: t('fields.id'), cell: (h) => <code>{h.id}</code> },
      ]}
      remove={(h) => deleteHighlight(h.id)}
      renderForm={(props) => <HighlightForm {...props} />}
    />
  );
}

function HighlightForm({ item, onSaved }: FormProps<AdminHighlight>) {
  const { t } = useTranslation('cms');
  const matches = usePickableMatches();
  const form = useCmsForm(
    {
      id: item?.id ?? '',
      matchId: item?.matchId ?? '',
      title: item?.title ?? '',
      'video.kind': item?.video.kind ?? 'hls',
      'video.url': item?.video.url ?? '',
      posterUrl: item?.posterUrl ?? '',
      durationS: item?.durationS?.toString() ?? '',
    },
    FIELDS,
  );
  const v = form.values;
  const key = v.id.trim();

  const matchOptions = [
    { value: '', label: t('highlights.compilation') },
    ...(matches.items ?? []).map((entry) => ({ value: entry.match.id, label: matchName(entry) })),
  ];
  if (v.matchId && !matchOptions.some((o) => o.value === v.matchId))
    matchOptions.push({ value: v.matchId, label: v.matchId });

  return (
    <EditorForm
      form={form}
      save={() =>
        putHighlight(key, {
          matchId: orNull(v.matchId),
          title: v.title,
          video: { kind: v['video.kind'], url: v['video.url'].trim() },
          posterUrl: orNull(v.posterUrl),
          durationS: numberOrNull(v.durationS),
          ...(item ? { publishedAt: item.publishedAt } : {}),
        })
      }
      saved={t('highlights.saved')}
      onDone={() => onSaved(key)}
    >
      <KeyField locked={!!item} {...form.field('id')} />
      <SelectField label={t('fields.matchId')} options={matchOptions} {...form.field('matchId')} />
      <TextField label={t('fields.title')} {...form.field('title')} />
      <VideoFields kind={form.field('video.kind')} url={form.field('video.url')} action={form.action} />
      <TextField
        label={t('fields.posterUrl')}
        type="url"
        hint={t('fields.optional')}
        {...form.field('posterUrl')}
      />
      <TextField
        label={t('fields.durationS')}
        type="number"
        min={1}
        hint={t('fields.optional')}
        {...form.field('durationS')}
      />
    </EditorForm>
  );
}
