/**
 * Operator-written text (a guide, a page text) as the gateway rendered it from markdown: inert HTML (no raw
 * HTML, no script or event attributes, links only http(s)/mailto, images only https; see
 * shared/src/content). It is inserted as given: the browser never renders markdown itself.
 */
export function RenderedHtml({ html, testId }: { html: string; testId?: string }) {
  return <div className="rendered-html" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
