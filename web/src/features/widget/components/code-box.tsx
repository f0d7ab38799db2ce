import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface CodeBoxProps {
  label: string;
  hint: string;
  code: string;
  testId: string;
}

/**
 * One snippet to copy: plain text in a <pre>, so it can be selected and copied by hand too, and a copy
 * button that says when it worked.
 */
export function CodeBox({ label, hint, code, testId }: CodeBoxProps) {
  const { t } = useTranslation('widget');
  const id = useId();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => setCopied(false), [code]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 3000);
    } catch {
      // No clipboard permission: the code stays selectable in the box.
      setCopied(false);
    }
  };

  return (
    <div className="widget-code">
      <h3 className="widget-code__label" id={`${id}-label`}>
        {label}
      </h3>
      <p className="widget-code__hint">{hint}</p>
      <pre aria-labelledby={`${id}-label`} tabIndex={0} data-testid={testId}>
        <code>{code}</code>
      </pre>
      <button type="button" className="widget-button" onClick={() => void copy()}>
        {t('copy')}
      </button>
      <span className="widget-code__copied" role="status">
        {copied ? t('copied') : ''}
      </span>
    </div>
  );
}
