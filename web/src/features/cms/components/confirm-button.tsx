import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsAction } from '../hooks/use-cms-action.ts';

/**
 * A destructive action asked twice: the first press shows "Delete {name}?" with the real button and a
 * cancel, and moves focus to the real one (Escape or Cancel puts it back), so a keyboard user gets the
 * same confirmation as a mouse user and nothing is deleted by a stray click.
 */
interface ConfirmButtonProps {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  testId?: string;
}

export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  disabled,
  testId,
}: ConfirmButtonProps) {
  const { t } = useTranslation('cms');
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) openRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking)
    return (
      <button
        ref={openRef}
        type="button"
        className="auth-button auth-button--danger"
        disabled={disabled}
        onClick={() => setAsking(true)}
        data-testid={testId}
      >
        {label}
      </button>
    );
  return (
    <span
      className="cms-confirm"
      role="group"
      aria-label={question}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setAsking(false);
      }}
    >
      <span className="cms-confirm__question">{question}</span>
      <button
        ref={confirmRef}
        type="button"
        className="auth-button auth-button--danger"
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
        data-testid={testId ? `${testId}-confirm` : undefined}
      >
        {confirmLabel}
      </button>
      <button type="button" className="auth-button" onClick={() => setAsking(false)}>
        {t('actions.cancel')}
      </button>
    </span>
  );
}

/**
 * A ConfirmButton whose confirmation runs `task` through `action` (delete, retire, reset): disabled while
 * the action runs, `success` as its notice, `onDone` once it worked.
 */
export function ConfirmedAction({
  action,
  task,
  success,
  onDone,
  ...button
}: Omit<ConfirmButtonProps, 'onConfirm' | 'disabled'> & {
  action: CmsAction;
  task: () => Promise<unknown>;
  success: string;
  onDone: () => void;
}) {
  return (
    <ConfirmButton
      {...button}
      disabled={action.saving}
      onConfirm={() => void action.run(task, success, onDone)}
    />
  );
}
