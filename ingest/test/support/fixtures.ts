/** The project's provider fixtures (ingest/test/fixtures): read where the recorded peer reads them too. */
export * from '../../src/providers/testing/project-fixtures.ts';
