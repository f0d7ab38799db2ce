import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoKind } from '@pitchside/shared/content';
import { deleteMovie, listMovies, putMovie, type AdminMovie } from '../api/cms-api.ts';
import { useCmsAction } from '../hooks/use-cms-action.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { AccessField, type Access } from './access-field.tsx';
import { CatalogueSection, type FormProps } from './catalogue-section.tsx';
import { FormFooter, TextAreaField, TextField } from './cms-fields.tsx';
import { numberOrNull, orNull, VIDEO_FIELDS, VideoFields } from './video-fields.tsx';

const FIELDS = ['id', 'title', 'synopsis', 'year', 'posterUrl', 'access', 'position', ...VIDEO_FIELDS];

/** Movies: the film catalogue (PUT /api/admin/content/movies/:id creates or replaces). */
export function MoviesEditor() {
  const { t } = useTranslation('cms');
  const list = useCmsList(listMovies);
  return (
    <CatalogueSection<AdminMovie>
      list={list}
      testId="cms-movies"
      keyOf={(m) => m.id}
      nameOf={(m) => m.title}
      columns={[
        { header: t('fields.title'), cell: (m) => m.title },
        { header: t('fields.year'), cell: (m) => m.year ?? '—' },
        { header: t('fields.access'), cell: (m) => t(`access.${m.access}`) },
        { header: t('fields.position'), cell: (m) => m.position },
      ]}
      newLabel={t('movies.new')}
      newTitle={t('movies.new')}
      editTitle={(m) => t('movies.edit', { name: m.title })}
      remove={(m) => deleteMovie(m.id)}
      removed={t('movies.deleted')}
      renderForm={(props) => <MovieForm {...props} />}
    />
  );
}

function MovieForm({ item, onSaved }: FormProps<AdminMovie>) {
  const { t } = useTranslation('cms');
  const action = useCmsAction(FIELDS);
  const [id, setId] = useState(item?.id ?? '');
  const [title, setTitle] = useState(item?.title ?? '');
  const [synopsis, setSynopsis] = useState(item?.synopsis ?? '');
  const [year, setYear] = useState(item?.year?.toString() ?? '');
  const [posterUrl, setPosterUrl] = useState(item?.posterUrl ?? '');
  const [access, setAccess] = useState<Access>(item?.access ?? 'free');
  const [kind, setKind] = useState<VideoKind>(item?.video.kind ?? 'hls');
  const [url, setUrl] = useState(item?.video.url ?? '');
  const [position, setPosition] = useState(String(item?.position ?? 0));

  const save = (event: FormEvent) => {
    event.preventDefault();
    const key = id.trim();
    void action
      .run(
        () =>
          putMovie(key, {
            title,
            synopsis,
            year: numberOrNull(year),
            posterUrl: orNull(posterUrl),
            access,
            video: { kind, url: url.trim() },
            position: numberOrNull(position) ?? 0,
          }).then(() => {}),
        t('movies.saved'),
      )
      .then((ok) => ok && onSaved(key));
  };

  return (
    <form className="auth-form" onSubmit={save} noValidate>
      <TextField
        label={t('fields.id')}
        name="id"
        value={id}
        onValue={setId}
        readOnly={!!item}
        hint={t('fields.slugHint')}
        error={action.fieldError('id')}
      />
      <TextField
        label={t('fields.title')}
        name="title"
        value={title}
        onValue={setTitle}
        error={action.fieldError('title')}
      />
      <TextAreaField
        label={t('fields.synopsis')}
        name="synopsis"
        value={synopsis}
        onValue={setSynopsis}
        rows={3}
        error={action.fieldError('synopsis')}
      />
      <TextField
        label={t('fields.year')}
        name="year"
        type="number"
        value={year}
        onValue={setYear}
        hint={t('fields.optional')}
        error={action.fieldError('year')}
      />
      <TextField
        label={t('fields.posterUrl')}
        name="posterUrl"
        type="url"
        value={posterUrl}
        onValue={setPosterUrl}
        hint={t('fields.optional')}
        error={action.fieldError('posterUrl')}
      />
      <AccessField value={access} onValue={setAccess} action={action} />
      <VideoFields kind={kind} url={url} onKind={setKind} onUrl={setUrl} action={action} />
      <TextField
        label={t('fields.position')}
        name="position"
        type="number"
        min={0}
        value={position}
        onValue={setPosition}
        hint={t('fields.positionHint')}
        error={action.fieldError('position')}
      />
      <FormFooter action={action} submitLabel={t('actions.save')} shownFields={FIELDS} />
    </form>
  );
}
