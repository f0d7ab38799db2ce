import type { PageText } from '@pitchside/shared/content';
import { ContentPage } from '../features/content/components/content-page.tsx';
import { RenderedHtml } from '../features/media/components/rendered-html.tsx';
import '../features/media/media.css';

/** A static page with the operators' text in place of the built-in one: their title and rendered body. */
export function OperatorPage({
  text,
  to,
  supportEmail,
}: {
  text: PageText;
  to: (path: string) => string;
  supportEmail: string;
}) {
  return (
    <div data-testid="operator-page" data-page={text.page}>
      <ContentPage title={text.title} to={to} supportEmail={supportEmail}>
        <RenderedHtml html={text.bodyHtml} testId="operator-text" />
      </ContentPage>
    </div>
  );
}
