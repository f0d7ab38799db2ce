import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@pitchside/shared/constants';
import { SelectField } from './cms-fields.tsx';

/** Each language by its name in the operator's own language ("German", "Deutsch"...). */
export function useLanguageOptions(): { value: Language; label: string }[] {
  const { i18n } = useTranslation('cms');
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([i18n.language], { type: 'language' });
    } catch {
      names = null;
    }
    return LANGUAGES.map((value) => ({ value, label: `${names?.of(value) ?? value} (${value})` }));
  }, [i18n.language]);
}

export function LanguageField({
  value,
  onValue,
  name = 'lang',
}: {
  value: Language;
  onValue: (value: Language) => void;
  name?: string;
}) {
  const { t } = useTranslation('cms');
  return (
    <SelectField
      label={t('fields.language')}
      name={name}
      value={value}
      onValue={onValue}
      options={useLanguageOptions()}
    />
  );
}
