/**
 * The embed's words in the ten languages, read from the website's own message files (web/src/locales:
 * the `widget` namespace, and `common`'s clock labels and outcome sentences the site's lists use), so a translation is made
 * once and checked once (web/src/locales/locales.test.ts). Read once at startup; English fills any gap.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pitchside/shared/constants';
import type { OutcomeMessages } from '@pitchside/shared/domain';
import { WEB_LOCALES_DIR } from '../lib/web-package.ts';

/** The website's message files (`@pitchside/web`'s `locales`): the image ships them, as `npm start` runs it. */
export const DEFAULT_LOCALES_DIR = WEB_LOCALES_DIR;

type Scope = 'live' | 'competition' | 'team';

export interface EmbedMessages {
  liveTitle: string;
  empty: Record<Scope, string>;
  credit: string;
  newTab: string;
  frameTitle: string;
  errorTitle: string;
  errorBody: string;
  notFound: Record<Exclude<Scope, 'live'>, string>;
  errorCode: string;
  /** common:clock, the short status and minute labels ("HT", "{{minute}}'"). */
  clock: Record<string, string>;
  /** common:outcome, the sentence naming a decided match's winner and the marks beside its score. */
  outcome: OutcomeMessages;
}

type Json = Record<string, unknown>;

function readJson(dir: string, language: string, namespace: string): Json {
  try {
    return JSON.parse(readFileSync(path.join(dir, language, `${namespace}.json`), 'utf8')) as Json;
  } catch {
    return {}; // a missing file falls back to English, as on the site (SPEC 8)
  }
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objectAt = (value: unknown): Json => (isObject(value) ? value : {});

function merge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = isObject(current) && isObject(value) ? merge(current, value) : value;
  }
  return out;
}

/** Loads every language's embed messages; `messages(lang)` then answers without touching the disk. */
export function loadEmbedMessages(dir: string = DEFAULT_LOCALES_DIR): (language: Language) => EmbedMessages {
  const of = (language: string): Json => {
    const widget = readJson(dir, language, 'widget');
    const common = readJson(dir, language, 'common');
    return {
      ...objectAt(widget.embed),
      ...(typeof widget.frameTitle === 'string' && { frameTitle: widget.frameTitle }),
      clock: objectAt(common.clock),
      outcome: objectAt(common.outcome),
    };
  };
  const english = of(DEFAULT_LANGUAGE);
  const table = new Map<Language, EmbedMessages>(
    LANGUAGES.map((language) => [language, merge(english, of(language)) as unknown as EmbedMessages]),
  );
  return (language) => table.get(language) ?? (english as unknown as EmbedMessages);
}

/** i18next's `{{name}}` placeholders, filled from `values`. */
export const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
