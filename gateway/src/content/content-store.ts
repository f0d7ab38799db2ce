import type { Db } from '../db/db.ts';
import { ContentChanges } from './content-changes.ts';
import type { ContentHub } from './content-hub.ts';
import { GuideStore } from './guide-store.ts';
import { HighlightStore } from './highlight-store.ts';
import { HotPinStore } from './hot-pin-store.ts';
import { MovieStore } from './movie-store.ts';
import { PageTextStore } from './page-text-store.ts';
import { StreamSourceStore } from './stream-source-store.ts';
import { TvChannelStore } from './tv-channel-store.ts';

/**
 * Operator-managed content (issue 6), one store per kind: the public reads and the admin writes, each write
 * in one transaction with its audit row, announced on the content channel once committed (content-changes.ts).
 */
export class ContentStore {
  readonly hotPins: HotPinStore;
  readonly streamSources: StreamSourceStore;
  readonly highlights: HighlightStore;
  readonly movies: MovieStore;
  readonly tv: TvChannelStore;
  readonly guides: GuideStore;
  readonly pages: PageTextStore;

  constructor(db: Db, hub: ContentHub) {
    const changes = new ContentChanges(db, hub);
    this.hotPins = new HotPinStore(changes);
    this.streamSources = new StreamSourceStore(changes);
    this.highlights = new HighlightStore(changes);
    this.movies = new MovieStore(changes);
    this.tv = new TvChannelStore(changes);
    this.guides = new GuideStore(changes);
    this.pages = new PageTextStore(changes);
  }
}
