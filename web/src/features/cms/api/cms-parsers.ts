import '../../../lib/zod-browser.ts';
import { z } from 'zod';
import {
  AdminGuideSchema,
  AdminHighlightSchema,
  AdminMovieSchema,
  AdminPageTextSchema,
  AdminStreamSourceSchema,
  AdminTvChannelSchema,
  GuideSchema,
  HotPinsSchema,
  PageTextSchema,
} from '@pitchside/shared/content';
import { AdminDealSchema, AdminPlanSchema } from '@pitchside/shared/payments';
import { ScoreboardEntrySchema } from '@pitchside/shared/protocol';

/**
 * The parsers of the CMS's answers, built from shared's schemas (shared/src/content, shared/src/payments).
 * Only the CMS pages import this module, so zod stays out of every visitor's page.
 */
export {
  AdminGuideSchema,
  AdminHighlightSchema,
  AdminMovieSchema,
  AdminTvChannelSchema,
  AdminPageTextSchema,
  AdminStreamSourceSchema,
  AdminDealSchema,
  AdminPlanSchema,
  GuideSchema,
  HotPinsSchema,
  PageTextSchema,
};
export const AdminHighlightsSchema = AdminHighlightSchema.array();
export const AdminMoviesSchema = AdminMovieSchema.array();
export const AdminTvChannelsSchema = AdminTvChannelSchema.array();
export const AdminGuidesSchema = AdminGuideSchema.array();
export const AdminPageTextsSchema = AdminPageTextSchema.array();
export const AdminStreamSourcesSchema = AdminStreamSourceSchema.array();
export const AdminPlansSchema = AdminPlanSchema.array();
export const AdminDealsSchema = AdminDealSchema.array();

/** A match list read item by item: one entry the site cannot read is left out, not the whole list. */
export const TolerantEntriesSchema = z.array(z.unknown()).transform((items) =>
  items.flatMap((item) => {
    const parsed = ScoreboardEntrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  }),
);

/** Answers the CMS only waits for (a save that is followed by a fresh list): taken as they come. */
export const AnySchema = z.unknown();
