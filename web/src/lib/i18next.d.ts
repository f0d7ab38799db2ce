import 'i18next';
import type account from '../locales/en/account.json';
import type common from '../locales/en/common.json';
import type content from '../locales/en/content.json';
import type explore from '../locales/en/explore.json';
import type match from '../locales/en/match.json';
import type matches from '../locales/en/matches.json';
import type pages from '../locales/en/pages.json';
import type media from '../locales/en/media.json';
import type widget from '../locales/en/widget.json';
import type cms from '../locales/en/cms.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      matches: typeof matches;
      match: typeof match;
      pages: typeof pages;
      content: typeof content;
      explore: typeof explore;
      account: typeof account;
      media: typeof media;
      widget: typeof widget;
      cms: typeof cms;
    };
  }
}
