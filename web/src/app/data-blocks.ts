/**
 * The ids of the JSON data blocks a server-rendered page carries (not executed, so the
 * Content-Security-Policy needs no inline script). Kept apart from document.tsx so the entry script can
 * read them without loading React.
 */
export const BOOT_DATA_ID = 'pitchside-boot';
export const ROUTER_DATA_ID = 'pitchside-router';
/**
 * The page's messages (the namespaces its render used), a data block the server adds after the document
 * rendered (entry-server.tsx); the browser reads it and takes it out before hydrating, so React never
 * sees it.
 */
export const MESSAGES_DATA_ID = 'pitchside-messages';
