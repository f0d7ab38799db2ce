import { useTranslation } from 'react-i18next';
import type { Language } from '@pitchside/shared/constants';
import type { CmsSection } from '../cms-sections.ts';
import { DealsEditor } from './deals-editor.tsx';
import { GuidesEditor } from './guides-editor.tsx';
import { HighlightsEditor } from './highlights-editor.tsx';
import { HotMatchesEditor } from './hot-matches-editor.tsx';
import { MoviesEditor } from './movies-editor.tsx';
import { PageTextsEditor } from './page-texts-editor.tsx';
import { PlansEditor } from './plans-editor.tsx';
import { StreamSourcesEditor } from './stream-sources-editor.tsx';
import { TvEditor } from './tv-editor.tsx';
import '../cms.css';

/** One content section of the CMS: its heading, what it is for, and its editor. */
export function CmsWorkspace({ section, language }: { section: CmsSection; language: Language }) {
  const { t } = useTranslation('cms');
  return (
    <section
      className="account-section cms-section"
      aria-labelledby="cms-section-title"
      data-section={section}
    >
      <h2 id="cms-section-title">{t(`nav.${section}`)}</h2>
      <p className="cms-muted">{t(`intro.${section}`)}</p>
      {section === 'hot-matches' && <HotMatchesEditor />}
      {section === 'streams' && <StreamSourcesEditor />}
      {section === 'highlights' && <HighlightsEditor />}
      {section === 'movies' && <MoviesEditor />}
      {section === 'tv' && <TvEditor />}
      {section === 'guides' && <GuidesEditor initialLanguage={language} />}
      {section === 'pages' && <PageTextsEditor initialLanguage={language} />}
      {section === 'plans' && <PlansEditor />}
      {section === 'deals' && <DealsEditor />}
    </section>
  );
}
