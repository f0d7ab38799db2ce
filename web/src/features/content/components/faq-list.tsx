import { RichText } from '../content-links.tsx';

export interface FaqEntry {
  question: string;
  answer: string;
}

/**
 * Questions as a native accordion (<details>/<summary>): keyboard and screen-reader support come with the
 * element, it opens without JavaScript, and every answer is in the HTML for crawlers.
 */
export function FaqList({ questions, idPrefix }: { questions: readonly FaqEntry[]; idPrefix: string }) {
  return (
    <div className="faq" data-testid="faq">
      {questions.map((entry, i) => (
        <details key={i} className="faq__item" id={`${idPrefix}-${i + 1}`} data-testid="faq-item">
          <summary className="faq__question">{entry.question}</summary>
          <div className="faq__answer">
            <p>
              <RichText text={entry.answer} />
            </p>
          </div>
        </details>
      ))}
    </div>
  );
}
