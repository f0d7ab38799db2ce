import { useTranslation } from 'react-i18next';
import { deleteMovie, listMovies, putMovie, type AdminMovie } from '../api/cms-api.ts';
import { useCmsForm } from '../hooks/use-cms-form.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { AccessField } from './access-field.tsx';
import { CatalogueSection, type FormProps } from './catalogue-section.tsx';
import { KeyField, PositionField, TextAreaField, TextField } from './cms-fields.tsx';
import { EditorForm } from './editor-form.tsx';
import { numberOrNull, orNull, VIDEO_FIELDS, VideoFields } from './video-fields.tsx';

const FIELDS = ['id', 'title', 'synopsis', 'year', 'posterUrl', 'access', 'position', ...VIDEO_FIELDS];

/** Movies: the film catalogue (PUT /api/admin/content/movies/:id creates or replaces). */
export function MoviesEditor() {
  const { t } = useTranslation('cms');
  const list = useCmsList(listMovies);
  return (
    <CatalogueSection<AdminMovie>
      catalogue="movies"
      list={list}
      keyOf={(m) => m.id}
      nameOf={(m) => m.title}
      columns={[
        { header: t('fields.title'), cell: (m) => m.title },
        { header: t('fields.year'), cell: (m) => m.year ?? '—' },
        { header: t('fields.access'), cell: (m) => t(`access.${m.access}`) },
        { header: t('fields.position'), cell: (m) => m.position },
      ]}
      remove={(m) => deleteMovie(m.id)}
      renderForm={(props) => <MovieForm {...props} />}
    />
  );
}

function MovieForm({ item, onSaved }: FormProps<AdminMovie>) {
  const { t } = useTranslation('cms');
  const form = useCmsForm(
    {
      id: item?.id ?? '',
      title: item?.title ?? '',
      synopsis: item?.synopsis ?? '',
      year: item?.year?.toString() ?? '',
      posterUrl: item?.posterUrl ?? '',
      access: item?.access ?? 'free',
      'video.kind': item?.video.kind ?? 'hls',
      'video.url': item?.video.url ?? '',
      position: String(item?.position ?? 0),
    },
    FIELDS,
  );
  const v = form.values;
  const key = v.id.trim();

  return (
    <EditorForm
      form={form}
      save={() =>
        putMovie(key, {
          title: v.title,
          synopsis: v.synopsis,
          year: numberOrNull(v.year),
          posterUrl: orNull(v.posterUrl),
          access: v.access,
          video: { kind: v['video.kind'], url: v['video.url'].trim() },
          position: numberOrNull(v.position) ?? 0,
        })
      }
      saved={t('movies.saved')}
      onDone={() => onSaved(key)}
    >
      <KeyField locked={!!item} {...form.field('id')} />
      <TextField label={t('fields.title')} {...form.field('title')} />
      <TextAreaField label={t('fields.synopsis')} rows={3} {...form.field('synopsis')} />
      <TextField label={t('fields.year')} type="number" hint={t('fields.optional')} {...form.field('year')} />
      <TextField
        label={t('fields.posterUrl')}
        type="url"
        hint={t('fields.optional')}
        {...form.field('posterUrl')}
      />
      <AccessField {...form.field('access')} />
      <VideoFields kind={form.field('video.kind')} url={form.field('video.url')} action={form.action} />
      <PositionField {...form.field('position')} />
    </EditorForm>
  );
}
